import type { ContentMetadataUpdateStruct, ContentUpdateStruct, FieldInput } from '../../api/structs/content-structs.js';
import type { ServiceContext } from '../service-context.js';
import { createContentDraft } from '../content/drafts.js';
import { publishVersion } from '../content/publish-version.js';
import { updateContent } from '../content/update-content.js';
import { updateContentMetadata } from '../content/update-metadata.js';

/** What a user or group update changes: fields through a new version, then metadata. */
export interface VersionedUpdate {
  readonly contentUpdateStruct?: ContentUpdateStruct;
  readonly contentMetadataUpdateStruct?: ContentMetadataUpdateStruct;
}

const hasMembers = (struct: object | undefined): boolean => struct !== undefined && Object.keys(struct).length > 0;

/**
 * Applies an update to a user or group as Ibexa's `updateUser`/`updateUserGroup` do: when fields change, a new
 * draft of the current version is created, updated and published (`content/edit`, `content/publish`); then the
 * metadata is updated (`content/edit`, `section/assign`). `extraFields` (the account field of a user) join the
 * struct's fields. Runs on `tx`, the caller's transaction.
 */
export async function updateThroughNewVersion(
  tx: ServiceContext,
  contentId: number,
  update: VersionedUpdate,
  extraFields: readonly FieldInput[] = [],
): Promise<void> {
  const fields = [...(update.contentUpdateStruct?.fields ?? []), ...extraFields];
  const initialLanguageCode = update.contentUpdateStruct?.initialLanguageCode;
  if (fields.length > 0 || initialLanguageCode !== undefined) {
    const draft = await createContentDraft(tx, contentId);
    const versionNo = draft.versionInfo.versionNo;
    await updateContent(tx, contentId, versionNo, { fields, ...(initialLanguageCode === undefined ? {} : { initialLanguageCode }) });
    await publishVersion(tx, contentId, versionNo);
  }
  if (update.contentMetadataUpdateStruct && hasMembers(update.contentMetadataUpdateStruct)) {
    await updateContentMetadata(tx, contentId, update.contentMetadataUpdateStruct);
  }
}

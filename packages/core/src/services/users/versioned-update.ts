import type { ContentMetadataUpdateStruct, ContentUpdateStruct, FieldInput } from '../../api/structs/content-structs.js';
import type { ServiceContext } from '../service-context.js';
import { requireContentInfo } from '../content/content-reads.js';
import { underContentLock } from '../content/content-writes-support.js';
import { createContentDraft } from '../content/drafts.js';
import { FieldPreparation, withFieldPreparation } from '../content/prepare-values.js';
import { publishVersion } from '../content/publish-version.js';
import { prepareContentUpdate, updateContent } from '../content/update-content.js';
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
 * metadata is updated (`content/edit`, `section/assign`). One transaction, under the item's lock.
 *
 * `fieldsOf(context)` gives the fields to change besides the struct's (the account field of a user), computed
 * from what `context` reads: first before the transaction, where every check is made and the slow work done
 * (files stored, passwords hashed), then inside it from the item as committed, so that members a concurrent
 * update changed are not overwritten with what was read before.
 */
export function updateThroughNewVersion(
  context: ServiceContext,
  contentId: number,
  update: VersionedUpdate,
  fieldsOf: (context: ServiceContext) => Promise<readonly FieldInput[]> = () => Promise.resolve([]),
): Promise<void> {
  return withFieldPreparation(context, async (preparation) => {
    const contentInfo = await requireContentInfo(context, contentId);
    const fields = fieldUpdate(update, await fieldsOf(context));
    if (fields) await prepareContentUpdate(context, contentId, contentInfo.currentVersionNo, fields, preparation);
    await underContentLock(context, contentInfo, async (tx) => applyUpdate(tx, contentId, update, await fieldsOf(tx), preparation));
  });
}

/** The update of the new version's fields, or null when no field changes. */
function fieldUpdate(update: VersionedUpdate, extraFields: readonly FieldInput[]): ContentUpdateStruct | null {
  const fields = [...(update.contentUpdateStruct?.fields ?? []), ...extraFields];
  const initialLanguageCode = update.contentUpdateStruct?.initialLanguageCode;
  if (fields.length === 0 && initialLanguageCode === undefined) return null;
  return { fields, ...(initialLanguageCode === undefined ? {} : { initialLanguageCode }) };
}

/** The update, inside its transaction (`tx`): new version when fields change, then metadata. */
async function applyUpdate(
  tx: ServiceContext,
  contentId: number,
  update: VersionedUpdate,
  extraFields: readonly FieldInput[],
  preparation: FieldPreparation,
): Promise<void> {
  const fields = fieldUpdate(update, extraFields);
  if (fields) {
    const draft = await createContentDraft(tx, contentId);
    const versionNo = draft.versionInfo.versionNo;
    await updateContent(tx, contentId, versionNo, fields, preparation);
    await publishVersion(tx, contentId, versionNo);
  }
  if (update.contentMetadataUpdateStruct && hasMembers(update.contentMetadataUpdateStruct)) {
    await updateContentMetadata(tx, contentId, update.contentMetadataUpdateStruct);
  }
}

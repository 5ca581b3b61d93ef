import { useContext, useState } from 'preact/hooks';
import { deleteVersion, loadContentInfo, loadContentType, loadVersion, publishVersion, updateDraft } from '../api/content-api.js';
import { idOf } from '../api/wire-types.js';
import { navigate } from '../history-router.js';
import { TreeChangeContext } from '../session-context.js';
import { useAsync } from '../use-async.js';
import { ErrorMessage } from './error-message.js';
import { FieldForm, fieldInputs, type FieldChanges } from './field-form.js';
import { Link } from './link.js';

async function loadDraft(contentId: number, versionNo: number) {
  const [info, version] = await Promise.all([loadContentInfo(contentId), loadVersion(contentId, versionNo)]);
  const contentType = await loadContentType(idOf(info.ContentType));
  return { info, version, contentType };
}

/**
 * Editing a draft: the fields' editors, "Save draft" (a VersionUpdate of the changed fields), "Publish" (save, then
 * publish) and "Discard draft" (delete the version). Validation errors appear beside their fields.
 */
export function EditPage(props: { readonly contentId: number; readonly versionNo: number }) {
  const tree = useContext(TreeChangeContext);
  const [draft, reloadDraft] = useAsync(() => loadDraft(props.contentId, props.versionNo), [props.contentId, props.versionNo]);
  const [changes, setChanges] = useState<FieldChanges>(new Map());
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  if (draft.state === 'loading') return <p class="muted">Loading…</p>;
  if (draft.state === 'failed') return <ErrorMessage error={draft.error} />;
  const { info, version, contentType } = draft.value;
  const languageCode = version.VersionInfo.initialLanguageCode;
  const stored = new Map(version.Fields.field.filter((field) => field.languageCode === languageCode).map((field) => [field.fieldDefinitionIdentifier, field.fieldValue]));
  const run = async (label: string, action: () => Promise<void>): Promise<void> => {
    setBusy(label);
    setError(undefined);
    setSaved(false);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(undefined);
    }
  };
  const save = async (): Promise<void> => {
    if (changes.size > 0) await updateDraft(props.contentId, props.versionNo, fieldInputs(changes, languageCode));
  };
  if (version.VersionInfo.status !== 'DRAFT') {
    return (
      <div class="card">
        <p>Version {props.versionNo} is {version.VersionInfo.status.toLowerCase()}, not a draft: only drafts are edited.</p>
        <Link to={`/content/${props.contentId}`}>Back to {info.Name}</Link>
      </div>
    );
  }
  return (
    <form
      class="edit-page"
      onSubmit={(event) => {
        event.preventDefault();
        void run('publish', async () => {
          await save();
          await publishVersion(props.contentId, props.versionNo);
          const mainLocationId = idOf(info.MainLocation);
          if (Number.isFinite(mainLocationId)) tree.announce([mainLocationId]);
          navigate(`/content/${props.contentId}`);
        });
      }}
    >
      <header class="page-head">
        <div>
          <p class="eyebrow">Editing draft · version {props.versionNo} · {languageCode}</p>
          <h1>{info.Name}</h1>
        </div>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy !== undefined}>
            {busy === 'publish' ? 'Publishing…' : 'Publish'}
          </button>
          <button
            type="button"
            disabled={busy !== undefined}
            onClick={() =>
              void run('save', async () => {
                await save();
                setChanges(new Map());
                reloadDraft();
                setSaved(true);
              })
            }
          >
            {busy === 'save' ? 'Saving…' : 'Save draft'}
          </button>
          <button
            type="button"
            class="danger"
            disabled={busy !== undefined}
            onClick={() =>
              void run('discard', async () => {
                await deleteVersion(props.contentId, props.versionNo);
                navigate(`/content/${props.contentId}`);
              })
            }
          >
            Discard draft
          </button>
        </div>
      </header>
      <ErrorMessage error={error} />
      {saved ? (
        <p class="notice" role="status">
          Draft saved.
        </p>
      ) : null}
      <div class="card">
        <FieldForm
          definitions={contentType.FieldDefinitions?.FieldDefinition ?? []}
          stored={stored}
          changes={changes}
          onChange={(identifier, value) => setChanges(new Map(changes).set(identifier, value))}
          error={error}
          languageCode={languageCode}
        />
      </div>
    </form>
  );
}

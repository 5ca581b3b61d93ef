import { useContext, useState } from 'preact/hooks';
import { createContent, loadContentType, loadLocation, publishVersion } from '../api/content-api.js';
import { translated } from '../api/wire-types.js';
import { navigate } from '../history-router.js';
import { TreeChangeContext } from '../session-context.js';
import { useAsync } from '../use-async.js';
import { pathIds } from './content-page.js';
import { ErrorMessage } from './error-message.js';
import { FieldForm, fieldInputs, type FieldChanges } from './field-form.js';

/**
 * Creating content of a type under a location: the type's fields, empty; "Publish" creates the draft
 * (ContentCreate) and publishes it, "Save draft" creates it and opens it for editing. The API checks required
 * fields and values; its messages appear beside the fields.
 */
export function CreatePage(props: { readonly parentLocationId: number; readonly contentTypeId: number }) {
  const tree = useContext(TreeChangeContext);
  const [setup] = useAsync(async () => {
    const [parent, contentType] = await Promise.all([loadLocation(props.parentLocationId), loadContentType(props.contentTypeId)]);
    return { parent, contentType };
  }, [props.parentLocationId, props.contentTypeId]);
  const [changes, setChanges] = useState<FieldChanges>(new Map());
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  if (setup.state === 'loading') return <p class="muted">Loading…</p>;
  if (setup.state === 'failed') return <ErrorMessage error={setup.error} />;
  const { parent, contentType } = setup.value;
  const languageCode = contentType.mainLanguageCode;
  const definitions = contentType.FieldDefinitions?.FieldDefinition ?? [];
  // The form starts from the definitions' default values (Ibexa's create form does too); only changed fields are sent.
  const defaults = new Map(definitions.map((definition) => [definition.identifier, definition.defaultValue ?? null]));
  const create = async (publish: boolean): Promise<void> => {
    setBusy(true);
    setError(undefined);
    try {
      const content = await createContent(contentType, parent, languageCode, fieldInputs(changes, languageCode));
      if (publish) {
        await publishVersion(content._id, 1);
        tree.announce(pathIds(parent));
        navigate(`/content/${content._id}`);
      } else {
        navigate(`/content/${content._id}/versions/1/edit`);
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="edit-page"
      onSubmit={(event) => {
        event.preventDefault();
        void create(true);
      }}
    >
      <header class="page-head">
        <div>
          <p class="eyebrow">
            New {translated(contentType.names, languageCode) || contentType.identifier} under {parent.ContentInfo.Content.Name}
          </p>
          <h1>Create {translated(contentType.names, languageCode) || contentType.identifier}</h1>
        </div>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Publish
          </button>
          <button type="button" disabled={busy} onClick={() => void create(false)}>
            Save draft
          </button>
          <button type="button" disabled={busy} onClick={() => history.back()}>
            Cancel
          </button>
        </div>
      </header>
      <ErrorMessage error={error} />
      <div class="card">
        <FieldForm
          definitions={definitions}
          stored={defaults}
          changes={changes}
          onChange={(identifier, value) => setChanges(new Map(changes).set(identifier, value))}
          error={error}
          languageCode={languageCode}
        />
      </div>
    </form>
  );
}

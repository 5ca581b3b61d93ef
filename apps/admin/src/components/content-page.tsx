import { useContext, useState } from 'preact/hooks';
import { createDraft, deleteVersion, loadContent, loadContentLocations, loadContentType, loadContentTypes, loadVersions } from '../api/content-api.js';
import { trashLocation } from '../api/location-api.js';
import { may } from '../api/session-api.js';
import { idOf, translated, type Content, type ContentType, type Location, type VersionInfo } from '../api/wire-types.js';
import { navigate } from '../history-router.js';
import { TreeChangeContext, useUser } from '../session-context.js';
import { useAsync } from '../use-async.js';
import { ErrorMessage } from './error-message.js';
import { fieldTypePlugin } from './field-types.js';
import { Link } from './link.js';

interface ContentScreen {
  readonly content: Content;
  readonly contentType: ContentType;
  readonly versions: readonly VersionInfo[];
  readonly locations: readonly Location[];
}

async function loadScreen(contentId: number): Promise<ContentScreen> {
  const content = await loadContent(contentId);
  const [contentType, versions, locations] = await Promise.all([loadContentType(idOf(content.ContentType)), loadVersions(contentId), loadContentLocations(contentId)]);
  return { content, contentType, versions, locations };
}

const formatDate = (iso: string): string => new Date(iso).toLocaleString();

/**
 * A content item: its published fields rendered per field type, its versions (with their status; drafts can be
 * edited or discarded), translations and locations, and the actions the user's policies allow: edit, create a child,
 * send to trash.
 */
export function ContentPage(props: { readonly contentId: number }) {
  const user = useUser();
  const tree = useContext(TreeChangeContext);
  const [screen, reload] = useAsync(() => loadScreen(props.contentId), [props.contentId]);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>): Promise<void> => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  if (screen.state === 'loading') return <p class="muted">Loading…</p>;
  if (screen.state === 'failed') return <ErrorMessage error={screen.error} />;
  const { content, contentType, versions, locations } = screen.value;
  const version = content.CurrentVersion?.Version;
  const definitions = [...(contentType.FieldDefinitions?.FieldDefinition ?? [])].sort((a, b) => a.position - b.position);
  const mainLocationId = idOf(content.MainLocation);
  const mainLocation = locations.find((location) => location.id === mainLocationId) ?? locations[0];
  const languages = version?.VersionInfo.languageCodes.split(',').filter(Boolean) ?? [];
  const language = content.mainLanguageCode;
  return (
    <article class="content-page" data-content-id={content._id}>
      <header class="page-head">
        <div>
          <p class="eyebrow">{translated(contentType.names, language) || contentType.identifier}</p>
          <h1>{content.Name}</h1>
          <p class="muted">
            Content {content._id} · version {content.currentVersionNo} · modified {formatDate(content.lastModificationDate)}
            {content.isHidden ? ' · hidden' : ''}
          </p>
        </div>
        <div class="actions">
          {may(user, 'content', 'edit') ? (
            <button
              type="button"
              class="primary"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  const draft = await createDraft(content._id);
                  navigate(`/content/${content._id}/versions/${draft.VersionInfo.versionNo}/edit`);
                })
              }
            >
              Edit
            </button>
          ) : null}
          {may(user, 'content', 'create') && mainLocation && contentType.isContainer !== false ? <CreateMenu parent={mainLocation} /> : null}
          {may(user, 'content', 'remove') && mainLocation && mainLocation.depth > 1 ? (
            <button
              type="button"
              class="danger"
              disabled={busy}
              onClick={() =>
                void act(async () => {
                  if (!confirm(`Send “${content.Name}” and everything below it to the trash?`)) return;
                  await trashLocation(mainLocation);
                  tree.announce(pathIds(mainLocation).slice(0, -1));
                  navigate('/trash');
                })
              }
            >
              Send to trash
            </button>
          ) : null}
        </div>
      </header>
      <ErrorMessage error={error} />
      <section class="card">
        <h2>Fields</h2>
        <dl class="fields">
          {definitions.map((definition) => {
            const field = version?.Fields.field.find((candidate) => candidate.fieldDefinitionIdentifier === definition.identifier && candidate.languageCode === language) ?? version?.Fields.field.find((candidate) => candidate.fieldDefinitionIdentifier === definition.identifier);
            return (
              <div class="field" data-field={definition.identifier} key={definition.identifier}>
                <dt>
                  {translated(definition.names, language) || definition.identifier} <span class="type">{definition.fieldType}</span>
                </dt>
                <dd>{fieldTypePlugin(definition.fieldType).view(field?.fieldValue ?? null, definition)}</dd>
              </div>
            );
          })}
        </dl>
      </section>
      <div class="columns">
        <section class="card">
          <h2>Versions</h2>
          <table class="versions">
            <thead>
              <tr>
                <th>No.</th>
                <th>Status</th>
                <th>Languages</th>
                <th>Modified</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {[...versions].reverse().map((info) => (
                <tr key={info.versionNo} data-version={info.versionNo}>
                  <td>{info.versionNo}</td>
                  <td>
                    <span class={`status status-${info.status.toLowerCase()}`}>{info.status}</span>
                  </td>
                  <td>{info.languageCodes}</td>
                  <td>{formatDate(info.modificationDate)}</td>
                  <td class="row-actions">
                    {info.status === 'DRAFT' && may(user, 'content', 'edit') ? (
                      <>
                        <Link to={`/content/${content._id}/versions/${info.versionNo}/edit`}>Edit</Link>
                        <button
                          type="button"
                          class="link danger"
                          disabled={busy}
                          onClick={() =>
                            void act(async () => {
                              await deleteVersion(content._id, info.versionNo);
                              reload();
                            })
                          }
                        >
                          Discard
                        </button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section class="card">
          <h2>Translations</h2>
          <ul class="plain">
            {languages.map((code) => (
              <li key={code}>
                <code>{code}</code> {translated(version?.VersionInfo.names, code)}
                {code === content.mainLanguageCode ? <span class="badge">main</span> : null}
              </li>
            ))}
          </ul>
          <h2>Locations</h2>
          <ul class="plain">
            {locations.map((location) => (
              <li key={location.id}>
                <code>{location.pathString}</code>
                {location.id === mainLocationId ? <span class="badge">main</span> : null}
                {location.hidden ? <span class="badge">hidden</span> : null}
                <span class="muted"> · {location.childCount} children</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}

/** The ids on a location's path (`/1/2/52/` → [1, 2, 52]). */
export function pathIds(location: Pick<Location, 'pathString'>): number[] {
  return location.pathString.split('/').filter(Boolean).map(Number);
}

/** "Create" under a location: choose a content type, then fill in its fields. */
function CreateMenu(props: { readonly parent: Location }) {
  const [types] = useAsync(loadContentTypes, []);
  if (types.state !== 'done') return null;
  return (
    <select
      aria-label="Create content here"
      class="create-menu"
      value=""
      onChange={(event) => {
        const typeId = event.currentTarget.value;
        if (typeId !== '') navigate(`/create/${props.parent.id}/${typeId}`);
      }}
    >
      <option value="">Create…</option>
      {types.value.map((type) => (
        <option value={String(type.id)} key={type.id}>
          {translated(type.names) || type.identifier}
        </option>
      ))}
    </select>
  );
}

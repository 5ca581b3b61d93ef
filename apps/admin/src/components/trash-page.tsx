import { useContext, useState } from 'preact/hooks';
import { loadTrash, restoreTrashItem } from '../api/location-api.js';
import { may } from '../api/session-api.js';
import { TreeChangeContext, useUser } from '../session-context.js';
import { useAsync } from '../use-async.js';
import { pathIds } from './content-page.js';
import { ErrorMessage } from './error-message.js';
import { Link } from './link.js';

/** The trash: what was sent there, with "Restore" (back to its original place) when the user may restore. */
export function TrashPage() {
  const user = useUser();
  const tree = useContext(TreeChangeContext);
  const [items, reload] = useAsync(loadTrash, []);
  const [error, setError] = useState<unknown>();
  return (
    <div class="trash-page">
      <h1>Trash</h1>
      <ErrorMessage error={error} />
      {items.state === 'failed' ? <ErrorMessage error={items.error} /> : null}
      {items.state === 'loading' ? <p class="muted">Loading…</p> : null}
      {items.state === 'done' ? (
        items.value.length === 0 ? (
          <p class="card muted">The trash is empty.</p>
        ) : (
          <section class="card">
            <table class="trash">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Original location</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {items.value.map((item) => (
                  <tr key={item.id} data-trash-item={item.id}>
                    <td>{item.ContentInfo.Content.Name}</td>
                    <td>
                      <code>{item.pathString}</code>
                    </td>
                    <td class="row-actions">
                      {may(user, 'content', 'restore') ? (
                        <button
                          type="button"
                          onClick={() => void (async () => {
                            setError(undefined);
                            try {
                              await restoreTrashItem(item);
                              tree.announce(pathIds(item).slice(0, -1));
                              reload();
                            } catch (failure) {
                              setError(failure);
                            }
                          })()}
                        >
                          Restore
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      ) : null}
      <p>
        <Link to="/">Back to the content</Link>
      </p>
    </div>
  );
}

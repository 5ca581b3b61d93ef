import { useContext, useEffect, useState } from 'preact/hooks';
import { loadChildren, type ChildOrder } from '../api/location-api.js';
import type { Location } from '../api/wire-types.js';
import { TreeChangeContext } from '../session-context.js';
import { ErrorMessage } from './error-message.js';
import { Link } from './link.js';

/** Children loaded per page of a tree node. */
const PAGE_SIZE = 10;

/** The root of the content tree: location 1, whose children are the tops of the tree (Home, Media, Users). */
const ROOT = { id: 1, sortField: 'PATH', sortOrder: 'ASC' } as const;

/**
 * The location tree: a node expands to its children, loaded a page at a time ("Show more") through a location
 * search, in the parent's own order or the order chosen above the tree. The node of the open content is marked.
 */
export function LocationTree(props: { readonly currentContentId: number | undefined }) {
  const [order, setOrder] = useState<ChildOrder>('location');
  return (
    <nav class="tree" aria-label="Content tree">
      <div class="tree-head">
        <span>Content tree</span>
        <select aria-label="Sort children" value={order} onChange={(event) => setOrder(event.currentTarget.value as ChildOrder)}>
          <option value="location">Location order</option>
          <option value="name">Name</option>
          <option value="modified">Last modified</option>
          <option value="priority">Priority</option>
        </select>
      </div>
      <Children parent={ROOT} order={order} currentContentId={props.currentContentId} depth={0} />
    </nav>
  );
}

function Children(props: { readonly parent: Pick<Location, 'id' | 'sortField' | 'sortOrder'>; readonly order: ChildOrder; readonly currentContentId: number | undefined; readonly depth: number }) {
  const [items, setItems] = useState<readonly Location[]>([]);
  const [count, setCount] = useState<number | undefined>();
  const [error, setError] = useState<unknown>();
  const change = useContext(TreeChangeContext).last;
  const changedHere = change?.locationIds.includes(props.parent.id) === true ? change.serial : 0;
  useEffect(() => {
    let current = true;
    setError(undefined);
    loadChildren(props.parent, props.order, 0, PAGE_SIZE).then(
      (page) => {
        if (!current) return;
        setItems(page.items);
        setCount(page.count);
      },
      (failure: unknown) => current && setError(failure),
    );
    return () => {
      current = false;
    };
  }, [props.parent.id, props.order, changedHere]);
  const more = async (): Promise<void> => {
    try {
      const page = await loadChildren(props.parent, props.order, items.length, PAGE_SIZE);
      setItems([...items, ...page.items]);
      setCount(page.count);
    } catch (failure) {
      setError(failure);
    }
  };
  if (error !== undefined) return <ErrorMessage error={error} />;
  if (count === undefined) return <div class="tree-loading">Loading…</div>;
  return (
    <ul class="tree-list" role={props.depth === 0 ? 'tree' : 'group'}>
      {items.map((location) => (
        <TreeNode key={location.id} location={location} order={props.order} currentContentId={props.currentContentId} depth={props.depth} />
      ))}
      {items.length < count ? (
        <li class="tree-more">
          <button type="button" class="link" onClick={() => void more()}>
            Show more ({count - items.length})
          </button>
        </li>
      ) : null}
    </ul>
  );
}

function TreeNode(props: { readonly location: Location; readonly order: ChildOrder; readonly currentContentId: number | undefined; readonly depth: number }) {
  const { location } = props;
  const content = location.ContentInfo.Content;
  const [open, setOpen] = useState(props.depth === 0 && location.id === 2);
  const current = content._id === props.currentContentId;
  const hasChildren = location.childCount > 0;
  return (
    <li role="treeitem" aria-expanded={hasChildren ? open : undefined} class={current ? 'current' : undefined} data-location-id={location.id}>
      <div class="tree-row">
        <button type="button" class="toggle" aria-label={open ? `Collapse ${content.Name}` : `Expand ${content.Name}`} disabled={!hasChildren} onClick={() => setOpen(!open)}>
          {hasChildren ? (open ? '▾' : '▸') : '·'}
        </button>
        <Link to={`/content/${content._id}`} class={location.invisible ? 'hidden-item' : undefined}>
          {content.Name}
        </Link>
        {hasChildren ? <span class="count">{location.childCount}</span> : null}
      </div>
      {open && hasChildren ? <Children parent={location} order={props.order} currentContentId={props.currentContentId} depth={props.depth + 1} /> : null}
    </li>
  );
}

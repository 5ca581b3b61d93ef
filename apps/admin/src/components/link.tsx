import type { ComponentChildren } from 'preact';
import { hrefOf, onLinkClick } from '../history-router.js';

/** A link to an app path that navigates without reloading the page. */
export function Link(props: { readonly to: string; readonly class?: string | undefined; readonly children: ComponentChildren; readonly title?: string | undefined }) {
  return (
    <a href={hrefOf(props.to)} class={props.class} title={props.title} onClick={onLinkClick}>
      {props.children}
    </a>
  );
}

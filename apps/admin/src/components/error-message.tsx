import { messageOf } from '../api/api-error.js';
import { ApiError } from '../api/api-error.js';

/** An error from the API, shown as a banner: the status and Ibexa's description of what went wrong. */
export function ErrorMessage(props: { readonly error: unknown }) {
  if (props.error === undefined || props.error === null) return null;
  const status = props.error instanceof ApiError && props.error.status > 0 ? `${props.error.status} · ` : '';
  const hint = props.error instanceof ApiError && props.error.fieldErrors.size > 0 ? ' — see the fields below.' : '';
  return (
    <div class="error" role="alert">
      {status}
      {messageOf(props.error)}
      {hint}
    </div>
  );
}

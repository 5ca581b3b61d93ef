import { useState } from 'preact/hooks';
import { login, type SignedInUser } from '../api/session-api.js';
import { ErrorMessage } from './error-message.js';

/** The sign-in form: `POST /user/sessions` with the login and password, as any REST client signs in. */
export function LoginForm(props: { readonly onSignedIn: (user: SignedInUser) => void }) {
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  return (
    <main class="login">
      <form
        class="card login-card"
        onSubmit={(event) => void (async () => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setBusy(true);
          setError(undefined);
          try {
            props.onSignedIn(await login(String(form.get('username') ?? ''), String(form.get('password') ?? '')));
          } catch (failure) {
            setError(failure);
          } finally {
            setBusy(false);
          }
        })()}
      >
        <h1>
          <span class="logo" aria-hidden="true">◆</span> contentrepo
        </h1>
        <p class="muted">Sign in to browse and edit content.</p>
        <ErrorMessage error={error} />
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" required autofocus />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

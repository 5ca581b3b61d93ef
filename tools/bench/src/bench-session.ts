/** A session as a client keeps it: the cookie to send and the CSRF token of unsafe requests. */
export interface BenchSession {
  readonly cookie: string;
  readonly csrf: string;
}

/** Logs in as admin (`ADMIN_PASSWORD`, default `publish`) through `POST {api}/user/sessions`. */
export async function login(api: string): Promise<BenchSession> {
  const response = await fetch(`${api}/user/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/vnd.ibexa.api.SessionInput+json', Accept: 'application/vnd.ibexa.api.Session+json' },
    body: JSON.stringify({ SessionInput: { login: 'admin', password: process.env['ADMIN_PASSWORD'] ?? 'publish' } }),
  });
  if (response.status !== 201) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const parsed: unknown = await response.json();
  const session = typeof parsed === 'object' && parsed !== null && 'Session' in parsed ? parsed.Session : null;
  if (typeof session !== 'object' || session === null || !('name' in session) || !('identifier' in session) || !('csrfToken' in session)) {
    throw new Error('login: unexpected Session');
  }
  return { cookie: `${String(session.name)}=${String(session.identifier)}`, csrf: String(session.csrfToken) };
}

import { describe, expect, it } from '@jest/globals';
import { createLoginCsrf, LOGIN_CSRF_MAX_AGE_SECONDS } from './form-login-csrf.js';

describe('login form CSRF tokens', () => {
  it('accepts a token for its nonce while it is young enough, and nothing else', () => {
    let now = 1_800_000_000_000;
    const csrf = createLoginCsrf('a secret of this deployment, long enough', () => now);
    const { nonce, token } = csrf.issue(null);
    expect(csrf.verify(nonce, token)).toBe(true);
    expect(csrf.verify(csrf.issue(null).nonce, token)).toBe(false);
    expect(csrf.verify(nonce, null)).toBe(false);
    expect(csrf.verify(null, token)).toBe(false);
    expect(csrf.verify(nonce, token.replace(/^\d+/, (time) => String(Number(time) + 1)))).toBe(false);
    now += (LOGIN_CSRF_MAX_AGE_SECONDS + 1) * 1000;
    expect(csrf.verify(nonce, token)).toBe(false);
  });

  it('keeps a valid nonce of the browser, and is shared by the processes of one secret only', () => {
    const one = createLoginCsrf('a secret of this deployment, long enough');
    const first = one.issue(null);
    expect(one.issue(first.nonce).nonce).toBe(first.nonce);
    expect(one.issue('not a nonce').nonce).not.toBe('not a nonce');
    expect(createLoginCsrf('a secret of this deployment, long enough').verify(first.nonce, first.token)).toBe(true);
    expect(createLoginCsrf('another secret, also long enough....').verify(first.nonce, first.token)).toBe(false);
    expect(createLoginCsrf(undefined).verify(first.nonce, first.token)).toBe(false);
  });
});

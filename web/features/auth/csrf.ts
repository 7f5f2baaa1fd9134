// SPEC.md's login CSRF token: 32 random bytes as 64 hex characters, kept per browser session, double-submitted.
import { CSRF_TOKEN_BYTES, CSRF_TOKEN_PATTERN } from '#common/auth-constants.ts';
import { CSRF_COOKIE } from '#common/schemas/auth.ts';

const KEY = 'csrfToken';

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CSRF_TOKEN_BYTES));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser session's token (made on first use), also written as a session cookie for the server to compare. */
export function csrfToken(): string {
  let token: string | null = null;
  try {
    token = window.sessionStorage.getItem(KEY);
  } catch {
    // storage blocked: a fresh token per page load still works, the cookie carries it
  }
  if (!token || !CSRF_TOKEN_PATTERN.test(token)) {
    token = newToken();
    try {
      window.sessionStorage.setItem(KEY, token);
    } catch {
      // see above
    }
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the async Cookie Store API is missing from browsers shop floors still run
  document.cookie = `${CSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure}`;
  return token;
}

// The short-lived cookies that bind a sign-in started here to the browser that started it (the OpenID nonce, the
// SAML relay state): HttpOnly, SameSite=Lax, Secure on https, sent only to the one path that reads them.
export function flowCookie(
  appUrl: string,
  name: string,
  path: string,
  value: string,
  maxAge: number,
): string {
  const secure = appUrl.startsWith('https:') ? '; Secure' : '';
  return `${name}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

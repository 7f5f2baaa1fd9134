// What a scale-out test does through the HTTP API of real instances: sign up, read the verification link out of the
// mail the SMTP server received, sign in (with the CSRF double submit), and call with a session cookie.
import type { ParsedMail } from 'mailparser';
import type { TInstance } from './instances.ts';

/** The public origin every instance shares (APP_URL): the proxy's address in a real set-up. */
export const SCALE_APP_URL = 'http://forgeboard.scale.test';
export const SCALE_MAIL_DOMAIN = 'forgeboard.scale.test';
export const SCALE_PASSWORD = 'Sturdy-Anvil-42';
const CSRF = 'c5'.repeat(32);

/** An answer, or `status: 0` when the connection failed (the instance is gone). */
export interface TAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the API answered.
  body: any;
  /** `name=value` of every Set-Cookie. */
  cookies: string[];
}

/** Sends one request to `instance` as the proxy would pass it on (X-Forwarded-For: the client's address). */
export async function call(
  instance: TInstance,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: object; cookie?: string; from?: string } = {},
): Promise<TAnswer> {
  const headers: Record<string, string> = { origin: SCALE_APP_URL };
  if (options.body) headers['content-type'] = 'application/json';
  if (options.cookie) headers.cookie = options.cookie;
  if (options.from) headers['x-forwarded-for'] = options.from;
  try {
    const response = await fetch(`${instance.url}${path}`, {
      method,
      headers,
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? JSON.parse(text) : null,
      cookies: response.headers.getSetCookie().map((c) => c.split(';')[0]!),
    };
  } catch {
    return { status: 0, body: null, cookies: [] };
  }
}

/** The Cookie header of an answer's session cookies (the ones with a value). */
export const cookieOf = (answer: TAnswer) => answer.cookies.filter((c) => !c.endsWith('=')).join('; ');

/** POST /api/v1/auth/sign-up of a new company. */
export const signUp = (instance: TInstance, email: string, companyName: string, from: string) =>
  call(instance, 'POST', '/api/v1/auth/sign-up', {
    from,
    body: {
      email,
      password: SCALE_PASSWORD,
      confirmPassword: SCALE_PASSWORD,
      companyName,
      firstName: 'Sam',
      lastName: 'Scale',
      termsAccepted: true,
      privacyAccepted: true,
    },
  });

/** POST /api/v1/auth/sign-in with a CSRF cookie and the same token in the body. */
export const signIn = (instance: TInstance, email: string, password: string, from: string) =>
  call(instance, 'POST', '/api/v1/auth/sign-in', {
    from,
    cookie: `fb_csrf=${CSRF}`,
    body: { email, password, csrfToken: CSRF },
  });

/** The messages the SMTP server received for `to`. */
export const mailTo = (received: ParsedMail[], to: string) =>
  received.filter((m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === to));

/** The token of the verification link in `mail`. */
export function verificationToken(mail: ParsedMail): string {
  const match = new RegExp(`${SCALE_APP_URL}/auth/callback\\?token=([^\\s"<&]+)`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

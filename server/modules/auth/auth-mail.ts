// The account e-mails: verification and password reset, in text and HTML, with links to OUR pages (never to
// better-auth's GET endpoints, which a mail scanner opening the link would trigger).

import { escapeHtml } from '../../html.ts';
import type { TOutgoingMail } from '../../mail/outbox.ts';

/** How long a verification link works; the mail says so. */
export const VERIFICATION_LINK_HOURS = 24;
/** How long a password-reset link works; the mail says so. */
export const RESET_LINK_HOURS = 1;

/** The page a verification link opens: the web app POSTs the token to /api/v1/auth/verify-email. */
export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
}

/** How long an invitation or an admin-created user's set-password link works; the mail says so. */
export const SET_PASSWORD_LINK_HOURS = 7 * 24;

/** An invitation opens the root page, which sends it on to /reset-password?invited=true (SPEC.md section 2). */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/?token=${encodeURIComponent(token)}&type=invite`;
}

/** An admin-created user's link: /reset-password with the "Set Your Password" wording. */
export function adminCreatedLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?admin_created=true&token=${encodeURIComponent(token)}`;
}

/** The page a reset link opens: the web app asks for the new password and POSTs it with the token. */
export function resetPasswordLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

function hours(n: number): string {
  if (n % 24 === 0 && n >= 48) return `${n / 24} days`;
  return n === 1 ? '1 hour' : `${n} hours`;
}

/** A short message with one button-like link, as text and HTML. */
function compose(
  to: string,
  subject: string,
  lines: { greeting: string; intro: string; action: string; link: string; after: string[] },
) {
  const text = [
    lines.greeting,
    '',
    lines.intro,
    '',
    lines.link,
    '',
    ...lines.after.flatMap((p) => [p, '']),
    '— Forgeboard',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #222;">',
    `<p>${escapeHtml(lines.greeting)}</p>`,
    `<p>${escapeHtml(lines.intro)}</p>`,
    `<p><a href="${escapeHtml(lines.link)}" style="display: inline-block; padding: 10px 16px; background: #1c7ed6; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(lines.action)}</a></p>`,
    `<p>If the button does not work, copy this address into your browser:<br>${escapeHtml(lines.link)}</p>`,
    ...lines.after.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<p>— Forgeboard</p>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

/** The mail that confirms a new account's address. */
export function verificationMail(input: { to: string; firstName: string; link: string }): TOutgoingMail {
  return {
    ...compose(input.to, 'Confirm your e-mail address for Forgeboard', {
      greeting: `Hello ${input.firstName},`,
      intro: 'Thanks for signing up for Forgeboard. Please confirm your e-mail address by opening this link:',
      action: 'Confirm my e-mail address',
      link: input.link,
      after: [
        `The link works for ${hours(VERIFICATION_LINK_HOURS)}. If it has expired, you can ask for a new one on the sign-in page.`,
        'If you did not sign up for Forgeboard, you can ignore this message: no account is activated without this link.',
      ],
    }),
    kind: 'verification',
  };
}

/** The mail with a link to choose a new password. */
export function resetPasswordMail(input: { to: string; firstName: string; link: string }): TOutgoingMail {
  return {
    ...compose(input.to, 'Reset your Forgeboard password', {
      greeting: `Hello ${input.firstName},`,
      intro:
        'Someone asked to reset the password of your Forgeboard account. To choose a new password, open this link:',
      action: 'Choose a new password',
      link: input.link,
      after: [
        `The link works once, for ${hours(RESET_LINK_HOURS)}. Setting a new password signs you out everywhere.`,
        'If you did not ask for this, you can ignore this message: your password stays as it is.',
      ],
    }),
    kind: 'password-reset',
  };
}

/** Who asks a person to join, for the invitation and admin-created mails. */
export interface TJoinMailInput {
  to: string;
  firstName: string;
  companyName: string;
  invitedBy: string;
  link: string;
  companyId: string;
}

/** The invitation of a new user: a link to choose their password, after which they can log in. */
export function invitationMail(input: TJoinMailInput): TOutgoingMail {
  return {
    ...compose(input.to, `${input.invitedBy} invited you to ${input.companyName} on Forgeboard`, {
      greeting: `Hello ${input.firstName},`,
      intro: `${input.invitedBy} invited you to join ${input.companyName} on Forgeboard. To accept, choose your password by opening this link:`,
      action: 'Set my password',
      link: input.link,
      after: [
        `The link works once, for ${hours(SET_PASSWORD_LINK_HOURS)}. If it has expired, ask ${input.invitedBy} to send a new invitation.`,
        'If you do not know this company, you can ignore this message: no password is set without this link.',
      ],
    }),
    kind: 'invitation',
    companyId: input.companyId,
  };
}

/** An admin-created account's mail: the user must set their own password before logging in (SPEC.md section 6). */
export function adminCreatedMail(input: TJoinMailInput): TOutgoingMail {
  return {
    ...compose(input.to, `Your Forgeboard account at ${input.companyName}: set your password`, {
      greeting: `Hello ${input.firstName},`,
      intro: `${input.invitedBy} created a Forgeboard account for you at ${input.companyName}. Before you can log in, choose your own password by opening this link:`,
      action: 'Set my password',
      link: input.link,
      after: [
        `The link works once, for ${hours(SET_PASSWORD_LINK_HOURS)}. If it has expired, ask ${input.invitedBy} to send a new one.`,
        'Until you set your password, logging in is refused, even with a password you were given.',
      ],
    }),
    kind: 'invitation',
    companyId: input.companyId,
  };
}

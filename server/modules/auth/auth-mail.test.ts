// The account e-mails: our links, text and HTML, the lifetime and the "did not ask for it" line; names escaped.
import { describe, expect, it } from 'vitest';
import { resetPasswordLink, resetPasswordMail, verificationLink, verificationMail } from './auth-mail.ts';

const APP = 'https://forgeboard.example';

describe('links', () => {
  it('point at our pages, with the token encoded', () => {
    expect(verificationLink(APP, 'a.b_c-d')).toBe('https://forgeboard.example/auth/callback?token=a.b_c-d');
    expect(resetPasswordLink(APP, 'x y&z')).toBe('https://forgeboard.example/reset-password?token=x%20y%26z');
  });
});

describe.each([
  ['verificationMail', verificationMail, 'verification', 'If you did not sign up', '24 hours'],
  ['resetPasswordMail', resetPasswordMail, 'password-reset', 'If you did not ask for this', '1 hour'],
] as const)('%s', (_name, make, kind, notYou, lifetime) => {
  const link = `${APP}/page?token=tok`;
  const mail = make({ to: 'ada@example.com', firstName: 'Ada <b>', link });

  it('has the link, the lifetime and what to do if you did not ask for it, in text and HTML', () => {
    expect(mail).toMatchObject({ to: 'ada@example.com', kind });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    for (const body of [mail.text, mail.html ?? '']) {
      expect(body).toContain(link);
      expect(body).toContain(notYou);
      expect(body).toContain(lifetime);
    }
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escapes the name in HTML and keeps it as written in the text', () => {
    expect(mail.text).toContain('Hello Ada <b>,');
    expect(mail.html).toContain('Hello Ada &lt;b&gt;,');
    expect(mail.html).not.toContain('<b>');
  });
});

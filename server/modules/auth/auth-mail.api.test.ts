// A verification mail delivered over real SMTP by the job worker parses, and its link verifies the address.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { startTestSmtpServer, type TTestSmtpServer } from '../../../tests/setup/test-smtp-server.ts';

let smtp: TTestSmtpServer;
let t: TTestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url },
    taskWorker: true,
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

it('delivers the sign-up verification mail; the link in the received message verifies and signs in', async () => {
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-up',
    headers: { origin: TEST_APP_URL },
    payload: {
      email: 'smtp.user@example.com',
      password: 'Sturdy-Anvil-42',
      confirmPassword: 'Sturdy-Anvil-42',
      companyName: 'Compiler Works',
      firstName: 'Grace',
      lastName: 'Hopper',
      termsAccepted: true,
      privacyAccepted: true,
    },
  });
  expect(signUp.statusCode).toBe(201);

  const [mail] = await smtp.waitForMessages(1);
  expect(mail!.to).toMatchObject({ text: 'smtp.user@example.com' });
  expect(mail!.subject).toBe('Confirm your e-mail address for Forgeboard');
  expect(mail!.text).toContain('Hello Grace,');
  const link = new URL(/https?:\/\/\S+\/auth\/callback\?token=\S+/.exec(mail!.text ?? '')![0]);
  expect(link.origin).toBe(TEST_APP_URL);
  expect(String(mail!.html)).toContain(link.href);

  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verify-email',
    headers: { origin: TEST_APP_URL },
    payload: { token: link.searchParams.get('token') },
  });
  expect(verify.statusCode).toBe(200);
  expect(verify.json()).toEqual({ verified: true, signedIn: true });
});

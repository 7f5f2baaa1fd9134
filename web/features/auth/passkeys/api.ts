// The passkey routes (decision 089) and the browser's WebAuthn ceremonies (SimpleWebAuthn's browser helpers turn the
// server's JSON options into navigator.credentials calls and the answers back into JSON).
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  TPasskey,
  TPasskeyListQuery,
  TPasskeyOptions,
  TPasskeyPage,
  TPasskeySignInResult,
  TTwoFactorPasskeyOptions,
} from '#common/schemas/passkeys.ts';
import { api } from '../../../lib/api-client.ts';

type TRegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type TAuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** A page of the signed-in person's passkeys. */
export function listPasskeys(query: TPasskeyListQuery, signal?: AbortSignal): Promise<TPasskeyPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  return api(`/api/v1/auth/passkeys?${params}`, { signal });
}

/** Makes a passkey on this device (the browser asks for the PIN or biometrics) and registers it under `name`. */
export async function addPasskey(name: string): Promise<TPasskey> {
  const options = await api<TPasskeyOptions>('/api/v1/auth/passkeys/registration-options', {
    method: 'POST',
    body: {},
  });
  const response = await startRegistration({ optionsJSON: options as unknown as TRegistrationOptions });
  return api('/api/v1/auth/passkeys', { method: 'POST', body: { name, response } });
}

/** Gives one of the signed-in person's passkeys a new name. */
export function renamePasskey(id: string, name: string): Promise<TPasskey> {
  return api(`/api/v1/auth/passkeys/${id}`, { method: 'PATCH', body: { name } });
}

/** Removes one of the signed-in person's passkeys. */
export function removePasskey(id: string): Promise<void> {
  return api(`/api/v1/auth/passkeys/${id}`, { method: 'DELETE' });
}

/** Signs in with a passkey at the login view. */
export async function signInWithPasskey(): Promise<TPasskeySignInResult> {
  const options = await api<TPasskeyOptions>('/api/v1/auth/passkey/options', { method: 'POST', body: {} });
  const response = await startAuthentication({ optionsJSON: options as unknown as TAuthenticationOptions });
  return api('/api/v1/auth/passkey/sign-in', { method: 'POST', body: { response } });
}

/** Whether the pending two-factor sign-in's account has a passkey (the options, or null). */
export function twoFactorPasskeyOptions(): Promise<TTwoFactorPasskeyOptions> {
  return api('/api/v1/auth/two-factor/passkey/options', { method: 'POST', body: {} });
}

/** Completes the pending two-factor sign-in with one of the account's passkeys. */
export async function verifyTwoFactorWithPasskey(): Promise<TPasskeySignInResult> {
  const { options } = await twoFactorPasskeyOptions();
  if (!options) throw new Error('This account has no passkey');
  const response = await startAuthentication({ optionsJSON: options as unknown as TAuthenticationOptions });
  return api('/api/v1/auth/two-factor/passkey', { method: 'POST', body: { response } });
}

/** The words for a ceremony the browser did not finish (cancelled, timed out, no authenticator). */
export function ceremonyMessage(failure: unknown): string {
  if (failure instanceof Error && failure.name === 'NotAllowedError') {
    return 'The passkey request was cancelled or timed out. Try again.';
  }
  if (failure instanceof Error && failure.name === 'InvalidStateError') {
    return 'This device already holds a passkey for your account.';
  }
  return failure instanceof Error ? failure.message : 'The passkey could not be used. Try again.';
}

// The kiosk device's calls (decision 083): no session — the key its set-up answered, kept in this browser's storage
// only, goes in a header. Errors are the server's, as ApiError.
import {
  KIOSK_KEY_HEADER,
  KIOSK_KEY_STORAGE,
  type TKioskAnswer,
  type TKioskSelf,
} from '#common/schemas/kiosks.ts';
import { errorFromResponse, unreachableError } from '../../lib/api-client.ts';

/** This device's kiosk key, or null when it was never set up (or storage was cleared). */
export function kioskKey(): string | null {
  try {
    return window.localStorage.getItem(KIOSK_KEY_STORAGE);
  } catch {
    return null;
  }
}

async function call<T>(path: string, body?: object): Promise<T> {
  const key = kioskKey() ?? '';
  let response: Response;
  try {
    response = await fetch(path, {
      method: body ? 'POST' : 'GET',
      credentials: 'omit',
      headers: {
        accept: 'application/json',
        [KIOSK_KEY_HEADER]: key,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : null,
    });
  } catch {
    throw unreachableError();
  }
  if (!response.ok) throw await errorFromResponse(response);
  return (await response.json()) as T;
}

export const kioskSelf = () => call<TKioskSelf>('/api/v1/kiosk');
export const kioskBadge = (badge: string) => call<TKioskAnswer>('/api/v1/kiosk/badge', { badge });
export const kioskClockIn = (badge: string, code: string) =>
  call<TKioskAnswer>('/api/v1/kiosk/clock-in', { badge, code });
export const kioskClockOut = (badge: string) => call<TKioskAnswer>('/api/v1/kiosk/clock-out', { badge });

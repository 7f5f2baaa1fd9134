// The browser storage keys of SPEC.md section 7, read and written in one place; storage may be unavailable.

/** Every key the app keeps in localStorage. */
export const STORAGE_KEYS = {
  cookieConsent: 'cookie-consent',
  lastLoginEmail: 'lastLoginEmail',
  userData: 'userData',
  lastRoute: 'lastRoute',
  /** The company's time zone beside userData, so dates are on its clock from the first paint, not UTC first. */
  companyTimeZone: 'companyTimeZone',
} as const;

type TKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Reads a key; null when absent or when storage is blocked (private mode, a locked-down kiosk). */
export function readStorage(key: TKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a key, or removes it when `value` is null; a blocked storage is ignored. */
export function writeStorage(key: TKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the app works without persistence.
  }
}

// The business constants of SPEC.md section 9 (and section 4's timings) that the account flows use.
import { describe, expect, it } from 'vitest';
import {
  AUTH_CHECK_COOLDOWN_MS,
  CSRF_TOKEN_BYTES,
  CSRF_TOKEN_HEX_LENGTH,
  CSRF_TOKEN_PATTERN,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  FAILURE_REDIRECT_MS,
  FORCED_HOME_NAVIGATION_DELAY_MS,
  LOGOUT_TIMEOUT_MS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  POST_VERIFICATION_REDIRECT_MS,
  REFRESH_RETRY_BASE_DELAY_MS,
  RESET_PASSWORD_MIN_SCORE,
  ROOT_RELOAD_AFTER_TICKS,
  ROOT_RELOAD_INTERVAL_MS,
  refreshRetryDelayMs,
  STALE_URL_SESSION_MS,
  STRICT_PASSWORD_MIN_LENGTH,
} from './auth-constants.ts';

describe('auth constants', () => {
  it.each([
    ['AUTH_CHECK_COOLDOWN_MS', AUTH_CHECK_COOLDOWN_MS, 5000],
    ['LOGOUT_TIMEOUT_MS', LOGOUT_TIMEOUT_MS, 3000],
    ['FORCED_HOME_NAVIGATION_DELAY_MS', FORCED_HOME_NAVIGATION_DELAY_MS, 100],
    ['REFRESH_RETRY_BASE_DELAY_MS', REFRESH_RETRY_BASE_DELAY_MS, 200],
    ['STALE_URL_SESSION_MS', STALE_URL_SESSION_MS, 120_000],
    ['POST_VERIFICATION_REDIRECT_MS', POST_VERIFICATION_REDIRECT_MS, 1500],
    ['FAILURE_REDIRECT_MS', FAILURE_REDIRECT_MS, 2000],
    ['ROOT_RELOAD_INTERVAL_MS', ROOT_RELOAD_INTERVAL_MS, 3000],
    ['ROOT_RELOAD_AFTER_TICKS', ROOT_RELOAD_AFTER_TICKS, 3],
    ['PASSWORD_MIN_LENGTH', PASSWORD_MIN_LENGTH, 8],
    ['STRICT_PASSWORD_MIN_LENGTH', STRICT_PASSWORD_MIN_LENGTH, 12],
    ['PASSWORD_MAX_LENGTH', PASSWORD_MAX_LENGTH, 128],
    ['RESET_PASSWORD_MIN_SCORE', RESET_PASSWORD_MIN_SCORE, 3],
    ['EMAIL_MIN_LENGTH', EMAIL_MIN_LENGTH, 5],
    ['EMAIL_MAX_LENGTH', EMAIL_MAX_LENGTH, 254],
    ['CSRF_TOKEN_BYTES', CSRF_TOKEN_BYTES, 32],
    ['CSRF_TOKEN_HEX_LENGTH', CSRF_TOKEN_HEX_LENGTH, 64],
  ])('%s is %s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('doubles the refresh retry delay from 200 ms', () => {
    expect([0, 1, 2, 3].map(refreshRetryDelayMs)).toEqual([200, 400, 800, 1600]);
  });

  it.each([
    ['64 lower-case hex characters', 'a1'.repeat(32), true],
    ['63 characters', `${'a1'.repeat(31)}a`, false],
    ['65 characters', `${'a1'.repeat(32)}a`, false],
    ['upper-case hex', 'A1'.repeat(32), false],
    ['a character that is not hex', `${'a1'.repeat(31)}g1`, false],
  ])('CSRF token pattern: %s matches is %s', (_case, token, expected) => {
    expect(CSRF_TOKEN_PATTERN.test(token)).toBe(expected);
  });
});

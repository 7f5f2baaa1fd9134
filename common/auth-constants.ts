// The timings and limits of SPEC.md sections 4, 5 and 9 that sign-up, login, reset and the session code share.

/** Auth checks (session restore) run at most once per this many milliseconds. */
export const AUTH_CHECK_COOLDOWN_MS = 5000;

/** Logout gives the sign-out call this long before giving up; local state is already cleared by then. */
export const LOGOUT_TIMEOUT_MS = 3000;

/** After logout, navigation to / is forced this many milliseconds later (unless already there). */
export const FORCED_HOME_NAVIGATION_DELAY_MS = 100;

/** The first retry of a failed token refresh waits this long; each further retry waits twice as long. */
export const REFRESH_RETRY_BASE_DELAY_MS = 200;

/** The wait before refresh retry number `attempt` (0 for the first retry): 200, 400, 800 ms and so on. */
export function refreshRetryDelayMs(attempt: number): number {
  return REFRESH_RETRY_BASE_DELAY_MS * 2 ** Math.max(0, Math.floor(attempt));
}

/** A session read from a URL (a mail link) is treated as stale once it is this old. */
export const STALE_URL_SESSION_MS = 120_000;

/** After e-mail verification succeeds, the callback goes to /help after this delay. */
export const POST_VERIFICATION_REDIRECT_MS = 1500;

/** After the verification callback fails, it goes to /?login=true after this delay. */
export const FAILURE_REDIRECT_MS = 2000;

/** While a newly verified user's session check is pending, the root page reloads at this interval. */
export const ROOT_RELOAD_INTERVAL_MS = 3000;

/** The root page starts reloading only after this many ticks of the pending session check. */
export const ROOT_RELOAD_AFTER_TICKS = 3;

/** The shortest password sign-up and reset accept (the strength-meter policy). */
export const PASSWORD_MIN_LENGTH = 8;

/** The shortest password the strict policy accepts (initial passwords set for admin-created users). */
export const STRICT_PASSWORD_MIN_LENGTH = 12;

/** The longest password any policy accepts; it also bounds the work of hashing one. */
export const PASSWORD_MAX_LENGTH = 128;

/** The fewest password-strength checks a reset password must meet (score 3, "Weak", or better). */
export const RESET_PASSWORD_MIN_SCORE = 3;

/** The shortest e-mail address accepted, after trimming. */
export const EMAIL_MIN_LENGTH = 5;

/** The longest e-mail address accepted, after trimming (the practical SMTP limit). */
export const EMAIL_MAX_LENGTH = 254;

/** A CSRF token is this many random bytes... */
export const CSRF_TOKEN_BYTES = 32;

/** ...written as this many hexadecimal characters. */
export const CSRF_TOKEN_HEX_LENGTH = 64;

/** A well-formed CSRF token: 64 lower-case hexadecimal characters, as the web app generates them. */
export const CSRF_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

// Every toast and message text of the account flows, word for word from SPEC.md sections 4, 5 and 8.
//
// Where SPEC writes "Title: message" the two are split at the colon. Where it quotes only a title, `message`
// is empty and the caller adds the error's own text if it has one. Two texts have no colon and are split
// where a toast would split them: "Registration successful!" and "Login failed" + the generic sentence.

/** One toast: a short title and the sentence under it (possibly empty). */
export interface TAuthMessage {
  title: string;
  message: string;
}

/** The account-flow toasts, by what they report. */
export const AUTH_MESSAGES = {
  // Login (SPEC.md section 8, "Login toasts").
  accountInactive: {
    title: 'Account Inactive',
    message: 'Your account has been deactivated. Please contact your administrator for assistance.',
  },
  invalidCredentials: { title: 'Login failed', message: 'Invalid email or password.' },
  tooManyAttempts: { title: 'Too many attempts', message: 'Please wait a moment before trying again.' },
  /** "Login failed" with the error's own message. */
  loginFailed: { title: 'Login failed', message: '' },
  passwordResetRequired: {
    title: 'Password Reset Required',
    message: 'Please check your email and follow the link to set your password before logging in.',
  },
  authenticationFailed: { title: 'Authentication failed', message: 'Could not retrieve user information.' },
  networkConnectionError: {
    title: 'Network Connection Error',
    message: 'Unable to connect to authentication service. Your network may be restricting access.',
  },
  /** SPEC gives only the sentence; it is shown under the "Login failed" title. */
  loginUnexpectedError: { title: 'Login failed', message: 'An unexpected error occurred during login.' },
  /** The panel shown when a corporate firewall may be blocking the authentication service. */
  connectionIssue: { title: 'Connection Issue', message: '' },

  // Registration (sections 5 and 8).
  termsRequired: {
    title: 'Terms Required',
    message: 'Please accept the Terms of Service and Privacy Policy to continue.',
  },
  validationFailed: { title: 'Validation failed', message: 'Please try again in a moment.' },
  companyNameUnavailable: {
    title: 'Company name unavailable',
    message: 'That company name is already taken. Choose a different name or contact your admin.',
  },
  /** SPEC gives the title and only the ending of the message. */
  emailAlreadyRegistered: {
    title: 'Email already registered',
    message: 'Please sign in or reset your password.',
  },
  /** "Registration failed" with the error's message, or an unexpected-error text. */
  registrationFailed: { title: 'Registration failed', message: '' },

  // Password reset (sections 5 and 8).
  passwordMismatch: { title: 'Password mismatch', message: 'Passwords do not match. Please try again.' },
  passwordTooWeak: {
    title: 'Password too weak',
    message: 'must contain at least 8 characters, including uppercase, lowercase, and numbers.',
  },
  emailRequiredForReset: {
    title: 'Email required',
    message: 'Please enter your email address to reset your password',
  },
  unableToGetUser: { title: 'Error', message: 'Unable to get user information' },
  resetEmailFailed: { title: 'Failed to send password reset email', message: '' },

  // Other toasts (section 8).
  setupFailed: { title: 'Setup failed', message: '' },
  setupIncomplete: { title: 'Setup incomplete', message: '' },
  verificationFailed: {
    title: 'Verification failed',
    message: 'Could not establish session. Please try logging in.',
  },
  verificationError: { title: 'Verification error', message: '' },
  passwordSetProfilePending: { title: 'Password set, profile pending', message: '' },
  /** "Error" when a reset or verification e-mail could not be sent. */
  emailSendFailed: { title: 'Error', message: '' },

  // Success toasts (section 8) and the root page's notice for a newly verified user (section 4).
  resetEmailSent: {
    title: 'Password reset email sent',
    message: 'Check your email for a password reset link',
  },
  verificationEmailSent: { title: 'Verification email sent', message: '' },
  registrationSuccessful: {
    title: 'Registration successful!',
    message: 'Please check your email for a verification link',
  },
  emailVerified: { title: 'Email verified!', message: '' },
  passwordSetSuccessfully: { title: 'Password set successfully.', message: '' },
  accountVerified: { title: 'Account Verified Successfully', message: '' },
} as const satisfies Record<string, TAuthMessage>;

/** The name of one account-flow toast. */
export type TAuthMessageKey = keyof typeof AUTH_MESSAGES;

/** A toast as one line, the way SPEC.md writes it: "Title: message", or the title alone. */
export function formatAuthMessage({ title, message }: TAuthMessage): string {
  return message === '' ? title : `${title}: ${message}`;
}

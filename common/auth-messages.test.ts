// The account-flow toasts of SPEC.md sections 4, 5 and 8, word for word.
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, formatAuthMessage, type TAuthMessageKey } from './auth-messages.ts';

// SPEC.md's texts, split at the colon where SPEC writes "Title: message".
const SPEC_MESSAGES: [TAuthMessageKey, string, string][] = [
  [
    'accountInactive',
    'Account Inactive',
    'Your account has been deactivated. Please contact your administrator for assistance.',
  ],
  ['invalidCredentials', 'Login failed', 'Invalid email or password.'],
  ['tooManyAttempts', 'Too many attempts', 'Please wait a moment before trying again.'],
  ['loginFailed', 'Login failed', ''],
  [
    'passwordResetRequired',
    'Password Reset Required',
    'Please check your email and follow the link to set your password before logging in.',
  ],
  ['authenticationFailed', 'Authentication failed', 'Could not retrieve user information.'],
  [
    'networkConnectionError',
    'Network Connection Error',
    'Unable to connect to authentication service. Your network may be restricting access.',
  ],
  ['loginUnexpectedError', 'Login failed', 'An unexpected error occurred during login.'],
  ['connectionIssue', 'Connection Issue', ''],
  ['termsRequired', 'Terms Required', 'Please accept the Terms of Service and Privacy Policy to continue.'],
  ['validationFailed', 'Validation failed', 'Please try again in a moment.'],
  [
    'companyNameUnavailable',
    'Company name unavailable',
    'That company name is already taken. Choose a different name or contact your admin.',
  ],
  ['emailAlreadyRegistered', 'Email already registered', 'Please sign in or reset your password.'],
  ['registrationFailed', 'Registration failed', ''],
  ['passwordMismatch', 'Password mismatch', 'Passwords do not match. Please try again.'],
  [
    'passwordTooWeak',
    'Password too weak',
    'must contain at least 8 characters, including uppercase, lowercase, and numbers.',
  ],
  ['emailRequiredForReset', 'Email required', 'Please enter your email address to reset your password'],
  ['unableToGetUser', 'Error', 'Unable to get user information'],
  ['resetEmailFailed', 'Failed to send password reset email', ''],
  ['setupFailed', 'Setup failed', ''],
  ['setupIncomplete', 'Setup incomplete', ''],
  ['verificationFailed', 'Verification failed', 'Could not establish session. Please try logging in.'],
  ['verificationError', 'Verification error', ''],
  ['passwordSetProfilePending', 'Password set, profile pending', ''],
  ['emailSendFailed', 'Error', ''],
  ['resetEmailSent', 'Password reset email sent', 'Check your email for a password reset link'],
  ['verificationEmailSent', 'Verification email sent', ''],
  ['registrationSuccessful', 'Registration successful!', 'Please check your email for a verification link'],
  ['emailVerified', 'Email verified!', ''],
  ['passwordSetSuccessfully', 'Password set successfully.', ''],
  ['accountVerified', 'Account Verified Successfully', ''],
];

describe('auth messages', () => {
  it.each(SPEC_MESSAGES)('%s reads "%s" / "%s"', (key, title, message) => {
    expect(AUTH_MESSAGES[key]).toEqual({ title, message });
  });

  it('has no message the table above does not check', () => {
    expect(Object.keys(AUTH_MESSAGES).sort()).toEqual(SPEC_MESSAGES.map(([key]) => key).sort());
  });

  it.each([
    ['termsRequired', 'Terms Required: Please accept the Terms of Service and Privacy Policy to continue.'],
    ['invalidCredentials', 'Login failed: Invalid email or password.'],
    ['tooManyAttempts', 'Too many attempts: Please wait a moment before trying again.'],
    ['emailRequiredForReset', 'Email required: Please enter your email address to reset your password'],
    ['verificationFailed', 'Verification failed: Could not establish session. Please try logging in.'],
    ['passwordSetProfilePending', 'Password set, profile pending'],
  ] as const)('formats %s as SPEC.md writes it', (key, text) => {
    expect(formatAuthMessage(AUTH_MESSAGES[key])).toBe(text);
  });
});

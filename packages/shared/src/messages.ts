// Spec texts (product-spec §5, §8), copied character for character. Never reword these.

export const validationMessages = {
  required: 'Required',
  invalidInput: 'Invalid input',
  invalidEmail: 'Invalid email address',
  passwordMin6: 'Password must be at least 6 characters',
  nameMin2: 'Name must be at least 2 characters',
  resetEmail: 'Please enter a valid email address',
  passwordMin8: 'Password must be at least 8 characters',
  passwordsDontMatch: "Passwords don't match",
  forcedPasswordTooShort: 'Password must be at least 8 characters long',
  passwordMismatchTitle: 'Password mismatch',
  passwordMismatch: 'New password and confirmation do not match.',
  teamMemberNameMin2: 'Name must be at least 2 characters.',
  teamMemberEmail: 'Please enter a valid email address.',
  department: 'Please select a department.',
} as const;

export const authMessages = {
  mustChangePassword: 'You must change your password before continuing',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email before logging in. Check your inbox for the verification link.',
  accountDisabled: 'This account has been disabled. Contact your administrator.',
  emailTaken: 'An account with this email already exists',
  /** Sign-up's answer, the same whether or not the address has an account (decision 010). */
  registered: 'Check your email to finish signing up.',
  verifyTokenInvalid: 'This verification link is invalid or has expired.',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  tempTokenInvalid: 'Your password change session has expired. Please log in again.',
  currentPasswordWrong: 'Current password is incorrect',
  sessionRequired: 'Please log in to continue.',
  resetRequested: 'If an account exists for that email, a reset link is on its way.',
  verificationSent: 'If the account exists and is not yet verified, a new verification email is on its way.',
  verified: 'Email verified. You can now log in.',
  passwordChanged: 'Your password has been updated successfully.',
  signedOut: "You've been signed out.",
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  loginLocked: 'Too many failed attempts for this account. Please wait a few minutes and try again.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleEmailUnverified:
    'Your Google account email is not verified, so it cannot be linked to an existing account.',
  authRequired: 'You must provide either an email or phone number and a password',
} as const;

export const genericMessages = {
  server: 'An error occurred on the server.',
  notFound: 'Not found',
  tooLarge: 'The request is too large.',
  /** A write past its account's budget a minute (non-GET calls without a limit of their own, issue 27 #6). */
  tooManyWrites: (perMinute: number) =>
    `You can make at most ${perMinute} changes a minute. Please wait a minute and try again.`,
} as const;

/** The sign-in screens' toasts (spec §2.5, §8.2). */
export const authScreenMessages = {
  welcomeTitle: 'Welcome back!',
  welcome: "You've been successfully signed in.",
  accountCreatedTitle: 'Account created!',
  accountCreated: 'Verify your email to proceed.',
  signUpFailedTitle: 'Sign Up Failed',
  unknownError: 'An unknown error occurred',
  resetSentTitle: 'Email sent',
  resetSent: 'Check your email for a password reset link',
  errorTitle: 'Error',
  resetSendFailed: 'Failed to send reset email',
  resetDoneTitle: 'Password reset',
  resetDone: 'Your password has been updated successfully',
  resetFailed: 'Failed to reset password',
  passwordChangedTitle: 'Password changed',
  passwordChanged: 'Your password has been updated successfully.',
  passwordChangeFailedTitle: 'Password change failed',
  callbackSuccessTitle: 'Authentication successful',
  callbackSuccess: 'You have been successfully logged in',
  callbackFailedTitle: 'Authentication failed',
  callbackErrorTitle: 'Authentication error',
  callbackError: 'An unexpected error occurred during login',
} as const;

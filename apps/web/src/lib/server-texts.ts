import { k } from './i18n/index.ts';

// Issue 33: the server's messages and the shared schemas' (packages/shared, English: the spec's
// texts) that the web shows most, listed so that the i18n check makes every language translate
// them. The web shows them through t(): an API error's message (api-client.ts), a field's error
// (form-errors.ts, components/ui/form.tsx), a toast's title and description (toast.ts). A message
// not listed here reads in English. Chosen: the forms' validation messages, sign-in's and its
// toasts, the generic answers (server error, not found, too large, rate limited, permission
// denied) and the "not found" of the main objects. server-texts.test.ts checks each is still a
// shared message, so a reworded one cannot linger here.

export const SERVER_TEXTS = [
  // validationMessages: the forms' field errors.
  k('Required'),
  k('Invalid input'),
  k('Invalid email address'),
  k('Password must be at least 6 characters'),
  k('Name must be at least 2 characters'),
  k('Please enter a valid email address'),
  k('Password must be at least 8 characters'),
  k("Passwords don't match"),
  k('Password must be at least 8 characters long'),
  k('Password mismatch'),
  k('New password and confirmation do not match.'),
  k('Name must be at least 2 characters.'),
  k('Please enter a valid email address.'),
  k('Please select a department.'),
  // authMessages: the sign-in screens' answers.
  k('You must change your password before continuing'),
  k('Invalid email or password'),
  k('Please verify your email before logging in. Check your inbox for the verification link.'),
  k('This account has been disabled. Contact your administrator.'),
  k('An account with this email already exists'),
  k('Check your email to finish signing up.'),
  k('This verification link is invalid or has expired.'),
  k('This reset link is invalid or has expired.'),
  k('Your password change session has expired. Please log in again.'),
  k('Current password is incorrect'),
  k('Please log in to continue.'),
  k('If an account exists for that email, a reset link is on its way.'),
  k('If the account exists and is not yet verified, a new verification email is on its way.'),
  k('Email verified. You can now log in.'),
  k('Your password has been updated successfully.'),
  k("You've been signed out."),
  k('Too many attempts. Please wait a minute and try again.'),
  k('Too many failed attempts for this account. Please wait a few minutes and try again.'),
  k('Google sign-in is not configured on this server.'),
  k('Google sign-in failed. Please try again.'),
  k('Your Google account email is not verified, so it cannot be linked to an existing account.'),
  // authScreenMessages: the sign-in screens' toasts.
  k('Account created!'),
  k('Verify your email to proceed.'),
  k('Sign Up Failed'),
  k('An unknown error occurred'),
  k('Email sent'),
  k('Check your email for a password reset link'),
  k('Error'),
  k('Failed to send reset email'),
  k('Password reset'),
  k('Your password has been updated successfully'),
  k('Failed to reset password'),
  k('Password changed'),
  k('Password change failed'),
  k('Authentication successful'),
  k('You have been successfully logged in'),
  k('Authentication failed'),
  k('Authentication error'),
  k('An unexpected error occurred during login'),
  // securityMessages shown by sign-in, its providers and re-authentication.
  k('Confirm it is you: enter your password or a two-factor code again.'),
  k(
    'Your account has no password: enter a two-factor code, or sign out and sign in again and retry within 10 minutes.',
  ),
  k('Single sign-on failed. Please try again.'),
  k('Single sign-on is not configured on this server.'),
  k(
    'Your email address is not verified at the sign-in provider, so it cannot be linked to an existing account.',
  ),
  k(
    'An account with this email already exists. Log in to it (use “Forgot password?” if you have no password), then link single sign-on in Settings → Account.',
  ),
  k(
    'This account is linked to another single sign-on identity. Log in with that one or your password, and unlink it in Settings → Account to use this one.',
  ),
  k(
    'This account is linked to another Google account. Log in with that one or your password, and unlink it in Settings → Account to use this one.',
  ),
  k('Only administrators can do this.'),
  // The generic answers: server error, not found, too large, permission denied.
  k('Not found'),
  k('The request is too large.'),
  k('You do not have permission to do this.'),
  k('Sign out failed'),
  // The main objects' "not found" and the archived product's answer.
  k('Product not found'),
  k('Task not found'),
  k('Team not found'),
  k('User not found'),
  k('This product is archived and read-only. Unarchive it to make changes.'),
  k('Guests have read-only access to products.'),
  k('Guests can only change the status of tasks assigned to them.'),
  // The product, task and team forms' field errors.
  k('Title is required'),
  k('Name is required'),
  k('Please select a product.'),
  k('Description is required'),
  k('Start date is required'),
  k('Target end date is required'),
  k('Target end date must be on or after the start date'),
  k('Please select a status.'),
  k('Team size must be at least 1'),
  k('Team name must be at least 2 characters.'),
  k('Please select a team type.'),
  k('Only the product’s creator or an admin can change it.'),
] as const;

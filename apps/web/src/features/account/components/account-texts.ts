import type { accountMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The spec's account texts (shared accountMessages), marked for translation and translated where
// they are shown: `t(m.profileUpdatedTitle)`. The type holds each one to its shared text,
// character for character.

export const accountTexts = {
  profileUpdatedTitle: k('Profile updated'),
  profileUpdated: k('Your profile has been successfully updated.'),
  profileUpdateFailedTitle: k('Update failed'),
  profileUpdateFailed: k('There was an error updating your profile.'),
  passwordUpdatedTitle: k('Password updated'),
  passwordUpdated: k('Your password has been changed successfully.'),
  passwordChangeFailedTitle: k('Failed to change password'),
  avatarUploadedTitle: k('Avatar uploaded'),
  avatarUploaded: k('Your avatar has been successfully uploaded.'),
  avatarUploadFailedTitle: k('Upload failed'),
  avatarUploadFailed: k('There was an error uploading your avatar.'),
  signedOutTitle: k('Signed out'),
  signedOut: k("You've been signed out."),
  signOutFailed: k('Sign out failed'),
  emailReadOnly: k('Your email cannot be changed.'),
} satisfies Partial<typeof accountMessages>;

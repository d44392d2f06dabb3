// Spec texts (product-spec §5, §8) of the account and user-management screens, copied character
// for character. Never reword these. Apart from messages.ts so that /auth does not download them.

export const userMessages = {
  forbidden: 'You do not have permission to do this.',
  notFound: 'User not found',
  roleTooHigh: 'You cannot grant a role above your own.',
  lastSuperAdmin: 'The last super admin cannot be demoted or deleted.',
  cannotDeleteSelf: 'You cannot delete your own account here.',
  avatarNotImage: 'The avatar must be a PNG, JPEG, GIF or WebP image.',
  avatarTooLarge: 'The avatar must be at most 2 MB.',
  avatarMissing: 'Choose an image file to upload.',
  usernameTaken: 'That username is already taken',
  accessNotBelow: 'Only someone with a higher role can change the email, role or status of this account.',
  ownEmail: 'Your email cannot be changed here.',
} as const;

/** The account screens' toasts and notes (spec §2.18, §8.2). */
export const accountMessages = {
  profileUpdatedTitle: 'Profile updated',
  profileUpdated: 'Your profile has been successfully updated.',
  profileUpdateFailedTitle: 'Update failed',
  profileUpdateFailed: 'There was an error updating your profile.',
  passwordUpdatedTitle: 'Password updated',
  passwordUpdated: 'Your password has been changed successfully.',
  passwordChangeFailedTitle: 'Failed to change password',
  avatarUploadedTitle: 'Avatar uploaded',
  avatarUploaded: 'Your avatar has been successfully uploaded.',
  avatarUploadFailedTitle: 'Upload failed',
  avatarUploadFailed: 'There was an error uploading your avatar.',
  signedOutTitle: 'Signed out',
  signedOut: "You've been signed out.",
  signOutFailed: 'Sign out failed',
  emailReadOnly: 'Your email cannot be changed.',
} as const;

/**
 * The User Management screen (spec §2.12, §8.2 'Team member (users page)'). `added` is ours:
 * the spec names no text for a created member, so it follows its 'updated' and 'deleted'.
 */
export const userManagementMessages = {
  searchPlaceholder: 'Search team members...',
  addButton: 'Add New User',
  addTitle: 'Add New Team Member',
  editTitle: 'Edit Team Member',
  added: 'Team member added successfully.',
  updated: 'Team member updated successfully.',
  deleted: 'Team member deleted successfully.',
  errorTitle: 'Error',
  fallback: 'An error occurred',
  deleteFailed: 'Failed to delete team member',
  empty: 'No team members found',
} as const;

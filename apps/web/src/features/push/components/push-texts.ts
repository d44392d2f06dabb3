import type { pushMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The spec's push texts (shared pushMessages) this screen shows, marked for translation and
// translated where shown; the type holds each to its shared text.

export const pushTexts = {
  quietTime: k('Enter a time as HH:MM.'),
  quietSame: k('Quiet hours must start and end at different times.'),
  enabled: k('Push notifications are on for this device.'),
  disabled: k('Push notifications are off for this device.'),
  removed: k('Device removed.'),
  saved: k('Quiet hours saved.'),
  denied: k('Notifications are blocked for this site: allow them in the browser settings, then try again.'),
  unsupported: k('This browser does not support push notifications.'),
  noServiceWorker: k('Push needs the installed app: its service worker is not running on this page.'),
  failed: k('Could not turn on push notifications.'),
  loadFailed: k('Failed to load push settings.'),
} satisfies Partial<typeof pushMessages>;

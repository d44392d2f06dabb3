import type { LanguageCode } from '@shipyard/shared';
import { useEffect } from 'react';
import { currentLanguage } from '../../../lib/i18n/index.ts';
import { storedLanguage, storeLanguage } from '../../../lib/i18n/start.ts';

// Not in lib/i18n/start.ts: that loads before the first page (the /auth budget); this, with the shell.
/**
 * The signed-in person's language, from the server, applied to this device: when it names a
 * language this device has not stored, it is stored, and the answer says whether the page must
 * reload to show it. A reload happens only when the stored value changed, so it never loops
 * (even when the language's texts cannot load). Null (follow the browser) changes nothing: the
 * device keeps what it has, the pseudo-locale included.
 */
function followAccountLanguage(language: LanguageCode | null | undefined): boolean {
  if (!language || storedLanguage() === language) return false;
  storeLanguage(language);
  return storedLanguage() === language && currentLanguage() !== language;
}

const reloadPage = () => window.location.reload();

/**
 * Issue 33: when the signed-in person's language (from the server) is not the one this device
 * stored, the device takes it and the page reloads in it, once. Renders nothing.
 */
export function FollowAccountLanguage({
  language,
  reload = reloadPage,
}: {
  language: LanguageCode | null | undefined;
  reload?: () => void;
}) {
  useEffect(() => {
    if (followAccountLanguage(language)) reload();
  }, [language, reload]);
  return null;
}

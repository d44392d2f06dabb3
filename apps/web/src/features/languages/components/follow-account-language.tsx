import type { LanguageCode } from '@shipyard/shared';
import { useEffect } from 'react';
import { followAccountLanguage } from '../../../lib/i18n/start.ts';

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

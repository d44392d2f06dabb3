import { isLanguageCode, LANGUAGES, type LanguageCode, type User } from '@shipyard/shared';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { browserLanguage, storedLanguage, storeLanguage } from '../../../lib/i18n/start.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetLanguage } from '../api/set-language.ts';

const selectClass =
  'h-9 w-full max-w-sm rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

const BROWSER = 'browser';

const nameOf = (code: LanguageCode) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

export type LanguagePickerProps = {
  user: Pick<User, 'language'>;
  /** Shows the page in the new language; a reload by default (a page's language is fixed). */
  onChanged?: () => void;
};

/**
 * Issue 33: the language of Shipyard and of the person's mail. Each language is offered in its
 * own name; the pseudo-locale is not offered. A choice is stored on the server (for mail and the
 * person's other devices) and on this device, then the page reloads in it.
 */
export function LanguagePicker({ user, onChanged = () => window.location.reload() }: LanguagePickerProps) {
  const id = useId();
  const save = useSetLanguage();
  // A user from a route that does not answer the language (the profile update): this device's.
  const device = storedLanguage();
  const value =
    user.language === undefined ? (isLanguageCode(device) ? device : BROWSER) : (user.language ?? BROWSER);

  const choose = (next: string) => {
    const language = isLanguageCode(next) ? next : null;
    save.mutate(language, {
      onSuccess: () => {
        storeLanguage(language ?? BROWSER);
        onChanged();
      },
      onError: (error) => toast.error(getErrorMessage(error, t('The language could not be saved.'))),
    });
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">
          <label htmlFor={id}>{t('Language')}</label>
        </CardTitle>
        <CardDescription id={`${id}-hint`}>
          {t('Shipyard is shown in this language on this device, and your e-mails are written in it.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <select
          id={id}
          aria-describedby={`${id}-hint`}
          className={selectClass}
          value={value}
          disabled={save.isPending}
          onChange={(event) => choose(event.target.value)}
        >
          <option value={BROWSER}>
            {t('Browser default ({{language}})', { language: nameOf(browserLanguage()) })}
          </option>
          {LANGUAGES.map((language) => (
            <option key={language.code} value={language.code} lang={language.code}>
              {language.name}
            </option>
          ))}
        </select>
      </CardContent>
    </Card>
  );
}

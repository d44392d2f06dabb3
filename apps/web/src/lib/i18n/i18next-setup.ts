import type { LanguageCode } from '@shipyard/shared';
import i18next from 'i18next';
import type { Translator } from './translate.ts';

// Loaded only for a language other than English: i18next and the language's texts, one file
// per part of the app (src/locales/<code>/<part>.json), merged into one resource.

const files = import.meta.glob<{ default: Record<string, string> }>([
  '../../locales/*/*.json',
  '!../../locales/en/*.json',
]);

export async function loadTranslator(code: LanguageCode): Promise<Translator> {
  const own = Object.entries(files).filter(([file]) => file.includes(`/locales/${code}/`));
  const parts = await Promise.all(own.map(([, load]) => load()));
  const translation: Record<string, string> = Object.assign({}, ...parts.map((part) => part.default));
  const instance = i18next.createInstance();
  await instance.init({
    lng: code,
    resources: { [code]: { translation } },
    // The keys are English texts: '.' and ':' are part of them, never separators.
    keySeparator: false,
    nsSeparator: false,
    // A text not translated yet reads in English (its key), never empty.
    fallbackLng: false,
    returnEmptyString: false,
    // React escapes what it renders; i18next escaping too would show '&amp;'.
    interpolation: { escapeValue: false },
  });
  return (key, values) => instance.t(key, values ?? {}) as string;
}

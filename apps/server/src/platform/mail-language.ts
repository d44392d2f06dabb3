import { isLanguageCode, type LanguageCode } from '@shipyard/shared';
import i18next, { type i18n } from 'i18next';
import ar from './mail-locales/ar/mail.json' with { type: 'json' };
import de from './mail-locales/de/mail.json' with { type: 'json' };
import en from './mail-locales/en/mail.json' with { type: 'json' };
import es from './mail-locales/es/mail.json' with { type: 'json' };
import fr from './mail-locales/fr/mail.json' with { type: 'json' };
import it from './mail-locales/it/mail.json' with { type: 'json' };
import ja from './mail-locales/ja/mail.json' with { type: 'json' };
import ko from './mail-locales/ko/mail.json' with { type: 'json' };
import ptBR from './mail-locales/pt-BR/mail.json' with { type: 'json' };
import zhCN from './mail-locales/zh-CN/mail.json' with { type: 'json' };

// Issue 33 (docs/decisions/053-languages.md): mail in its recipient's language. As on the web,
// the keys are the English texts, so English mail is the key itself, byte for byte as before;
// another language is i18next with mail-locales/<code>/mail.json. `npm run lint`
// (scripts/i18n-check.mjs) checks that every `t('…')` of the server is in every language.

type MailValues = Record<string, string | number>;
/** A mail text in one language: `t('Reset your Shipyard password')`. */
export type MailTranslator = (key: string, values?: MailValues) => string;

const resources: Record<Exclude<LanguageCode, 'en'>, Record<string, string>> = {
  ar,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  'pt-BR': ptBR,
  'zh-CN': zhCN,
};

/** English's plural forms (`<key>_one`, in mail-locales/en/mail.json); every other form is the key. */
const englishPlurals: Record<string, string> = en;
const englishPluralRules = new Intl.PluralRules('en');

/** `{{name}}` replaced by its value, as i18next does (no escaping: mail escapes its HTML itself). */
const english: MailTranslator = (key, values) => {
  if (!values) return key;
  const count = values.count;
  const form =
    typeof count === 'number' ? englishPlurals[`${key}_${englishPluralRules.select(count)}`] : undefined;
  return (form ?? key).replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    String(values[name] ?? whole),
  );
};

const instances = new Map<LanguageCode, i18n>();

function instanceFor(code: Exclude<LanguageCode, 'en'>): i18n {
  let instance = instances.get(code);
  if (!instance) {
    instance = i18next.createInstance();
    // Synchronous: the resources are in memory.
    void instance.init({
      lng: code,
      resources: { [code]: { translation: resources[code] } },
      initAsync: false,
      keySeparator: false,
      nsSeparator: false,
      fallbackLng: false,
      returnEmptyString: false,
      interpolation: { escapeValue: false },
    });
    instances.set(code, instance);
  }
  return instance;
}

/**
 * The texts of a mail to someone: in their language (users.language), English when they have
 * none (null follows the browser, which a mail cannot know) or an unknown one.
 */
export function mailTranslator(language: string | null | undefined): MailTranslator {
  if (!isLanguageCode(language) || language === 'en') return english;
  const instance = instanceFor(language);
  return (key, values) => instance.t(key, values ?? {}) as string;
}

import { addEnglishPlurals } from './translate.ts';

// English's plural forms, every part's `locales/en/*.json`: imported by the signed-in shell (and the
// unit tests' setup), not by the public pages' first load.

const files = import.meta.glob<{ default: Record<string, string> }>('../../locales/en/*.json', {
  eager: true,
});
for (const file of Object.values(files)) addEnglishPlurals(file.default);

#!/usr/bin/env node
// Issue 33 (docs/decisions/053-languages.md): every text the web app translates exists in every
// language, in every plural form that language has, with the same {{values}} as the English key;
// and no language keeps a text the app no longer uses. Run by `npm run lint`. The server's mail
// (apps/server/src, languages in src/platform/mail-locales/) is checked the same way.
//
// A key is the first argument of `t('…')` or `k('…')` in apps/web/src (a string literal or a
// template literal without substitutions); a call whose second argument has `count` is a plural,
// found in a language under `<key>_<category>` for each of Intl.PluralRules' categories.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'oxc-parser';

const SOURCE = /\.(?:ts|tsx)$/;
const NOT_SOURCE = /\.(?:test|spec)\.tsx?$|\.d\.ts$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'locales', 'test']);

function* files(dir, filter) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, filter);
    else if (filter(entry.name)) yield full;
  }
}

const literalText = (node) => {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return undefined;
};

const hasCount = (node) =>
  node?.type === 'ObjectExpression' &&
  node.properties.some((p) => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'count');

const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;

/** The keys a source text uses: Map key → { plural, where }. */
export function keysOf(sourceText, fileName, into = new Map()) {
  const { program } = parseSync(fileName, sourceText);
  new Visitor({
    CallExpression(node) {
      if (node.callee.type !== 'Identifier' || !['t', 'k'].includes(node.callee.name)) return;
      const key = literalText(node.arguments[0]);
      if (key === undefined) return;
      const known = into.get(key) ?? {
        plural: false,
        where: `${fileName}:${lineAt(sourceText, node.start)}`,
      };
      known.plural ||= hasCount(node.arguments[1]);
      into.set(key, known);
    },
  }).visit(program);
  return into;
}

/** The {{values}} of a text but `count`, which a plural form may spell out ('one task'). */
const valuesOf = (text) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]))]
    .filter((name) => name !== 'count')
    .sort()
    .join(',');

/** A language's texts: every `locales/<code>/*.json` merged, and any key two files disagree on. */
function readLanguage(dir) {
  const texts = {};
  const problems = [];
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    let content;
    try {
      content = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    } catch (error) {
      problems.push(`${path.basename(dir)}/${file}: not valid JSON (${error.message})`);
      continue;
    }
    for (const [key, value] of Object.entries(content)) {
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push(`${path.basename(dir)}/${file}: "${key}" has no text`);
      } else if (key in texts && texts[key] !== value) {
        problems.push(`${path.basename(dir)}/${file}: "${key}" is translated differently in another file`);
      }
      texts[key] = value;
    }
  }
  return { texts, problems };
}

const unwrapped = (node) =>
  node && (node.type === 'TSAsExpression' || node.type === 'TSSatisfiesExpression')
    ? unwrapped(node.expression)
    : node;

/**
 * The texts of the shared package's message objects (`export const taskMessages = { … }`, any
 * const named …Messages or …Texts): the spec's texts, shown by the web app through `t(message)`
 * and sent by the server in its error answers, which the web app translates the same way.
 */
export function messageKeysOf(sourceText, fileName, into = new Map()) {
  const { program } = parseSync(fileName, sourceText);
  const collect = (node) => {
    if (node?.type !== 'ObjectExpression') return;
    for (const property of node.properties) {
      const value = unwrapped(property.value);
      const key = literalText(value);
      if (key !== undefined && !into.has(key)) {
        into.set(key, { plural: false, where: `${fileName}:${lineAt(sourceText, value.start)}` });
      } else collect(value);
    }
  };
  new Visitor({
    VariableDeclarator(node) {
      if (node.id.type === 'Identifier' && /(?:Messages|Texts)$/.test(node.id.name))
        collect(unwrapped(node.init));
    },
  }).visit(program);
  return into;
}

/**
 * Every problem found in a web app rooted at `webDir` (its src/ and src/locales/), whose texts
 * also include the message objects of the shared package at `sharedDir` (when given), for the
 * languages `required` (each must have its folder) and any other folder found.
 */
export const i18nProblems = (webDir, { sharedDir, required = [] } = {}) =>
  textProblems(webDir, path.join(webDir, 'src', 'locales'), { sharedDir, required });

/** The same for the server's mail (its src/ and src/platform/mail-locales/). */
export const mailProblems = (serverDir, { required = [] } = {}) =>
  textProblems(serverDir, path.join(serverDir, 'src', 'platform', 'mail-locales'), { required });

/** The problems of the `t()` and `k()` keys of `<appDir>/src` against the languages in `localesDir`. */
function textProblems(appDir, localesDir, { sharedDir, required }) {
  const used = new Map();
  for (const file of files(path.join(appDir, 'src'), (name) => SOURCE.test(name) && !NOT_SOURCE.test(name))) {
    keysOf(readFileSync(file, 'utf8'), path.relative(appDir, file), used);
  }
  if (sharedDir) {
    for (const file of files(sharedDir, (name) => SOURCE.test(name) && !NOT_SOURCE.test(name))) {
      messageKeysOf(
        readFileSync(file, 'utf8'),
        path.relative(path.resolve(sharedDir, '..', '..'), file),
        used,
      );
    }
  }
  const problems = [];
  const codes = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const code of required) {
    if (!codes.includes(code))
      problems.push(`${code}: no folder of texts (${path.relative(appDir, localesDir)}/${code}/)`);
  }
  for (const code of codes) {
    const { texts, problems: own } = readLanguage(path.join(localesDir, code));
    problems.push(...own);
    const expected = new Map();
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const [key, { plural, where }] of used) {
      if (code === 'en') {
        // English keys are their own text; only a plural's 'one' form is written out.
        if (plural) expected.set(`${key}_one`, { key, where });
        continue;
      }
      if (plural) for (const category of categories) expected.set(`${key}_${category}`, { key, where });
      else expected.set(key, { key, where });
    }
    for (const [name, { key, where }] of expected) {
      if (!(name in texts)) problems.push(`${code}: "${name}" is missing (used in ${where})`);
      else if (valuesOf(texts[name]) !== valuesOf(key)) {
        problems.push(`${code}: "${name}" does not use the same {{values}} as its English text`);
      }
    }
    for (const name of Object.keys(texts)) {
      if (!expected.has(name)) problems.push(`${code}: "${name}" is not used by the app (delete it)`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  // The languages the app offers (packages/shared/src/languages.ts): each must have its texts.
  const languages = readFileSync(path.join(root, 'packages', 'shared', 'src', 'languages.ts'), 'utf8');
  const required = [...languages.matchAll(/\{ code: '([\w-]+)'/g)].map((match) => match[1]);
  const problems = [
    ...i18nProblems(path.join(root, 'apps', 'web'), {
      sharedDir: path.join(root, 'packages', 'shared', 'src'),
      required,
    }),
    ...mailProblems(path.join(root, 'apps', 'server'), { required }).map(
      (problem) => `server mail: ${problem}`,
    ),
  ];
  if (problems.length > 0) {
    console.error(`i18n: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
    // Not process.exit: a long report to a pipe would be cut off.
    process.exitCode = 1;
  } else console.log('i18n: every text of the web app and of the mail is translated in every language');
}

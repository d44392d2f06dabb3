#!/usr/bin/env node
// Issue 33 (docs/decisions/053-languages.md): right-to-left layouts through Tailwind's logical
// utilities. Rewrites the physical direction classes of apps/web/src (`ml-2` → `ms-2`,
// `text-left` → `text-start`, `rounded-tl-md` → `rounded-ss-md`, with their variants and
// negatives), adds `rtl:space-x-reverse` beside `space-x-*`, and lists what must be looked at by
// hand: a class list that centres with `left-1/2 -translate-x-1/2` or slides in from a side
// (sheets) keeps its physical classes, and needs an `rtl:` variant if it must mirror.
//
//   node scripts/logical-classes.mjs            dry run: prints what it would change
//   node scripts/logical-classes.mjs --write    rewrites the files
//
// Only whole class tokens inside string and template literals are touched (className="…",
// cn('…'), cva's variants), so a sentence that mentions "left" is left alone.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor } from 'oxc-parser';

const SIDE = { l: 's', r: 'e', left: 'start', right: 'end' };
const CORNER = { tl: 'ss', tr: 'se', bl: 'es', br: 'ee' };

/** Physical utility → logical one; undefined when it has no direction. */
const RULES = [
  [/^(m|p)([lr])-(.+)$/, (_, box, side, value) => `${box}${SIDE[side]}-${value}`],
  [/^scroll-(m|p)([lr])-(.+)$/, (_, box, side, value) => `scroll-${box}${SIDE[side]}-${value}`],
  [/^(left|right)-(.+)$/, (_, side, value) => `${SIDE[side]}-${value}`, 'inset'],
  [/^text-(left|right)$/, (_, side) => `text-${SIDE[side]}`],
  [/^(float|clear)-(left|right)$/, (_, what, side) => `${what}-${SIDE[side]}`],
  [/^border-([lr])(-.+)?$/, (_, side, rest = '') => `border-${SIDE[side]}${rest}`],
  [/^rounded-([lr])(-.+)?$/, (_, side, rest = '') => `rounded-${SIDE[side]}${rest}`],
  [/^rounded-(tl|tr|bl|br)(-.+)?$/, (_, corner, rest = '') => `rounded-${CORNER[corner]}${rest}`],
];

/** Where a class's variants end: the last ':' outside brackets ('md:', '[&:hover]:', 'data-[x]:'). */
function splitVariants(token) {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < token.length; i += 1) {
    const c = token[i];
    if (c === '[' || c === '(') depth += 1;
    else if (c === ']' || c === ')') depth -= 1;
    else if (c === ':' && depth === 0) end = i + 1;
  }
  return [token.slice(0, end), token.slice(end)];
}

/** A token's parts: variants ('md:hover:'), '!' and '-' prefixes, and the utility itself. */
function partsOf(token) {
  const [variants, rest] = splitVariants(token);
  const match = /^(!?)(-?)(.*?)(!?)$/.exec(rest);
  return { variants, important: match[1], negative: match[2], utility: match[3], trailing: match[4] };
}

const TRANSLATE_X = /^-?translate-x-/;
const SLIDE_X = /^slide-(?:in|out)-from-(?:left|right)|^slide-(?:in|out)-to-(?:left|right)/;
const SPACE_X = /^space-x-(?!reverse)/;
const DIVIDE_X = /^divide-x(?!-reverse)/;

/**
 * One class list rewritten: `{ text, changes, review }`. `review` names what was kept physical
 * on purpose and may need an `rtl:` variant.
 */
export function rewriteClassList(text) {
  const tokens = text.split(/(\s+)/);
  const utilities = tokens.filter((t) => t.trim()).map((t) => partsOf(t).utility);
  const centred = utilities.some((u) => TRANSLATE_X.test(u));
  const review = [];
  const changes = [];
  const out = tokens.map((token) => {
    if (!token.trim()) return token;
    const parts = partsOf(token);
    if (SLIDE_X.test(parts.utility))
      review.push(`${token}: slides from a side; add an rtl: variant if it must mirror`);
    for (const [pattern, rewrite, kind] of RULES) {
      const match = pattern.exec(parts.utility);
      if (!match) continue;
      if (kind === 'inset' && centred) {
        review.push(`${token}: kept beside translate-x (centring or a slide); check it in rtl`);
        return token;
      }
      const next = `${parts.variants}${parts.important}${parts.negative}${rewrite(...match)}${parts.trailing}`;
      changes.push([token, next]);
      return next;
    }
    return token;
  });
  for (const [pattern, reverse] of [
    [SPACE_X, 'rtl:space-x-reverse'],
    [DIVIDE_X, 'rtl:divide-x-reverse'],
  ]) {
    if (utilities.some((u) => pattern.test(u)) && !tokens.includes(reverse)) {
      out.push(' ', reverse);
      changes.push(['', reverse]);
    }
  }
  if (centred && review.length === 0)
    review.push(`${text.trim()}: translate-x moves the same way in rtl; check it`);
  return { text: out.join(''), changes, review };
}

const lineAt = (source, offset) => source.slice(0, offset).split('\n').length;

/** A source file rewritten: `{ text, changes: [{ line, from, to }], review: [{ line, note }] }`. */
export function rewriteSource(source, fileName) {
  const { program } = parseSync(fileName, source);
  const edits = [];
  const changes = [];
  const review = [];
  const visit = (start, end, raw) => {
    const result = rewriteClassList(raw);
    const line = lineAt(source, start);
    for (const [from, to] of result.changes) changes.push({ line, from, to });
    for (const note of result.review) review.push({ line, note });
    if (result.text !== raw) edits.push({ start, end, text: result.text });
  };
  new Visitor({
    Literal(node) {
      if (typeof node.value === 'string' && node.end - node.start === node.value.length + 2) {
        // The literal's inside, between its quotes, as written in the file.
        visit(node.start + 1, node.end - 1, source.slice(node.start + 1, node.end - 1));
      }
    },
    TemplateElement(node) {
      // Its span may or may not hold the backtick or '}' before it: find its raw text inside.
      const start = source.indexOf(node.value.raw, node.start);
      if (start >= 0) visit(start, start + node.value.raw.length, node.value.raw);
    },
  }).visit(program);
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  return { text, changes, review };
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'locales'].includes(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const write = process.argv.includes('--write');
  let changed = 0;
  let reviews = 0;
  for (const file of sourceFiles(path.join(root, 'apps', 'web', 'src'))) {
    const source = readFileSync(file, 'utf8');
    const result = rewriteSource(source, file);
    const name = path.relative(root, file);
    for (const { line, from, to } of result.changes) console.log(`${name}:${line}: ${from || '+'} → ${to}`);
    for (const { line, note } of result.review) console.log(`${name}:${line}: REVIEW ${note}`);
    changed += result.changes.length;
    reviews += result.review.length;
    if (write && result.text !== source) writeFileSync(file, result.text);
  }
  console.log(
    `logical-classes: ${changed} class(es) ${write ? 'rewritten' : 'to rewrite (dry run; --write applies)'}, ${reviews} to review by hand`,
  );
}

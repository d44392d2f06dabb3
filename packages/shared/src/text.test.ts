import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  hasForbiddenCharacters,
  isMultiLineText,
  isSingleLineText,
  multiLine,
  plainTextPreview,
  singleLine,
} from './text.ts';

describe('text rules', () => {
  it('refuses NUL and lone surrogates everywhere, and accepts paired surrogates', () => {
    expect(hasForbiddenCharacters('a\u0000b')).toBe(true);
    expect(hasForbiddenCharacters('\ud800')).toBe(true);
    expect(hasForbiddenCharacters('x\udc00')).toBe(true);
    expect(hasForbiddenCharacters('ship 🚀')).toBe(false);
    expect(isSingleLineText('ship 🚀')).toBe(true);
    expect(isMultiLineText('ship 🚀')).toBe(true);
  });

  it('keeps line breaks and tabs out of single-line text only', () => {
    expect(isSingleLineText('Ada\r\nBcc: x')).toBe(false);
    expect(isSingleLineText('a\tb')).toBe(false);
    expect(isSingleLineText('a\u2028b')).toBe(false);
    expect(isMultiLineText('line one\nline two\r\n\tindented')).toBe(true);
    expect(isMultiLineText('bell\u0007')).toBe(false);
  });

  it('plugs into zod/mini schemas with a readable message', () => {
    const name = z.string().check(z.trim(), singleLine());
    const body = z.string().check(multiLine());
    expect(name.safeParse('Ada\nEvil').success).toBe(false);
    expect(name.safeParse('  Ada  ').data).toBe('Ada');
    expect(body.safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'Contains characters that are not allowed',
    );
  });
});

describe('plainTextPreview', () => {
  it('drops markdown and shows a mention by name only', () => {
    const body =
      '# Fix **double** charge\n\n[@Ann \\[ops\\]](user:0b3c6b1e-7a40-4d2e-9a53-1d1f0f6e4a11) see [the log](https://x.test) `now`\n- one\n> two';
    expect(plainTextPreview(body)).toBe('Fix double charge @Ann [ops] see the log now one two');
  });
  it('cuts long text with an ellipsis', () => {
    expect(plainTextPreview('word '.repeat(100), 20)).toBe('word word word word…');
  });
});

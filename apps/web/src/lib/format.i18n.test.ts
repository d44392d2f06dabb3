import { beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 33: dates, numbers and relative times in the page's language. The formatters are made
// at first use, so each case loads fresh modules and sets the language before formatting.
async function formatIn(code: 'de' | 'ar' | 'ja') {
  const { setPageLanguage } = await import('./i18n/index.ts');
  const { loadTranslator } = await import('./i18n/i18next-setup.ts');
  setPageLanguage(code, await loadTranslator(code));
  return import('./format.ts');
}

const now = new Date('2025-03-10T12:00:00.000Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

beforeEach(() => {
  vi.resetModules();
});

describe('formatting in another language', () => {
  it('writes German relative times with their plural forms, and German dates and numbers', async () => {
    const f = await formatIn('de');
    expect(f.formatRelative(ago(0), now)).toBe('gerade eben');
    expect(f.formatRelative(ago(1), now)).toBe('vor 1 Minute');
    expect(f.formatRelative(ago(5), now)).toBe('vor 5 Minuten');
    expect(f.formatRelative(ago(60), now)).toBe('vor 1 Stunde');
    expect(f.formatRelative(ago(3 * 24 * 60), now)).toBe('vor 3 Tagen');
    expect(f.formatDate('2023-12-31')).toBe('31.12.2023');
    expect(f.formatNumber(12345)).toBe('12.345');
    expect(f.formatBytes(1536)).toBe('1,5 KB');
    expect(f.formatActivityTime(new Date(2025, 2, 5, 14, 7))).toBe('05. März, 14:07');
  });

  it('uses each Arabic plural form', async () => {
    const f = await formatIn('ar');
    expect(f.formatRelative(ago(1), now)).toBe('منذ دقيقة واحدة');
    expect(f.formatRelative(ago(2), now)).toBe('منذ دقيقتين');
    expect(f.formatRelative(ago(3), now)).toBe('منذ 3 دقائق');
    expect(f.formatRelative(ago(11), now)).toBe('منذ 11 دقيقة');
  });

  it('writes Japanese with its single form', async () => {
    const f = await formatIn('ja');
    expect(f.formatRelative(ago(5), now)).toBe('5 分前');
    expect(f.formatDate('2023-12-31')).toBe('2023/12/31');
  });
});

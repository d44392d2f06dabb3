import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n/start.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, jsonResponse, mockFetch, sentRequest } from '../../../test/fetch-stubs.ts';
import { makeUser, renderWithProviders } from '../../../test/render.tsx';
import { FollowAccountLanguage } from './follow-account-language.tsx';
import { LanguagePicker } from './language-picker.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe('LanguagePicker', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it("offers the browser's language and each language in its own name, not the pseudo-locale", () => {
    renderWithProviders(<LanguagePicker user={{ language: null }} onChanged={vi.fn()} />);
    const select = screen.getByLabelText('Language');
    expect(select).toHaveValue('browser');
    const options = [...select.querySelectorAll('option')].map((o) => o.textContent);
    expect(options[0]).toMatch(/^Browser default \(.+\)$/);
    expect(options).toContain('Deutsch');
    expect(options).toContain('العربية');
    expect(options).toHaveLength(11);
    expect(options.join()).not.toMatch(/en-XA/);
  });

  it('stores the choice on the server and on this device, then shows the page in it', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ...makeUser(), language: 'de' }));
    const onChanged = vi.fn();
    const { user } = renderWithProviders(<LanguagePicker user={{ language: null }} onChanged={onChanged} />);
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const sent = sentRequest(fetchMock);
    expect(sent.method).toBe('PUT');
    expect(sent.url).toMatch(/\/api\/user\/me\/language$/);
    expect(sent.body).toEqual({ language: 'de' });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it("'Browser default' sends null and forgets this device's choice", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const fetchMock = mockFetch(jsonResponse(200, makeUser()));
    const onChanged = vi.fn();
    const { user } = renderWithProviders(<LanguagePicker user={{ language: 'fr' }} onChanged={onChanged} />);
    await user.selectOptions(screen.getByLabelText('Language'), 'browser');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sentRequest(fetchMock).body).toEqual({ language: null });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it('keeps the page and says so when the server refuses', async () => {
    mockFetch(apiError(500, 'INTERNAL', 'boom'));
    const onChanged = vi.fn();
    const { user } = renderWithProviders(<LanguagePicker user={{ language: null }} onChanged={onChanged} />);
    await user.selectOptions(screen.getByLabelText('Language'), 'ja');
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(onChanged).not.toHaveBeenCalled();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });
});

describe('FollowAccountLanguage', () => {
  beforeEach(() => localStorage.clear());

  it("takes the account's language once, and never reloads for null or a language already stored", () => {
    const reload = vi.fn();
    const { rerender } = renderWithProviders(<FollowAccountLanguage language="de" reload={reload} />);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(reload).toHaveBeenCalledTimes(1);
    rerender(<FollowAccountLanguage language="de" reload={reload} />);
    rerender(<FollowAccountLanguage language={null} reload={reload} />);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('keeps the pseudo-locale of a device whose person follows the browser', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en-XA');
    const reload = vi.fn();
    renderWithProviders(<FollowAccountLanguage language={null} reload={reload} />);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en-XA');
  });
});

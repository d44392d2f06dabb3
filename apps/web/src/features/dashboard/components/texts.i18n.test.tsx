import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 33: this area's sentences in another language: plural forms, values in the words' order,
// statuses translated when they are the app's own. Each case loads fresh modules in its language.
async function speak(code: 'de' | 'ar' | 'ja') {
  vi.resetModules();
  const { setPageLanguage } = await import('../../../lib/i18n/index.ts');
  const { loadTranslator } = await import('../../../lib/i18n/i18next-setup.ts');
  setPageLanguage(code, await loadTranslator(code));
}

afterEach(async () => {
  const { setPageLanguage } = await import('../../../lib/i18n/index.ts');
  const { english } = await import('../../../lib/i18n/translate.ts');
  setPageLanguage('en', english);
});

describe('the dashboard in another language', () => {
  it('counts teams with each language’s plural forms', async () => {
    await speak('de');
    const captions = await import('./stat-captions.ts');
    expect(captions.teamMembersCaption(1)).toBe('In 1 Team');
    expect(captions.teamMembersCaption(8)).toBe('In 8 Teams');
    expect(captions.pendingReviewsCaption(2)).toBe('Erfordert Aufmerksamkeit');

    await speak('ar');
    const arabic = await import('./stat-captions.ts');
    expect(arabic.teamMembersCaption(2)).toBe('في 2 فريقين');
    expect(arabic.teamMembersCaption(3)).toBe('في 3 فرق');
  });

  it('puts the performer where Japanese wants it and translates a stage', async () => {
    await speak('ja');
    const { renderWithProviders } = await import('../../../test/render.tsx');
    const { jsonResponse, routeFetch } = await import('../../../test/fetch-stubs.ts');
    const { makeActivity } = await import('../../../test/product-fixtures.ts');
    const { RecentActivityCard } = await import('./recent-activity-card.tsx');
    const activities = [
      makeActivity({
        projectId: 'p-1',
        productName: 'Apollo',
        actionType: 'status_changed',
        description: 'Moved Apollo to testing',
        performer: { _id: 'u-2', name: 'Grace Hopper', avatar_url: null },
        metadata: { newStatus: 'testing' },
      }),
    ];
    routeFetch({
      'GET /api/activities': jsonResponse(200, { data: activities, total: 1, actionTypes: [] }),
    });
    renderWithProviders(<RecentActivityCard />);
    expect(await screen.findByText('最近のアクティビティ')).toBeInTheDocument();
    expect(await screen.findByText('テスト')).toBeInTheDocument();
    // Japanese names the performer alone ('by' has no word of its own there).
    expect(screen.getByText('Grace Hopper').parentElement).toHaveTextContent(/^Grace Hopper$/);
  });
});

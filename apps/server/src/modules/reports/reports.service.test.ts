import { describe, expect, it, vi } from 'vitest';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import type { ReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';

const superAdmin = { role: 'super admin' as const };
const clock = { now: () => new Date('2026-03-10T12:00:00Z') };

const emptyMilestones = {
  summary: { milestones: 0, met: 0, missed: 0, upcoming: 0, average_days_late: null, max_days_late: null },
  rows: [],
  total_rows: 0,
};

/** A repository whose milestone query waits until the test lets it answer. */
function gatedRepository() {
  const gates: Array<() => void> = [];
  const milestoneAnalysis = vi.fn(
    () =>
      new Promise<typeof emptyMilestones>((resolve, reject) => {
        gates.push(() => resolve(emptyMilestones));
        gates.push(() => reject(new Error('database gone')));
      }),
  );
  const reports = { milestoneAnalysis } as unknown as ReportsRepository;
  return {
    reports,
    milestoneAnalysis,
    answer: (n: number) => gates[n * 2]?.(),
    fail: (n: number) => gates[n * 2 + 1]?.(),
  };
}

/**
 * The sharing half of lib/fresh-cache.ts (one computation per key while it runs, a failure kept
 * for no one); when a finished figure may be reused is fresh-cache.test.ts's, on a real database.
 */
function sharingCache(): FreshCache {
  const running = new Map<string, Promise<unknown>>();
  return {
    get<T>(key: string, compute: () => Promise<T>) {
      let pending = running.get(key);
      if (!pending) {
        pending = compute().finally(() => running.delete(key));
        running.set(key, pending);
      }
      return pending as Promise<T>;
    },
  };
}

describe('createReportsService', () => {
  it('lets identical requests made while a report is computed share it, and computes afresh afterwards', async () => {
    const repo = gatedRepository();
    const service = createReportsService({ reports: repo.reports, clock, cache: sharingCache() });
    const first = service.report(superAdmin, 'milestone-analysis', {});
    const second = service.report(superAdmin, 'milestone-analysis', { from: '2025-12-11', to: '2026-03-10' });
    const other = service.report(superAdmin, 'milestone-analysis', { from: '2026-01-01' });
    expect(repo.milestoneAnalysis).toHaveBeenCalledTimes(2);

    repo.answer(0);
    repo.answer(1);
    expect(await second).toBe(await first);
    expect((await other).from).toBe('2026-01-01');

    const later = service.report(superAdmin, 'milestone-analysis', {});
    expect(repo.milestoneAnalysis).toHaveBeenCalledTimes(3);
    repo.answer(2);
    expect(await later).not.toBe(await first);
  });

  it('fails every request that shared a failed computation, and tries again on the next one', async () => {
    const repo = gatedRepository();
    const service = createReportsService({ reports: repo.reports, clock, cache: sharingCache() });
    const first = service.report(superAdmin, 'milestone-analysis', {});
    const second = service.report(superAdmin, 'milestone-analysis', {});
    repo.fail(0);
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');

    const again = service.report(superAdmin, 'milestone-analysis', {});
    expect(repo.milestoneAnalysis).toHaveBeenCalledTimes(2);
    repo.answer(1);
    expect((await again).summary.find((s) => s.key === 'milestones')?.value).toBe(0);
  });
});

import type { Roadmap } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { applyChange } from './change-dates.ts';

const roadmap: Roadmap = {
  from: '2026-01-01',
  to: '2026-12-31',
  hasMore: false,
  products: [
    {
      id: 'p-1',
      name: 'Atlas',
      key: 'ATL',
      status: 'planning',
      start_date: '2026-02-01',
      target_end_date: '2026-06-30',
      canEdit: true,
      stages: [
        {
          stage: 'planning',
          starts_on: '2026-02-01',
          ends_on: '2026-02-28',
          updated_by: 'u',
          updated_at: 'x',
        },
      ],
      milestones: [],
    },
    {
      id: 'p-2',
      name: 'Nebula',
      key: 'NEB',
      status: 'testing',
      start_date: '2026-03-01',
      target_end_date: '2026-09-30',
      canEdit: false,
      stages: [],
      milestones: [],
    },
  ],
};

describe('applyChange (what the roadmap shows while a move is sent)', () => {
  it('moves one product’s target date and leaves the others as they were', () => {
    const next = applyChange(roadmap, { kind: 'target', productId: 'p-1', target: '2026-07-15' });
    expect(next.products[0]?.target_end_date).toBe('2026-07-15');
    expect(next.products[1]).toBe(roadmap.products[1]);
  });

  it('sets a stage’s plan in place of the old one, and takes it away when cleared', () => {
    const set = applyChange(roadmap, {
      kind: 'plan',
      productId: 'p-1',
      stage: 'planning',
      span: { starts_on: '2026-02-05', ends_on: '2026-03-05' },
    });
    expect(set.products[0]?.stages).toEqual([
      expect.objectContaining({ stage: 'planning', starts_on: '2026-02-05', ends_on: '2026-03-05' }),
    ]);
    const cleared = applyChange(set, { kind: 'plan', productId: 'p-1', stage: 'planning', span: null });
    expect(cleared.products[0]?.stages).toEqual([]);
  });
});

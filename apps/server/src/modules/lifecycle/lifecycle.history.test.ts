import { describe, expect, it } from 'vitest';
import { flowOf, type ProductHead, type StageEntry, spreadOf, staysOf } from './lifecycle.history.ts';

// The stage history computed from events, without a database.
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const ann = { _id: 'u1', name: 'Ann' };
const bob = { _id: 'u2', name: 'Bob' };
const head = (over: Partial<ProductHead> = {}): ProductHead => ({
  id: 'p1',
  name: 'Atlas',
  status: 'testing',
  createdAt: at('2026-01-01'),
  stageEnteredAt: at('2026-01-20'),
  archivedAt: null,
  creator: ann,
  ...over,
});
let n = 0;
const entry = (actionType: string, day: string, metadata: Record<string, unknown>, by = ann): StageEntry => ({
  id: `e${++n}`,
  productId: 'p1',
  actionType,
  metadata,
  performedBy: by,
  createdAt: at(day),
});

describe('staysOf', () => {
  it('follows creation, board moves and edit-form moves, with who entered and left', () => {
    const stays = staysOf(head(), [
      entry('prd_created', '2026-01-01', { status: 'planning' }),
      entry('status_changed', '2026-01-05', { previousStatus: 'planning', newStatus: 'development' }, bob),
      entry('product_updated', '2026-01-20', {
        changes: { status: { from: 'development', to: 'testing' } },
        previousStatus: 'development',
        newStatus: 'testing',
      }),
    ]);
    expect(
      stays.map((s) => [
        s.stage,
        s.enteredAt.toISOString().slice(0, 10),
        s.leftAt?.toISOString().slice(0, 10) ?? null,
      ]),
    ).toEqual([
      ['planning', '2026-01-01', '2026-01-05'],
      ['development', '2026-01-05', '2026-01-20'],
      ['testing', '2026-01-20', null],
    ]);
    expect(stays[0]).toMatchObject({ enteredBy: ann, leftBy: bob });
    expect(stays[1]).toMatchObject({ enteredBy: bob, leftBy: ann });
  });

  it('marks the stay a gate override let in, with its reason', () => {
    const stays = staysOf(head(), [
      entry('prd_created', '2026-01-01', { status: 'development' }),
      entry('stage_gate_refused', '2026-01-19', { fromStage: 'development', toStage: 'testing', unmet: [] }),
      entry('stage_gate_overridden', '2026-01-20', {
        fromStage: 'development',
        toStage: 'testing',
        reason: 'Hotfix',
        unmet: [],
      }),
      entry('status_changed', '2026-01-20', { previousStatus: 'development', newStatus: 'testing' }),
    ]);
    expect(stays.map((s) => [s.stage, s.overridden, s.reason])).toEqual([
      ['development', false, null],
      ['testing', true, 'Hotfix'],
    ]);
  });

  it('reads a product moved before issue 32 from old entries: a diff without newStatus, no creation entry', () => {
    const stays = staysOf(head({ status: 'production', stageEnteredAt: at('2026-02-01') }), [
      entry('product_updated', '2026-01-10', { changes: { status: { from: 'planning', to: 'testing' } } }),
      entry('status_changed', '2026-02-01', { previousStatus: 'testing', newStatus: 'production' }),
    ]);
    expect(stays.map((s) => s.stage)).toEqual(['planning', 'testing', 'production']);
    expect(stays[0]?.enteredAt).toEqual(at('2026-01-01'));
    expect(stays[0]?.enteredBy).toEqual(ann);
  });

  it('falls back to creation and the stage it is in for a product with no move entries', () => {
    const stays = staysOf(head({ status: 'development' }), []);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ stage: 'development', enteredAt: at('2026-01-01'), leftAt: null });
  });

  it('adds a stay from stage_entered_at when the product is in a stage no entry moved it to', () => {
    const stays = staysOf(head({ status: 'production', stageEnteredAt: at('2026-03-01') }), [
      entry('prd_created', '2026-01-01', { status: 'planning' }),
    ]);
    expect(stays.map((s) => [s.stage, s.leftAt?.toISOString().slice(0, 10) ?? null])).toEqual([
      ['planning', '2026-03-01'],
      ['production', null],
    ]);
  });
});

describe('spreadOf and flowOf', () => {
  it('answers median, quartiles, min and max', () => {
    expect(spreadOf([4, 1, 3, 2, 10])).toEqual({ count: 5, median: 3, p25: 2, p75: 4, min: 1, max: 10 });
    expect(spreadOf([])).toEqual({ count: 0, median: null, p25: null, p75: null, min: null, max: null });
  });

  it('counts a span on each day whose end it covers', () => {
    const flow = flowOf(['2026-01-01', '2026-01-02', '2026-01-03'], ['a', 'b'] as const, [
      { key: 'a', from: at('2025-12-01'), to: at('2026-01-02') },
      { key: 'b', from: at('2026-01-02'), to: null },
    ]);
    expect(flow.map((d) => d.counts)).toEqual([
      { a: 1, b: 0 },
      { a: 0, b: 1 },
      { a: 0, b: 1 },
    ]);
  });
});

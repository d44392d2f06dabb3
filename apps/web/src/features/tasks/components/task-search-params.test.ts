import { describe, expect, it } from 'vitest';
import {
  defaultTasksSearch,
  filtersOf,
  isNarrowed,
  readTasksSearch,
  writeTasksSearch,
} from './task-search-params.ts';

const read = (query: string) => readTasksSearch(new URLSearchParams(query));
const label = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const person = '11111111-2222-4333-8444-555555555555';

describe('tasks page search params', () => {
  it('reads an older link (product, one status) and writes it back in the schema’s names', () => {
    const state = read('?search=radio&product=p-1&phase=Testing&status=in-progress&view=board');
    expect(state).toEqual({
      ...defaultTasksSearch,
      search: 'radio',
      productId: 'p-1',
      phase: 'testing',
      status: ['In Progress'],
      view: 'board',
    });
    expect(writeTasksSearch(state)).toBe(
      '?search=radio&productId=p-1&phase=testing&status=in-progress&view=board',
    );
    expect(filtersOf(state)).toEqual({
      ...filtersOf(defaultTasksSearch),
      search: 'radio',
      productId: 'p-1',
      phase: ['testing'],
      status: ['In Progress'],
    });
  });

  it('round-trips every filter, the preset, the sort and the grouping of issue 28', () => {
    const query = `?search=hull&productId=p-1&status=pending,completed&preset=assigned&assignee=me,none,${person}&label=Bug,UI&priority=high,critical&due=overdue&dueFrom=2026-01-01&dueTo=2026-02-01&createdBy=me&teamId=none&updatedSince=2026-01-15&sort=due&order=asc&group=assignee`;
    const state = read(query);
    expect(state).toMatchObject({
      status: ['Pending', 'Completed'],
      preset: 'assigned',
      assignee: ['me', 'none', person],
      label: ['Bug', 'UI'],
      priority: ['high', 'critical'],
      due: 'overdue',
      dueFrom: '2026-01-01',
      dueTo: '2026-02-01',
      createdBy: ['me'],
      teamId: ['none'],
      updatedSince: '2026-01-15',
      sort: 'due',
      order: 'asc',
      group: 'assignee',
    });
    expect(writeTasksSearch(state)).toBe(query);
    expect(read(writeTasksSearch(state))).toEqual(state);
  });

  it('drops what the schema refuses, one filter at a time', () => {
    expect(
      read('?preset=everyone&due=soon&priority=urgent&assignee=bob&sort=size&dueFrom=2026-02-30&group=x'),
    ).toEqual(defaultTasksSearch);
    expect(read('?due=week&sort=size').due).toBe('week');
  });

  it('keeps an older link’s label id of the chosen product (now labelId), and no label id without a product', () => {
    const state = read(`?product=p-1&label=${label.toUpperCase()}`);
    expect(state.labelId).toBe(label);
    expect(state.label).toEqual([]);
    expect(writeTasksSearch(state)).toBe(`?productId=p-1&labelId=${label}`);
    expect(read(writeTasksSearch(state)).labelId).toBe(label);
    expect(filtersOf(state).labelId).toEqual([label]);
    expect(read(`?label=${label}`).labelId).toBeUndefined();
    expect(read('?product=p-1&label=not-a-label').label).toEqual(['not-a-label']);
    expect(writeTasksSearch({ ...defaultTasksSearch, labelId: label })).toBe('');
  });

  it("treats 'all', unknown values and the defaults as no filter, and leaves them out of the URL", () => {
    expect(read('?product=all&phase=all&status=all&view=list&preset=all&group=all')).toEqual(
      defaultTasksSearch,
    );
    expect(read('?phase=launch&status=done&view=calendar')).toEqual(defaultTasksSearch);
    expect(writeTasksSearch(defaultTasksSearch)).toBe('');
    expect(writeTasksSearch({ ...defaultTasksSearch, search: '  a b  ' })).toBe('?search=a+b');
  });

  it('keeps custom field filters (issue 29), each its own param, and the field a sort or grouping names', () => {
    const f = '11111111-1111-4111-8111-111111111111';
    const state = read(
      `?field=${f}:is:High,Low&field=${f}:gte:3&field=nonsense&sort=field&sortField=${f}&group=field&groupField=${f}`,
    );
    expect(state.field).toEqual([`${f}:is:High,Low`, `${f}:gte:3`]);
    expect(state).toMatchObject({ sort: 'field', sortField: f, group: 'field', groupField: f });
    expect(isNarrowed(state)).toBe(true);
    expect(read(writeTasksSearch(state))).toEqual(state);
    expect(filtersOf(state).field).toEqual(state.field);
  });
});

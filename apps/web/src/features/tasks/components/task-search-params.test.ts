import { describe, expect, it } from 'vitest';
import { defaultTasksSearch, filtersOf, readTasksSearch, writeTasksSearch } from './task-search-params.ts';

const read = (query: string) => readTasksSearch(new URLSearchParams(query));

describe('tasks page search params', () => {
  it('reads the filters and the tab, and writes them back the same', () => {
    const state = read('?search=radio&product=p-1&phase=Testing&status=in-progress&view=board');
    expect(state).toEqual({
      search: 'radio',
      productId: 'p-1',
      phase: 'testing',
      status: 'In Progress',
      labelId: undefined,
      view: 'board',
    });
    expect(writeTasksSearch(state)).toBe(
      '?search=radio&product=p-1&phase=testing&status=in-progress&view=board',
    );
    expect(filtersOf(state)).toEqual({
      search: 'radio',
      productId: 'p-1',
      phase: ['testing'],
      status: ['In Progress'],
      labelId: [],
    });
  });

  it('keeps a label of the chosen product in ?label=, and no label without a product', () => {
    const label = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const state = read(`?product=p-1&label=${label.toUpperCase()}`);
    expect(state.labelId).toBe(label);
    expect(writeTasksSearch(state)).toBe(`?product=p-1&label=${label}`);
    expect(filtersOf(state).labelId).toEqual([label]);
    expect(read(`?label=${label}`).labelId).toBeUndefined();
    expect(read('?product=p-1&label=not-a-label').labelId).toBeUndefined();
    expect(writeTasksSearch({ ...defaultTasksSearch, labelId: label })).toBe('');
  });

  it("treats 'all', unknown values and the defaults as no filter, and leaves them out of the URL", () => {
    expect(read('?product=all&phase=all&status=all&view=list')).toEqual(defaultTasksSearch);
    expect(read('?phase=launch&status=done&view=calendar')).toEqual(defaultTasksSearch);
    expect(writeTasksSearch(defaultTasksSearch)).toBe('');
    expect(writeTasksSearch({ ...defaultTasksSearch, search: '  a b  ' })).toBe('?search=a+b');
  });
});

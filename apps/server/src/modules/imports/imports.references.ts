import {
  hierarchyMessages,
  type ImportRowError,
  RELATIONS_PER_TASK_MAX,
  SUBTASK_DEPTH_MAX,
} from '@shipyard/shared';
import type { ImportLinks, TaskRef } from '../tasks/index.ts';
import type { RawTask } from './imports.rows.ts';

// The parent and relation columns of a CSV import (issue 29), as the task export writes them: a
// cell names tasks by key ("ATL-3; ATL-7"), each a task of the product or a row of the file (by
// the file's `key` column). Checked before anything is stored, like any other cell: an unknown
// key, a cycle or a tree deeper than SUBTASK_DEPTH_MAX is a row error, and nothing is imported.

const REFERENCE_COLUMNS = ['parent', 'blocks', 'blocked_by', 'relates_to', 'duplicate_of'] as const;
export type ReferenceColumn = (typeof REFERENCE_COLUMNS)[number];

const norm = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The `key` and reference columns of the file, by header ("Blocked by" or blocked_by), not in `taken`. */
export function referenceColumns(headers: readonly string[], taken: ReadonlySet<number>) {
  const at = (name: string) => headers.findIndex((h, i) => norm(h) === name && !taken.has(i));
  const found = (name: string) => (at(name) >= 0 ? at(name) : undefined);
  return {
    key: found('key'),
    refs: REFERENCE_COLUMNS.flatMap((column) => {
      const i = found(column);
      return i === undefined ? [] : [{ column, at: i }];
    }),
  };
}

/** A cell's keys: "ATL-3; ATL-7" (or commas), upper case. */
export const keysOf = (cell: string) =>
  cell
    .split(/[;,]/)
    .map((k) => k.trim().toUpperCase())
    .filter(Boolean);

/** Every key the rows name in their reference cells that no row of the file holds. */
export function keysNamed(raws: readonly RawTask[]): string[] {
  const inFile = new Set(raws.map((r) => r.key?.trim().toUpperCase()).filter(Boolean));
  const named = new Set<string>();
  for (const raw of raws) {
    for (const keys of Object.values(raw.refs ?? {})) for (const k of keys) if (!inFile.has(k)) named.add(k);
  }
  return [...named];
}

/** What a relation column stores, from the row's task (`self`) to the named one. */
const STORED: Record<
  Exclude<ReferenceColumn, 'parent'>,
  { kind: ImportLinks['relations'][number]['kind']; selfIsSource: boolean }
> = {
  blocks: { kind: 'blocks', selfIsSource: true },
  blocked_by: { kind: 'blocks', selfIsSource: false },
  relates_to: { kind: 'relates', selfIsSource: true },
  duplicate_of: { kind: 'duplicates', selfIsSource: true },
};

/**
 * The rows' parents and relations resolved (rows by their index in `raws`), or their errors.
 * `existing`: the product's tasks the rows name, by key, with their depth (1: a top-level task).
 */
export function checkReferences(
  raws: readonly RawTask[],
  existing: ReadonlyMap<string, { id: string; depth: number }>,
): { links: ImportLinks; errors: ImportRowError[] } {
  const errors: ImportRowError[] = [];
  const byKey = new Map<string, number>();
  raws.forEach((raw, i) => {
    const key = raw.key?.trim().toUpperCase();
    if (key && !byKey.has(key)) byKey.set(key, i);
  });
  const refOf = (key: string): TaskRef | undefined => {
    const row = byKey.get(key);
    if (row !== undefined) return { row };
    const task = existing.get(key);
    return task ? { id: task.id } : undefined;
  };
  const parents = new Map<number, TaskRef>();
  const relations: ImportLinks['relations'] = [];
  const stored = new Set<string>();
  raws.forEach((raw, i) => {
    const fail = (field: string, message: string) => errors.push({ row: raw.row, field, message });
    for (const column of REFERENCE_COLUMNS) {
      const keys = raw.refs?.[column] ?? [];
      if (column === 'parent' && keys.length > 1)
        fail(column, `parent names ${keys.length} tasks; a task has one parent`);
      for (const key of keys) {
        const ref = refOf(key);
        if (!ref)
          fail(
            column,
            `${column.replace('_', ' ')} "${key}" is not a task of this product or a row of this file`,
          );
        else if ('row' in ref && ref.row === i)
          fail(column, `${column.replace('_', ' ')} "${key}" is the row's own task`);
        else if (column === 'parent') parents.set(i, ref);
        else {
          const { kind, selfIsSource } = STORED[column];
          const [source, target] = selfIsSource ? [{ row: i }, ref] : [ref, { row: i }];
          const id = (r: TaskRef) => ('row' in r ? `r${r.row}` : r.id);
          const pair =
            kind === 'relates' ? [id(source), id(target)].sort().join() : `${id(source)},${id(target)}`;
          if (stored.has(`${kind}:${pair}`)) continue;
          stored.add(`${kind}:${pair}`);
          relations.push({ kind, source, target });
        }
      }
    }
    const count = relations.filter(
      (r) => ('row' in r.source && r.source.row === i) || ('row' in r.target && r.target.row === i),
    ).length;
    if (count > RELATIONS_PER_TASK_MAX)
      fail('relations', `at most ${RELATIONS_PER_TASK_MAX} relations per task`);
  });
  // Each row's depth through its parents in the file (a cycle never ends) and the existing task above.
  raws.forEach((raw, i) => {
    let depth = 1;
    let at: TaskRef | undefined = parents.get(i);
    const passed = new Set([i]);
    while (at && 'row' in at) {
      if (passed.has(at.row)) {
        errors.push({ row: raw.row, field: 'parent', message: hierarchyMessages.parentCycle });
        return;
      }
      passed.add(at.row);
      depth += 1;
      at = parents.get(at.row);
    }
    if (at) depth += [...existing.values()].find((t) => t.id === (at as { id: string }).id)?.depth ?? 1;
    if (depth > SUBTASK_DEPTH_MAX)
      errors.push({ row: raw.row, field: 'parent', message: hierarchyMessages.parentTooDeep });
  });
  return {
    links: { parents: [...parents].map(([row, parent]) => ({ row, parent })), relations },
    errors,
  };
}

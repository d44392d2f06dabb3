import {
  CHECKLIST_MAX_ITEMS,
  CHECKLIST_TITLE_MAX,
  COMMENT_BODY_MAX,
  type ImportedTaskPreview,
  type ImportRowError,
  importMessages,
  isCalendarDay,
  isMultiLineText,
  LABEL_NAME_MAX,
  LABELS_PER_PRODUCT_MAX,
  LABELS_PER_TASK_MAX,
  TASK_PHASES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type TaskPhase,
  type TaskPriority,
  toTaskStatus,
} from '@shipyard/shared';
import type { ImportedTask } from '../tasks/index.ts';
import { checkFieldCells, type ImportField } from './imports.fields.ts';
import type { ReferenceColumn } from './imports.references.ts';

// The one place where an import's rows become tasks (CSV and Trello alike): every field checked
// against the product (its teams, people and labels) and every problem reported with its row.

/** One row of a file before it is checked: text as the file had it (Trello gives more structure). */
export type RawTask = {
  row: number;
  title?: string;
  description?: string;
  status?: string;
  priority?: string;
  phase?: string;
  team?: string;
  assignee?: string;
  dueDate?: string;
  labels?: Array<{ name: string; color?: string }>;
  checklist?: Array<{ title: string; done: boolean }>;
  comments?: string[];
  /** Custom field cells by field id (issue 29): text as the file had it. */
  fields?: Record<string, string>;
  /** The row's task key in the file it came from, and the keys its reference cells name (issue 29). */
  key?: string;
  refs?: Partial<Record<ReferenceColumn, string[]>>;
};

export type ImportContext = {
  teams: Array<{ id: string; name: string }>;
  people: Array<{ id: string; name: string; email: string }>;
  labels: Array<{ id: string; name: string }>;
  /** Whether the caller may add labels to the product (its creator or an admin). */
  canAddLabels: boolean;
  /** The product's custom fields (issue 29), and its task key (an exported field's header may carry it). */
  fields: ImportField[];
  productKey: string;
};

/** A checked task with what hangs off it; labels by (case-insensitive) name. */
type CheckedTask = ImportedTask & {
  row: number;
  labels: string[];
  checklist: Array<{ title: string; done: boolean }>;
  comments: string[];
};

export type CheckedImport = {
  tasks: CheckedTask[];
  errors: ImportRowError[];
  /** Labels to add to the product, by name, with their colour. */
  newLabels: Array<{ name: string; color: string }>;
  preview: ImportedTaskPreview[];
  /** The checklist items and comments of every row, refused rows included (IMPORT_MAX_ITEMS). */
  items: number;
};

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 5000;
const DEFAULT_LABEL_COLOR = '#64748b';

const key = (s: string) => s.trim().toLowerCase();
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** 'YYYY-MM-DD', or an ISO date-time (its UTC day, as Trello writes due dates). */
export function toCalendarDay(value: string): string | undefined {
  const v = value.trim();
  if (isCalendarDay(v)) return v;
  if (/^\d{4}-\d{2}-\d{2}T/.test(v)) {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return d.toISOString().slice(0, 10);
  }
  return undefined;
}

export function checkRows(raws: RawTask[], ctx: ImportContext, previewRows: number): CheckedImport {
  const errors: ImportRowError[] = [];
  const tasks: CheckedTask[] = [];
  const preview: ImportedTaskPreview[] = [];
  const teamsByName = new Map(ctx.teams.map((t) => [key(t.name), t]));
  const peopleByEmail = new Map(ctx.people.map((p) => [key(p.email), p]));
  const peopleByName = new Map<string, Array<{ id: string; name: string }>>();
  for (const p of ctx.people) peopleByName.set(key(p.name), [...(peopleByName.get(key(p.name)) ?? []), p]);
  const knownLabels = new Map(ctx.labels.map((l) => [key(l.name), l.name]));
  const newLabels = new Map<string, { name: string; color: string }>();
  let items = 0;

  for (const raw of raws) {
    const fail = (field: string, message: string) => {
      errors.push({ row: raw.row, field, message });
      return undefined;
    };
    const title = oneLine(raw.title ?? '');
    if (!title) fail('title', importMessages.required('title'));
    else if (title.length > TITLE_MAX) fail('title', importMessages.tooLong('title', TITLE_MAX));

    const description = (raw.description ?? '').replace(/\r\n?/g, '\n').trim();
    if (description.length > DESCRIPTION_MAX)
      fail('description', importMessages.tooLong('description', DESCRIPTION_MAX));
    else if (!isMultiLineText(description))
      fail('description', 'description contains characters that are not allowed');

    const statusText = oneLine(raw.status ?? '');
    const status = statusText
      ? (toTaskStatus(statusText) ??
        fail('status', importMessages.notOneOf('status', statusText, TASK_STATUSES)))
      : 'Pending';

    const priorityText = key(raw.priority ?? '');
    const priority = priorityText
      ? TASK_PRIORITIES.includes(priorityText as TaskPriority)
        ? (priorityText as TaskPriority)
        : fail('priority', importMessages.notOneOf('priority', oneLine(raw.priority ?? ''), TASK_PRIORITIES))
      : 'medium';

    const phaseText = key(raw.phase ?? '');
    const phase = phaseText
      ? TASK_PHASES.includes(phaseText as TaskPhase)
        ? (phaseText as TaskPhase)
        : fail('phase', importMessages.notOneOf('phase', oneLine(raw.phase ?? ''), TASK_PHASES))
      : null;

    const teamText = oneLine(raw.team ?? '');
    const team = teamText
      ? (teamsByName.get(key(teamText)) ?? fail('team', importMessages.unknownTeam(teamText)))
      : null;

    const assigneeText = oneLine(raw.assignee ?? '');
    let assignee: { id: string; name: string } | null | undefined = null;
    if (assigneeText) {
      const byEmail = peopleByEmail.get(key(assigneeText));
      const byName = peopleByName.get(key(assigneeText)) ?? [];
      if (byEmail) assignee = byEmail;
      else if (byName.length === 1) assignee = byName[0];
      else if (byName.length > 1) assignee = fail('assignee', importMessages.ambiguousAssignee(assigneeText));
      else assignee = fail('assignee', importMessages.unknownAssignee(assigneeText));
    }

    const dueText = (raw.dueDate ?? '').trim();
    const dueDate = dueText
      ? (toCalendarDay(dueText) ?? fail('dueDate', importMessages.badDate(dueText)))
      : null;

    const labels: string[] = [];
    const seen = new Set<string>();
    for (const label of raw.labels ?? []) {
      const name = oneLine(label.name);
      if (!name || seen.has(key(name))) continue;
      seen.add(key(name));
      if (name.length > LABEL_NAME_MAX) {
        fail('labels', importMessages.tooLong(`label "${name.slice(0, 20)}…"`, LABEL_NAME_MAX));
        continue;
      }
      const known = knownLabels.get(key(name)) ?? newLabels.get(key(name))?.name;
      if (known) labels.push(known);
      else if (!ctx.canAddLabels) fail('labels', importMessages.unknownLabel(name));
      else if (knownLabels.size + newLabels.size >= LABELS_PER_PRODUCT_MAX)
        fail('labels', importMessages.tooManyProductLabels(LABELS_PER_PRODUCT_MAX));
      else {
        newLabels.set(key(name), { name, color: label.color ?? DEFAULT_LABEL_COLOR });
        labels.push(name);
      }
    }
    if (labels.length > LABELS_PER_TASK_MAX)
      fail('labels', importMessages.tooManyLabels(LABELS_PER_TASK_MAX));

    const checklist = (raw.checklist ?? [])
      .map((item) => ({ title: oneLine(item.title), done: item.done }))
      .filter((item) => item.title);
    if (checklist.length > CHECKLIST_MAX_ITEMS)
      fail('checklist', importMessages.tooManyChecklistItems(CHECKLIST_MAX_ITEMS));
    if (checklist.some((item) => item.title.length > CHECKLIST_TITLE_MAX))
      fail('checklist', importMessages.tooLong('a checklist item', CHECKLIST_TITLE_MAX));

    const comments = (raw.comments ?? []).map((c) => c.replace(/\r\n?/g, '\n')).filter((c) => c.trim());
    if (comments.some((c) => c.length > COMMENT_BODY_MAX))
      fail('comments', importMessages.tooLong('a comment', COMMENT_BODY_MAX));
    items += checklist.length + comments.length;

    // Custom fields (issue 29): a refused value refuses the row, as any other cell does.
    const fieldCells = checkFieldCells(raw.row, raw.fields, ctx.fields, ctx.people);
    errors.push(...fieldCells.errors);

    if (preview.length < previewRows) {
      preview.push({
        row: raw.row,
        title,
        description,
        // A value that is refused shows as the file wrote it (its error says why).
        status: status ?? statusText,
        priority: priority ?? priorityText,
        phase: phase ?? (phaseText || null),
        team: team?.name ?? (teamText || null),
        assignee: assignee?.name ?? (assigneeText || null),
        dueDate: dueDate ?? (dueText || null),
        labels,
        checklist,
        comments: comments.length,
      });
    }
    if (
      title &&
      status !== undefined &&
      priority !== undefined &&
      phase !== undefined &&
      team !== undefined &&
      assignee !== undefined &&
      dueDate !== undefined &&
      fieldCells.errors.length === 0
    ) {
      tasks.push({
        row: raw.row,
        title,
        description,
        status,
        priority,
        phase,
        teamId: team?.id ?? null,
        assigneeId: assignee?.id ?? null,
        dueDate,
        fields: fieldCells.values,
        labels,
        checklist,
        comments,
      });
    }
  }
  return { tasks, errors, newLabels: [...newLabels.values()], preview, items };
}

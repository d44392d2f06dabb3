import {
  guessStatusOfList,
  IMPORT_MAX_ROWS,
  importMessages,
  labelColorOfTrello,
  type TrelloBoard,
  type TrelloImportResult,
  type TrelloListTarget,
} from '@shipyard/shared';
import { BadRequest } from '../../lib/errors.ts';
import type { RawTask } from './imports.rows.ts';

// A Trello board export (Board menu → Print, export and share → Export as JSON) as rows to check:
// lists in board order, cards in list order; a card's list gives its status (and phase).

const byPos = <T extends { pos?: number | undefined }>(a: T, b: T) => (a.pos ?? 0) - (b.pos ?? 0);

/** A label Trello left unnamed (colour only) is named after its colour: "green" → "Green". */
function labelName(label: { name?: string | null | undefined; color?: string | null | undefined }) {
  const name = (label.name ?? '').trim();
  if (name) return name;
  const color = (label.color ?? '').replace(/_/g, ' ').trim();
  return color ? color[0]?.toUpperCase() + color.slice(1) : '';
}

/** "2026-03-02T09:15:00.000Z" → "2026-03-02". */
const dayOf = (iso: string | undefined) => {
  const d = iso ? new Date(iso) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString().slice(0, 10) : 'an unknown date';
};

/** Adds to a key's list in place (copying the list each time would be quadratic in a big export). */
function append<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export type TrelloRows = {
  rows: RawTask[];
  lists: TrelloImportResult['lists'];
};

export function trelloRows(
  board: TrelloBoard,
  chosen: Record<string, TrelloListTarget>,
  includeArchived: boolean,
): TrelloRows {
  const lists = [...board.lists].sort(byPos);
  const targetOf = (list: { id: string; name: string }): TrelloListTarget =>
    chosen[list.id] ?? { status: guessStatusOfList(list.name), phase: null };
  const listById = new Map(lists.map((l) => [l.id, l]));
  const labelsById = new Map((board.labels ?? []).map((l) => [l.id, l]));
  const checklistsByCard = new Map<string, NonNullable<TrelloBoard['checklists']>>();
  for (const c of board.checklists ?? []) append(checklistsByCard, c.idCard, c);
  const commentsByCard = new Map<string, string[]>();
  // Trello lists actions newest first; a task's conversation reads oldest first.
  const comments = (board.actions ?? [])
    .filter((a) => a.type === 'commentCard' && a.data?.card?.id && a.data.text)
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  for (const a of comments) {
    const cardId = a.data?.card?.id as string;
    const who = a.memberCreator?.fullName?.trim() || 'a Trello user';
    const body = `Originally by ${who} on ${dayOf(a.date)}:\n\n${a.data?.text ?? ''}`;
    append(commentsByCard, cardId, body);
  }

  const kept = (list: { closed?: boolean | undefined }) => includeArchived || !list.closed;
  const cardsOfList = new Map<string, TrelloBoard['cards']>();
  for (const card of board.cards) {
    const list = listById.get(card.idList);
    if (!list || !kept(list) || !kept(card)) continue;
    append(cardsOfList, list.id, card);
  }

  const rows: RawTask[] = [];
  for (const list of lists) {
    const target = targetOf(list);
    for (const card of [...(cardsOfList.get(list.id) ?? [])].sort(byPos)) {
      const checklists = [...(checklistsByCard.get(card.id) ?? [])].sort(byPos);
      // A task has one checklist: several of a card become one, each item named after its own
      // checklist when there is more than one.
      const several = checklists.length > 1;
      rows.push({
        row: rows.length + 1,
        title: card.name,
        description: card.desc ?? '',
        status: target.status,
        phase: target.phase ?? '',
        dueDate: card.due ?? '',
        labels: (card.idLabels ?? [])
          .map((id) => labelsById.get(id))
          .filter((l) => l !== undefined)
          .map((l) => ({ name: labelName(l), color: labelColorOfTrello(l.color) })),
        checklist: checklists.flatMap((c) =>
          [...(c.checkItems ?? [])].sort(byPos).map((item) => ({
            title: several && c.name ? `${c.name}: ${item.name}` : item.name,
            done: item.state === 'complete',
          })),
        ),
        comments: commentsByCard.get(card.id) ?? [],
      });
    }
  }
  if (rows.length > IMPORT_MAX_ROWS) throw BadRequest(importMessages.tooManyRows, 'IMPORT_TOO_LARGE');
  return {
    rows,
    lists: lists.map((l) => ({
      id: l.id,
      name: l.name,
      closed: Boolean(l.closed),
      cards: cardsOfList.get(l.id)?.length ?? 0,
      target: targetOf(l),
    })),
  };
}

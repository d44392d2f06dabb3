import { type ChatEvent, plainTextPreview } from '@shipyard/shared';
import type { ChatMessage } from './chat.formats.ts';

// What a chat message says of each event (issue 33): plain sentences, built at send time from the
// delivery's payload (what was true when the change was made) and the product's current name.

/** The outbox events a destination hears of, by the event kind it chose. */
export const chatEventOf = (event: string, data: Record<string, unknown>): readonly ChatEvent[] => {
  switch (event) {
    case 'task.created':
      return ['created'];
    case 'task.status_changed':
      return ['status'];
    case 'task.updated':
      return Array.isArray(data.changed) && data.changed.includes('status') ? ['status'] : [];
    case 'comment.created':
      return Array.isArray(data.mentioned) && data.mentioned.length > 0
        ? ['comment', 'mention']
        : ['comment'];
    case 'comment.mentioned':
      return ['mention'];
    case 'task.due_soon':
      return ['due_soon'];
    case 'product.status_changed':
      return ['stage'];
    case 'product.updated':
      return typeof data.previousStatus === 'string' && data.previousStatus !== data.status ? ['stage'] : [];
    default:
      return [];
  }
};

type Context = {
  appUrl: string;
  productName: string;
  destinationName: string;
  /** The destination's chosen events: a comment with mentions reads as a comment if it chose comments. */
  events: readonly string[];
  /** The task's state now, for a change of state within one status. */
  stateName?: string | undefined;
};

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const stageLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
const names = (v: unknown) =>
  Array.isArray(v) ? v.map((p) => str((p as { name?: unknown })?.name)).filter(Boolean) : [];

/** 'APO-12 Fix login', or the title alone before the task had a key. */
const taskLabel = (data: Record<string, unknown>) =>
  [str(data.key), str(data.title)].filter(Boolean).join(' ');

const colors = {
  created: 0x2563eb,
  status: 0xd97706,
  comment: 0x7c3aed,
  due: 0xdc2626,
  stage: 0x16a34a,
  test: 0x71717a,
};

/** The message of a delivery, or undefined for an event chat does not tell. */
export function chatMessageOf(
  event: string,
  data: Record<string, unknown>,
  ctx: Context,
): ChatMessage | undefined {
  const taskUrl = `${ctx.appUrl}/tasks/${encodeURIComponent(str(data.taskId))}`;
  const productUrl = `${ctx.appUrl}/products/${encodeURIComponent(str(data.productId))}`;
  const task = { url: taskUrl, linkLabel: 'Open task' };
  const where = `In ${ctx.productName}`;
  switch (event) {
    case 'task.created':
      return {
        ...task,
        title: `New task: ${taskLabel(data)}`,
        text: `${where} · ${str(data.status)}`,
        color: colors.created,
        tags: ['new'],
      };
    case 'task.status_changed':
    case 'task.updated': {
      const from = str(data.previousStatus);
      const to = str(data.status);
      const stateOnly = from === to && ctx.stateName;
      return {
        ...task,
        title: `${taskLabel(data)} moved to ${stateOnly ? ctx.stateName : to}`,
        text: `${where} · ${stateOnly ? `${to}, state ${ctx.stateName}` : `from ${from || 'none'}`}`,
        color: colors.status,
        tags: ['arrows_counterclockwise'],
      };
    }
    case 'comment.created':
    case 'comment.mentioned': {
      const mentioned = names(data.mentioned);
      const asMention = event === 'comment.mentioned' || !ctx.events.includes('comment');
      return {
        ...task,
        title: asMention
          ? `${str(data.author)} mentioned ${mentioned.join(', ')} on ${taskLabel(data)}`
          : `${str(data.author)} commented on ${taskLabel(data)}`,
        text: plainTextPreview(str(data.excerpt), 300),
        color: colors.comment,
        tags: ['speech_balloon'],
      };
    }
    case 'task.due_soon':
      return {
        ...task,
        title: `${taskLabel(data)} is due ${str(data.dueDate)}`,
        text: `${where} · ${str(data.status)}`,
        color: colors.due,
        tags: ['alarm_clock'],
      };
    case 'product.status_changed':
    case 'product.updated':
      return {
        url: productUrl,
        linkLabel: 'Open product',
        title: `${ctx.productName} moved to ${stageLabel(str(data.status))}`,
        text: `From ${stageLabel(str(data.previousStatus))}`,
        color: colors.stage,
        tags: ['rocket'],
      };
    case 'chat.test':
      return {
        url: productUrl,
        linkLabel: 'Open product',
        title: 'Test message from Shipyard',
        text: `The chat destination “${ctx.destinationName}” of ${ctx.productName} works.`,
        color: colors.test,
        tags: ['white_check_mark'],
      };
    default:
      return undefined;
  }
}

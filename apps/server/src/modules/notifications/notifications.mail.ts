import { timingSafeEqual } from 'node:crypto';
import {
  categoryOfType,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationType,
  notificationCategoryTexts,
} from '@shipyard/shared';
import { escapeHtml, type Mail } from '../../lib/mailer.ts';
import type { SecretBox } from '../../lib/secrets.ts';

// Notification mail (docs/decisions/016-notification-mail.md): HTML and plain text, each with the
// link to the thing and a one-click unsubscribe for its kind (RFC 8058). Every text that a user
// wrote (names, titles) reaches the HTML escaped.

/** What an unsubscribe link stops: one kind, or every kind that goes to the digest. */
export type UnsubscribeScope = NotificationCategory | 'digest';
const SCOPES: readonly string[] = [...NOTIFICATION_CATEGORIES, 'digest'];

/**
 * `<userId>.<scope>.<HMAC>`: whoever holds it may stop that one kind of mail for that user, and
 * nothing else. No expiry: the link in a year-old mail still works (RFC 8058 asks it to).
 */
export function unsubscribeTokens(secrets: Pick<SecretBox, 'sign'>) {
  const mac = (userId: string, scope: string) => secrets.sign(`unsubscribe:${userId}:${scope}`);
  return {
    sign: (userId: string, scope: UnsubscribeScope) => `${userId}.${scope}.${mac(userId, scope)}`,
    /** The user and scope, or undefined for anything this server did not sign. */
    verify(token: string): { userId: string; scope: UnsubscribeScope } | undefined {
      const [userId, scope, signature, ...rest] = token.split('.');
      if (!userId || !scope || !signature || rest.length > 0 || !SCOPES.includes(scope)) return undefined;
      const expected = Buffer.from(mac(userId, scope));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { userId, scope: scope as UnsubscribeScope };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** Where a notification leads in the web app (the bell's own links, made absolute). */
function linkOf(appUrl: string, type: NotificationType, metadata: Record<string, unknown>): string {
  const taskId = text(metadata.taskId);
  if (taskId && type.startsWith('TASK_')) {
    const commentId = text(metadata.commentId);
    const anchor =
      commentId && (type === 'TASK_MENTION' || type === 'TASK_COMMENT')
        ? `#comment-${encodeURIComponent(commentId)}`
        : '';
    return `${appUrl}/tasks/${encodeURIComponent(taskId)}${anchor}`;
  }
  const productId = text(metadata.productId);
  if (type === 'PRODUCT_STAGE' && productId) return `${appUrl}/products/${encodeURIComponent(productId)}`;
  return `${appUrl}/notifications`;
}

type Links = { appUrl: string; unsubscribeUrl: string };

/** RFC 8058: a POST to the link with `List-Unsubscribe=One-Click` unsubscribes, signed out. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const footer = (kind: string, links: Links) => ({
  text: `You get this because of your settings for "${kind}" mail.\nStop these e-mails: ${links.unsubscribeUrl}\nAll settings: ${links.appUrl}/settings?tab=notifications`,
  html: `<p style="color:#666;font-size:12px">You get this because of your settings for “${escapeHtml(kind)}” mail. <a href="${escapeHtml(links.unsubscribeUrl)}">Stop these e-mails</a> · <a href="${escapeHtml(`${links.appUrl}/settings?tab=notifications`)}">All settings</a></p>`,
});

/** One notification, mailed as it happens. */
export function instantMail(
  to: string,
  n: { type: NotificationType; message: string; metadata: Record<string, unknown> },
  links: Links,
): Mail {
  const link = linkOf(links.appUrl, n.type, n.metadata);
  const kind = notificationCategoryTexts[categoryOfType[n.type]].label;
  const end = footer(kind, links);
  return {
    to,
    subject: n.message.length > 150 ? `${n.message.slice(0, 149)}…` : n.message,
    link,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
    text: `${n.message}\n\nOpen it: ${link}\n\n— Shipyard\n\n${end.text}`,
    html: `<p>${escapeHtml(n.message)}</p><p><a href="${escapeHtml(link)}">Open it in Shipyard</a></p><p>— Shipyard</p>${end.html}`,
  };
}

export type DigestEntry = { type: NotificationType; message: string; metadata: Record<string, unknown> };
export type OverdueTask = { id: string; title: string; productName: string; dueDate: string };

/** The day's digest: its entries by kind, then the tasks still overdue. */
export function digestMail(
  to: string,
  day: string,
  entries: DigestEntry[],
  overdue: OverdueTask[],
  links: Links,
): Mail {
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const category of NOTIFICATION_CATEGORIES) {
    const mine = entries.filter((e) => categoryOfType[e.type] === category);
    if (mine.length === 0) continue;
    const label = notificationCategoryTexts[category].label;
    textParts.push(
      `${label}\n${mine.map((e) => `- ${e.message}\n  ${linkOf(links.appUrl, e.type, e.metadata)}`).join('\n')}`,
    );
    htmlParts.push(
      `<h3>${escapeHtml(label)}</h3><ul>${mine
        .map(
          (e) =>
            `<li><a href="${escapeHtml(linkOf(links.appUrl, e.type, e.metadata))}">${escapeHtml(e.message)}</a></li>`,
        )
        .join('')}</ul>`,
    );
  }
  if (overdue.length > 0) {
    const link = (t: OverdueTask) => `${links.appUrl}/tasks/${encodeURIComponent(t.id)}`;
    textParts.push(
      `Overdue tasks\n${overdue.map((t) => `- ${t.title} (${t.productName}, due ${t.dueDate})\n  ${link(t)}`).join('\n')}`,
    );
    htmlParts.push(
      `<h3>Overdue tasks</h3><ul>${overdue
        .map(
          (t) =>
            `<li><a href="${escapeHtml(link(t))}">${escapeHtml(t.title)}</a> (${escapeHtml(t.productName)}, due ${escapeHtml(t.dueDate)})</li>`,
        )
        .join('')}</ul>`,
    );
  }
  const count = entries.length + overdue.length;
  const end = footer('Daily digest', links);
  return {
    to,
    subject: `Your Shipyard digest for ${day}: ${count} ${count === 1 ? 'update' : 'updates'}`,
    link: `${links.appUrl}/notifications`,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
    text: `Your Shipyard digest for ${day}\n\n${textParts.join('\n\n')}\n\nAll notifications: ${links.appUrl}/notifications\n\n— Shipyard\n\n${end.text}`,
    html: `<h2>Your Shipyard digest for ${escapeHtml(day)}</h2>${htmlParts.join('')}<p><a href="${escapeHtml(`${links.appUrl}/notifications`)}">All notifications</a></p><p>— Shipyard</p>${end.html}`,
  };
}

import { timingSafeEqual } from 'node:crypto';
import {
  categoryOfType,
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
  type NotificationType,
} from '@shipyard/shared';
import { escapeHtml, type Mail } from '../../lib/mailer.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { MailTranslator } from '../../platform/mail-language.ts';

// Notification mail (docs/decisions/016-notification-mail.md): HTML and plain text, each with the
// link to the thing and a one-click unsubscribe for its kind (RFC 8058). Every text that a user
// wrote (names, titles) reaches the HTML escaped.
//
// Issue 33 (docs/decisions/053-languages.md): the mail's own texts (`t`) are in the recipient's
// language; English is the key itself, byte for byte as before. The notification's message is
// not: it was written in English when the event happened and is stored so (notifications.texts.ts),
// so it is mailed as stored, as are the names and titles a user wrote.

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
  if ((type === 'PRODUCT_STAGE' || type === 'STAGE_GATE_APPROVAL') && productId)
    return `${appUrl}/products/${encodeURIComponent(productId)}`;
  return `${appUrl}/notifications`;
}

type Links = { appUrl: string; unsubscribeUrl: string };

/** Marks a text for scripts/i18n-check.mjs (which reads `t('…')` and `k('…')`); translated where shown. */
const k = (key: string) => key;

/**
 * The kinds' labels, packages/shared's notificationCategoryTexts written out (as the web's
 * settings do) so that the i18n check requires them in mail-locales; the mail translates them by
 * key. notifications.mail-language.test.ts checks that they are the shared texts.
 */
const categoryLabels = {
  assigned: k('Assigned to me'),
  mentioned: k('Mentioned'),
  watchedComment: k('Comments on tasks I watch'),
  watchedStatus: k('Status changes of tasks I watch'),
  invitation: k('Invitations and teams'),
  dueSoon: k('Due soon'),
  overdue: k('Overdue'),
  productStage: k('Product stage changes'),
} satisfies Record<NotificationCategory, string>;

/** RFC 8058: a POST to the link with `List-Unsubscribe=One-Click` unsubscribes, signed out. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** `kind`: the name of the mail's kind, already in the recipient's language. */
const footer = (kind: string, links: Links, t: MailTranslator) => {
  const settings = `${links.appUrl}/settings?tab=notifications`;
  // Two sentences, not one: the plain text quotes "so", the HTML “so”, and each language its own way.
  const because = {
    text: t('You get this because of your settings for "{{kind}}" mail.', { kind }),
    html: t('You get this because of your settings for “{{kind}}” mail.', { kind }),
  };
  return {
    text: `${because.text}\n${t('Stop these e-mails')}: ${links.unsubscribeUrl}\n${t('All settings')}: ${settings}`,
    html: `<p style="color:#666;font-size:12px">${escapeHtml(because.html)} <a href="${escapeHtml(links.unsubscribeUrl)}">${escapeHtml(t('Stop these e-mails'))}</a> · <a href="${escapeHtml(settings)}">${escapeHtml(t('All settings'))}</a></p>`,
  };
};

/** One notification, mailed as it happens. */
export function instantMail(
  to: string,
  n: { type: NotificationType; message: string; metadata: Record<string, unknown> },
  links: Links,
  t: MailTranslator,
): Mail {
  const link = linkOf(links.appUrl, n.type, n.metadata);
  const end = footer(t(categoryLabels[categoryOfType[n.type]]), links, t);
  // The subject and first line are the stored message, in English (see the top of this file).
  return {
    to,
    subject: n.message.length > 150 ? `${n.message.slice(0, 149)}…` : n.message,
    link,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
    text: `${n.message}\n\n${t('Open it')}: ${link}\n\n— Shipyard\n\n${end.text}`,
    html: `<p>${escapeHtml(n.message)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('Open it in Shipyard'))}</a></p><p>— Shipyard</p>${end.html}`,
  };
}

export type DigestEntry = { type: NotificationType; message: string; metadata: Record<string, unknown> };
export type OverdueTask = { id: string; title: string; productName: string; dueDate: string };

/** The day's digest: its entries by kind (their messages as stored, in English), then the tasks still overdue. */
export function digestMail(
  to: string,
  day: string,
  entries: DigestEntry[],
  overdue: OverdueTask[],
  links: Links,
  t: MailTranslator,
): Mail {
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  for (const category of NOTIFICATION_CATEGORIES) {
    const mine = entries.filter((e) => categoryOfType[e.type] === category);
    if (mine.length === 0) continue;
    const label = t(categoryLabels[category]);
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
    const link = (task: OverdueTask) => `${links.appUrl}/tasks/${encodeURIComponent(task.id)}`;
    const due = (task: OverdueTask) => t('due {{date}}', { date: task.dueDate });
    const heading = t('Overdue tasks');
    textParts.push(
      `${heading}\n${overdue.map((task) => `- ${task.title} (${task.productName}, ${due(task)})\n  ${link(task)}`).join('\n')}`,
    );
    htmlParts.push(
      `<h3>${escapeHtml(heading)}</h3><ul>${overdue
        .map(
          (task) =>
            `<li><a href="${escapeHtml(link(task))}">${escapeHtml(task.title)}</a> (${escapeHtml(task.productName)}, ${escapeHtml(due(task))})</li>`,
        )
        .join('')}</ul>`,
    );
  }
  const count = entries.length + overdue.length;
  const end = footer(t('Daily digest'), links, t);
  const heading = t('Your Shipyard digest for {{day}}', { day });
  const all = { label: t('All notifications'), url: `${links.appUrl}/notifications` };
  return {
    to,
    subject: t('Your Shipyard digest for {{day}}: {{count}} updates', { day, count }),
    link: all.url,
    headers: unsubscribeHeaders(links.unsubscribeUrl),
    text: `${heading}\n\n${textParts.join('\n\n')}\n\n${all.label}: ${all.url}\n\n— Shipyard\n\n${end.text}`,
    html: `<h2>${escapeHtml(heading)}</h2>${htmlParts.join('')}<p><a href="${escapeHtml(all.url)}">${escapeHtml(all.label)}</a></p><p>— Shipyard</p>${end.html}`,
  };
}

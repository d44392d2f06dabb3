import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { singleLine } from './text.ts';

// Chat destinations (issue 33, docs/decisions/051-chat-destinations.md): per product, incoming
// webhooks of chat apps that hear of the events chosen for them, each in its app's own message
// format. The webhook URL is a secret (whoever holds it may post to the channel): it is kept
// encrypted and only its host is ever answered.

export const CHAT_KINDS = [
  'slack',
  'teams',
  'discord',
  'mattermost',
  'googlechat',
  'ntfy',
  'matrix',
] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

export const CHAT_KIND_LABELS: Record<ChatKind, string> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  mattermost: 'Mattermost',
  googlechat: 'Google Chat',
  ntfy: 'ntfy',
  matrix: 'Matrix (hookshot)',
};

/** What a destination may hear of. */
export const CHAT_EVENTS = ['created', 'status', 'comment', 'mention', 'due_soon', 'stage'] as const;
export type ChatEvent = (typeof CHAT_EVENTS)[number];

export const CHAT_EVENT_LABELS: Record<ChatEvent, string> = {
  created: 'Task created',
  status: 'Task status or state changed',
  comment: 'Comment added',
  mention: 'Someone mentioned',
  due_soon: 'Task due soon',
  stage: 'Product stage changed',
};

export const CHAT_DESTINATIONS_PER_PRODUCT_MAX = 10;
export const CHAT_NAME_MAX = 80;
export const CHAT_URL_MAX = 2000;
/** Adds, edits and deletes of destinations per account and minute. */
export const CHAT_WRITES_PER_MINUTE = 30;
/** Test messages per account and minute. */
export const CHAT_TESTS_PER_MINUTE = 5;

export const chatMessages = {
  title: 'Chat',
  description:
    'Send this product’s events to Slack, Microsoft Teams, Discord, Mattermost, Google Chat, ntfy or Matrix.',
  readOnly: 'The product’s chat destinations. Only its creator or an admin can change them.',
  empty: 'No chat destinations yet.',
  loadFailed: 'Failed to load the chat destinations',
  add: 'Add destination',
  edit: 'Edit destination',
  save: 'Save',
  nameLabel: 'Name',
  kindLabel: 'Chat app',
  urlLabel: 'Incoming webhook URL',
  urlKeep: 'Leave empty to keep the current URL.',
  eventsLabel: 'Events',
  enabledLabel: 'Enabled',
  nameRequired: 'Name is required',
  kindRequired: 'Choose a chat app.',
  urlRequired: 'Enter the incoming webhook URL.',
  urlInvalid: 'Enter an http(s) URL, e.g. https://hooks.slack.com/services/…',
  urlHttps: 'The webhook URL must use https.',
  urlCredentials: 'The webhook URL must not contain a user name or password.',
  urlPrivate: 'The webhook URL must not point to a loopback, private or link-local address.',
  eventsRequired: 'Choose at least one event.',
  tooMany: `A product may have at most ${CHAT_DESTINATIONS_PER_PRODUCT_MAX} chat destinations.`,
  notFound: 'Chat destination not found',
  manageForbidden: 'Only the product’s creator or an admin can manage its chat destinations.',
  added: 'Chat destination added',
  updated: 'Chat destination updated',
  deleted: 'Chat destination deleted',
  saveFailed: 'Failed to save the chat destination',
  deleteFailed: 'Failed to delete the chat destination',
  deleteTitle: 'Delete this chat destination?',
  deleteBody: 'Its channel hears of nothing more, and its delivery log goes with it.',
  test: 'Send test message',
  testDelivered: 'Test message delivered',
  testFailed: 'Test message failed',
  deliveries: 'Delivery log',
  deliveriesEmpty: 'No deliveries yet',
  writesLimited: `You can change chat destinations at most ${CHAT_WRITES_PER_MINUTE} times a minute. Please wait a minute and try again.`,
  testsLimited: `You can send at most ${CHAT_TESTS_PER_MINUTE} test messages a minute. Please wait a minute and try again.`,
} as const;

const m = chatMessages;

/** http(s)://host[…]: the shape only; the server parses it fully and checks where it points. */
const isHttpUrl = (v: string) => /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(v);

const UrlSchema = z
  .string(m.urlRequired)
  .check(
    z.trim(),
    z.minLength(1, m.urlRequired),
    z.maxLength(CHAT_URL_MAX),
    singleLine(),
    z.refine(isHttpUrl, m.urlInvalid),
  );

/** The chosen events, each once, in CHAT_EVENTS' order. */
const EventsSchema = z
  .pipe(
    z.array(z.enum(CHAT_EVENTS, m.eventsRequired)).check(z.maxLength(CHAT_EVENTS.length * 2)),
    z.transform((events) => CHAT_EVENTS.filter((e) => events.includes(e))),
  )
  .check(z.minLength(1, m.eventsRequired));

const fields = {
  name: z
    .string(m.nameRequired)
    .check(z.trim(), z.minLength(1, m.nameRequired), z.maxLength(CHAT_NAME_MAX), singleLine()),
  kind: z.enum(CHAT_KINDS, m.kindRequired),
  url: UrlSchema,
  events: EventsSchema,
  enabled: z.boolean(),
};

/** POST /api/projects/{id}/chat-destinations. */
export const CreateChatDestinationSchema = z.object({
  ...fields,
  enabled: z._default(z.boolean(), true),
});
export type CreateChatDestination = z.infer<typeof CreateChatDestinationSchema>;
export type CreateChatDestinationInput = z.input<typeof CreateChatDestinationSchema>;

/** PATCH /api/chat-destinations/{id}: any of the fields; an omitted URL keeps the stored one. */
export const UpdateChatDestinationSchema = z.partial(z.object(fields)).check(notEmptyUpdate());
export type UpdateChatDestination = z.infer<typeof UpdateChatDestinationSchema>;
export type UpdateChatDestinationInput = z.input<typeof UpdateChatDestinationSchema>;

export const ChatProductParamsSchema = z.object({ id: z.uuid(m.notFound) });
export const ChatDestinationParamsSchema = z.object({ id: z.uuid(m.notFound) });

/** The API's destination: its URL never, only the URL's host. */
export const ChatDestinationSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  kind: z.enum(CHAT_KINDS),
  /** 'hooks.slack.com': where it posts, without the secret path. */
  urlHost: z.string(),
  events: z.array(z.enum(CHAT_EVENTS)),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatDestination = z.infer<typeof ChatDestinationSchema>;

export const ChatDestinationListSchema = z.object({
  data: z.array(ChatDestinationSchema),
  /** Whether the caller may add, edit, test and delete (and read the delivery logs). */
  canManage: z.boolean(),
});
export type ChatDestinationList = z.infer<typeof ChatDestinationListSchema>;

/** POST /api/chat-destinations/{id}/test: how the one attempt went. */
export const ChatTestResultSchema = z.object({
  status: z.enum(['delivered', 'failed']),
  statusCode: z.nullable(z.number()),
  error: z.nullable(z.string()),
});
export type ChatTestResult = z.infer<typeof ChatTestResultSchema>;

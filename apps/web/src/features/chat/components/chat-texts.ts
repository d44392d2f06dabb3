import type { CHAT_EVENT_LABELS, chatMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The shared chat texts these screens show, marked for translation and translated where shown
// (`t(m.title)`); the types hold each to its shared text.

export const chatTexts = {
  title: k('Chat'),
  description: k(
    'Send this product’s events to Slack, Microsoft Teams, Discord, Mattermost, Google Chat, ntfy or Matrix.',
  ),
  readOnly: k('The product’s chat destinations. Only its creator or an admin can change them.'),
  empty: k('No chat destinations yet.'),
  loadFailed: k('Failed to load the chat destinations'),
  add: k('Add destination'),
  edit: k('Edit destination'),
  save: k('Save'),
  nameLabel: k('Name'),
  kindLabel: k('Chat app'),
  urlLabel: k('Incoming webhook URL'),
  urlKeep: k('Leave empty to keep the current URL.'),
  eventsLabel: k('Events'),
  enabledLabel: k('Enabled'),
  tooMany: k('A product may have at most 10 chat destinations.'),
  added: k('Chat destination added'),
  updated: k('Chat destination updated'),
  deleted: k('Chat destination deleted'),
  saveFailed: k('Failed to save the chat destination'),
  deleteFailed: k('Failed to delete the chat destination'),
  deleteTitle: k('Delete this chat destination?'),
  deleteBody: k('Its channel hears of nothing more, and its delivery log goes with it.'),
  test: k('Send test message'),
  testDelivered: k('Test message delivered'),
  testFailed: k('Test message failed'),
  deliveries: k('Delivery log'),
  deliveriesEmpty: k('No deliveries yet'),
} satisfies Partial<typeof chatMessages>;

export const chatEventLabels = {
  created: k('Task created'),
  status: k('Task status or state changed'),
  comment: k('Comment added'),
  mention: k('Someone mentioned'),
  due_soon: k('Task due soon'),
  stage: k('Product stage changed'),
} satisfies typeof CHAT_EVENT_LABELS;

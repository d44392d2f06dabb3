import type { ChatKind } from '@shipyard/shared';
import type { WebhookDeliveryRow } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { DeliveryTarget, PreparedRequest, Refusal } from '../services/index.ts';
import { formatChatMessage } from './chat.formats.ts';
import { type ChatRepository, destinationsTaking } from './chat.repository.ts';
import { chatEventOf, chatMessageOf } from './chat.texts.ts';

// Chat destinations as a delivery target of the services' outbox and worker (services.targets.ts).
// At send time each delivery is checked again: the destination still there, enabled and still
// choosing the event; the task not deleted and still in the destination's product (a task moved
// to a product the channel does not follow is not told of there).

const USER_AGENT = 'Shipyard-Chat/1.0';

/** The URL's additional data: it decrypts only in that column of that row. */
export const chatUrlContext = (destinationId: string) => `chat_destinations.url:${destinationId}`;

const refused = (sentence: string): Refusal => ({ refused: sentence });

export function createChatTarget(deps: {
  destinations: ChatRepository;
  secrets: SecretBox;
  appUrl: string;
}): DeliveryTarget {
  const { destinations, secrets, appUrl } = deps;

  async function prepare(deliveries: WebhookDeliveryRow[]) {
    const out = new Map<string, PreparedRequest | Refusal>();
    const ids = [...new Set(deliveries.flatMap((d) => (d.chatDestinationId ? [d.chatDestinationId] : [])))];
    const found = new Map((await destinations.forDelivery(ids)).map((r) => [r.destination.id, r]));
    const dataOf = (d: WebhookDeliveryRow) => (d.payload.data ?? {}) as Record<string, unknown>;
    const taskIds = [
      ...new Set(
        deliveries.flatMap((d) => {
          const taskId = dataOf(d).taskId;
          return typeof taskId === 'string' ? [taskId] : [];
        }),
      ),
    ];
    const tasks = new Map((await destinations.tasksNow(taskIds)).map((t) => [t.id, t]));

    for (const delivery of deliveries) {
      const row = found.get(delivery.chatDestinationId ?? '');
      if (!row) {
        out.set(delivery.id, refused('The destination no longer exists.'));
        continue;
      }
      const { destination, productName } = row;
      const data = dataOf(delivery);
      const isTest = delivery.eventType === 'chat.test';
      if (!destination.enabled && !isTest) {
        out.set(delivery.id, refused('The destination was disabled before delivery.'));
        continue;
      }
      if (!isTest && !chatEventOf(delivery.eventType, data).some((e) => destination.events.includes(e))) {
        out.set(delivery.id, refused('The destination no longer takes this event.'));
        continue;
      }
      const task = typeof data.taskId === 'string' ? tasks.get(data.taskId) : undefined;
      if (typeof data.taskId === 'string') {
        if (!task) {
          out.set(delivery.id, refused('The task was deleted before delivery.'));
          continue;
        }
        if (task.productId !== destination.productId) {
          out.set(delivery.id, refused('The task is no longer in this product.'));
          continue;
        }
      }
      const message = chatMessageOf(delivery.eventType, data, {
        appUrl,
        productName,
        destinationName: destination.name,
        events: destination.events,
        stateName: task?.stateName ?? undefined,
      });
      if (!message) {
        out.set(delivery.id, refused('The destination does not take this event.'));
        continue;
      }
      let url: string;
      try {
        url = secrets.decrypt(destination.urlEncrypted, chatUrlContext(destination.id));
      } catch {
        out.set(delivery.id, refused('The destination address cannot be read.'));
        continue;
      }
      const request = formatChatMessage(destination.kind as ChatKind, url, message);
      out.set(delivery.id, { ...request, headers: { ...request.headers, 'user-agent': USER_AGENT } });
    }
    return out;
  }

  return {
    key: 'chatDestinationId',
    topicsOf: (input) => chatEventOf(input.event, input.data),
    select: destinationsTaking,
    prepare,
  };
}

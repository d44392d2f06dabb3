import { queryRoots } from '../../../lib/query-keys.ts';

/** Every query key of the chat feature. */
export const chatKeys = {
  all: queryRoots.chat,
  /** GET /projects/{id}/chat-destinations. */
  product: (productId: string) => [...queryRoots.chat, 'product', productId] as const,
  /** GET /chat-destinations/{id}/deliveries. */
  deliveries: (destinationId: string) => [...queryRoots.chat, 'deliveries', destinationId] as const,
};

import type { Req } from '../../testing/http.ts';

// The requests the trash tests send.

const del = (url: string): Req => ({ method: 'DELETE', url });
export const deleteTask = (id: string) => del(`/api/tasks/${id}`);
export const deleteProduct = (id: string) => del(`/api/projects/${id}`);
export const restore = (kind: 'task' | 'product', id: string): Req => ({
  method: 'POST',
  url: `/api/trash/${kind}/${id}/restore`,
});
export const purge = (kind: 'task' | 'product', id: string) => del(`/api/trash/${kind}/${id}`);
export const trashList = (productId?: string): Req => ({
  url: productId ? `/api/trash?productId=${productId}` : '/api/trash',
});

import { registerPushHandlers } from '../features/push/api/sw-push.ts';
import { sw } from './sw-scope.ts';

// Web push (issue 33, docs/decisions/050-web-push.md): a push shows its notification, a click
// opens its task or the inbox, and a subscription the browser renews is sent to the server again.
registerPushHandlers(sw);

// The public face of modules/notifications: what other modules and the composition may use (docs/decisions/0027-server-tiers.md).

export { notifyUsers } from './notify.js';
export { registerNotificationRoutes } from './routes.js';
export { registerNotificationStream } from './stream.js';

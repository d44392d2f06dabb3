export * from './events.ts';
export * from './notifications.ts';
export * from './products.ts';
export * from './services.ts';
export * from './task-details.ts';
export * from './tasks.ts';
export * from './teams.ts';
export * from './users.ts';

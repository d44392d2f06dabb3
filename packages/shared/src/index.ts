export * from './api.ts';
export * from './auth.ts';
export * from './constants.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './products.ts';
export * from './tasks.ts';
export * from './users.ts';

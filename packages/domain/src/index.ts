export * from './constants.js';
export * from './messages.js';
export * from './money.js';
export * from './navigation.js';
export * from './permissions.js';
export * from './plans.js';
export * from './validation.js';

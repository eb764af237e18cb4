export * from './money.js';
export * from './permissions.js';
export * from './errors.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
export * from './schemas/sites.js';
export * from './version.js';
export * from './payment-status.js';

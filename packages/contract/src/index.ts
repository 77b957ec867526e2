export * from './alerts.js';
export * from './permissions.js';
export * from './navigation.js';
export * from './locales.js';
export * from './http.js';
export * from './schemas.js';
export * from './validators.js';
export * from './plans.js';

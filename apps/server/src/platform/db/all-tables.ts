/**
 * Every table of the Drizzle schema, from all the schema files (drizzle.config.ts names the same files):
 * the schema-truth test compares them with the migrated database, and the snapshot is made from them.
 */
export * from './schema-articles.js';
export * from './schema-clocking.js';
export * from './schema-contracts.js';
export * from './schema-customers.js';
export * from './schema-data-export.js';
export * from './schema-geolocation.js';
export * from './schema-imports.js';
export * from './schema-media.js';
export * from './schema-options.js';
export * from './schema-registration.js';
export * from './schema-reports.js';
export * from './schema-schedule.js';
export * from './schema-sso.js';
export * from './schema-subscription.js';
export * from './schema-users.js';
export * from './schema.js';
export * from './schema-api-keys.js';
export * from './schema-webhooks.js';
export * from './schema-mexal.js';
export * from './schema-accounting.js';

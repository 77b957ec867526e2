// Seeds the demo company into an empty database (the one configured, like the server).
import { loadConfig, loadDotEnv } from '../config.js';
import { openConfiguredDatabase } from '../platform/db/client.js';
import { DEMO, seedDemoIfEmpty } from '../demo/seed.js';

await loadDotEnv();
const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db, { sample: true });
console.log(
  seeded ? `Demo company seeded (VAT ${DEMO.piva}).` : 'The database already holds companies: nothing seeded.',
);
await database.close();

// Seeds the demo company into an empty database (the one configured, like the server).
import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config.js';
import { openDatabase } from '../platform/db/client.js';
import { DEMO, seedDemoIfEmpty } from '../demo/seed.js';

await loadDotEnv();
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
await database.migrate();
const seeded = await seedDemoIfEmpty(database.db, { sample: true });
console.log(
  seeded ? `Demo company seeded (VAT ${DEMO.piva}).` : 'The database already holds companies: nothing seeded.',
);
await database.close();

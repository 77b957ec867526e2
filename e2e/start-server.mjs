// Starts the real server for the browser tests on a fresh embedded database.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3100';
// One data directory per port, so runs on different ports never share a database.
const dataDir = path.join(root, '.tmp', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// The demo company and the test fixtures, before the server opens the database.
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/fixtures.ts', dataDir], { cwd: root, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // Short-lived access tokens: every test exercises the silent refresh.
    ACCESS_TOKEN_TTL_SEC: '8',
    SMTP_HOST: '',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => process.exit(code ?? 0));

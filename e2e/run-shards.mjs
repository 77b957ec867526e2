// `npm test -w e2e`: the browser tests in E2E_SHARDS shards (default 2) side by side, each shard a
// Playwright run with its own server, port (3100, 3101, …) and fresh database, so no shard sees
// another's data. Every line is printed as it comes, prefixed with its shard; the exit code is 1 if
// any shard failed. Extra arguments go to every shard (e.g. a spec file: then one shard is enough).
//
// Why shards: the flows share one demo company, so one Playwright run keeps one worker; most of a
// flow's time is the browser and the server waiting on each other, so two runs side by side use the
// 2-core machine better (the figures are in docs/performance.md, "Test suite").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const extra = process.argv.slice(2);
const requested = Number(process.env.E2E_SHARDS ?? (extra.some((a) => !a.startsWith('-')) ? 1 : 2));
const shards = Number.isInteger(requested) && requested >= 1 && requested <= 8 ? requested : 2;
const basePort = Number(process.env.E2E_PORT ?? 3100);
// Playwright's CLI script, run with this Node (the package is hoisted to the root's node_modules).
const cli = fileURLToPath(import.meta.resolve('@playwright/test/cli'));

function prefixed(stream, tag, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`${tag}${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${tag}${rest}\n`));
}

function runShard(i) {
  const tag = shards > 1 ? `[${i}/${shards}] ` : '';
  const args = ['test', ...(shards > 1 ? [`--shard=${i}/${shards}`] : []), ...extra];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: here,
      env: { ...process.env, E2E_PORT: String(basePort + i - 1) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixed(child.stdout, tag, process.stdout);
    prefixed(child.stderr, tag, process.stderr);
    child.on('error', (err) => {
      process.stderr.write(`${tag}${err}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const started = Date.now();
const codes = await Promise.all(Array.from({ length: shards }, (_, k) => runShard(k + 1)));
const failed = codes.filter((c) => c !== 0).length;
const took = ((Date.now() - started) / 60_000).toFixed(1);
process.stdout.write(
  `\nbrowser tests: ${shards} shard(s), ${failed ? `${failed} failed` : 'all passed'} in ${took} min\n`,
);
process.exit(failed ? 1 : 0);

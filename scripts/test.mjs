// `npm test`: every check, one task after the other with live output, then a summary with each
// task's time:
//
//   type checks · lint · unit tests (contract, web) · production build · benchmarks at smoke size ·
//   server integration suite (PGlite, and PostgreSQL with TEST_DATABASE_URL) · browser tests
//
// Every task runs even when another fails; the exit code is 1 if any failed. `--parallel` runs the
// first four side by side, then the server suite beside the browser tests, each task's output
// printed whole when it ends. Measured on the 2-core machine (2026-11-26) the parallel stages were
// not faster: the unit tests went from 1 to 5.6 minutes beside the type checks and lint, and the
// server suite and the browser tests slowed each other down past the sequential sum, with browser
// flows timing out under the load. So one after the other is the default.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sequential = !process.argv.includes('--parallel');

const STAGES = [
  [
    { name: 'type checks', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
    { name: 'unit tests', script: 'test:unit' },
    { name: 'build', script: 'build' },
    // Every benchmark at a tiny size (bench/smoke.ts), so none rots: after the build, which some start.
    { name: 'bench smoke', script: 'bench:smoke' },
  ],
  [
    { name: 'server suite', script: 'test:server' },
    // The build ran in stage 1 (test:e2e would build again, finding nothing changed).
    { name: 'browser tests', script: 'test', workspace: 'e2e' },
  ],
];

// Vitest's `FAIL file > test` and `×` lines and its unhandled errors (with the file they came from), Playwright's `✘`
// lines and its numbered failure headings.
const FAILURE_LINE = /(^|\s)(FAIL\s|×\s|✘\s)|^\s+\d+\) \[|Unhandled (Rejection|Error)|^This error originated in/;

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

function run(task) {
  const args = ['run', task.script, ...(task.workspace ? ['-w', task.workspace] : [])];
  const started = Date.now();
  running.add(task.name);
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    const failures = [];
    let partial = '';
    // The lines that name a failed test or file, kept so the summary at the end repeats them: CI
    // shows the tail of the log, and a failure in the server suite is otherwise buried under the
    // browser tests' output that follows it.
    const scan = (c) => {
      const lines = (partial + c.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) if (FAILURE_LINE.test(line) && failures.length < 40) failures.push(line.trimEnd());
    };
    const forward = (stream, out) =>
      stream.on('data', (c) => {
        scan(c);
        if (sequential) out.write(c);
        else chunks.push(c);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    let done = false;
    const finish = (code) => {
      if (done) return;
      done = true;
      running.delete(task.name);
      const ok = code === 0;
      const took = minutes(Date.now() - started);
      if (!sequential) {
        process.stdout.write(`\n===== ${task.name} (${ok ? 'passed' : 'FAILED'}, ${took})\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(`\n----- ${task.name}: ${ok ? 'passed' : 'FAILED'} in ${took}\n`);
      resolve({ task, ok, took, failures });
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(String(err)));
      finish(1);
    });
    child.on('close', (code) => finish(code));
  });
}

const started = Date.now();
const results = [];
// A line every two minutes naming what still runs, so a long or stuck stage is visible in CI's log.
const running = new Set();
const heartbeat = setInterval(() => {
  if (running.size) process.stdout.write(`  … ${minutes(Date.now() - started)}: ${[...running].join(', ')} running\n`);
}, 120_000);
heartbeat.unref();
for (const stage of STAGES) {
  if (sequential) for (const task of stage) results.push(await run(task));
  else results.push(...(await Promise.all(stage.map(run))));
}
process.stdout.write(`\n===== npm test: ${minutes(Date.now() - started)}\n`);
for (const r of results) process.stdout.write(`  ${r.ok ? 'passed' : 'FAILED'}  ${r.task.name} (${r.took})\n`);
for (const r of results.filter((x) => !x.ok && x.failures.length)) {
  process.stdout.write(`\n  what failed in ${r.task.name}:\n`);
  for (const line of r.failures) process.stdout.write(`    ${line.trim()}\n`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);

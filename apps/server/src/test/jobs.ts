import type { Deps } from '../platform/deps.js';

/**
 * Waits until the named queues (all of them when none is named) have no job left to do: none
 * created, waiting for a retry or running (jobs deferred past the timeout do not count). Tests drain, then assert — that nothing more was sent,
 * that a mail went out once — instead of sleeping and hoping the job was quick enough. Past
 * `timeoutMs` it fails with the jobs still there, so a stuck job is a loud failure, not a pass.
 */
export async function drainJobs(
  app: { deps: Pick<Deps, 'jobs'> },
  o: { queues?: readonly string[]; timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  const timeoutMs = o.timeoutMs ?? 20_000;
  const until = Date.now() + timeoutMs;
  for (;;) {
    const left = await app.deps.jobs.unfinished(o.queues, Math.ceil(timeoutMs / 1000));
    if (!left.length) return;
    if (Date.now() > until) {
      const what = left.map((j) => `${j.queue} ${j.state} ×${j.count}`).join(', ');
      throw new Error(`drainJobs: jobs still unfinished after ${timeoutMs} ms: ${what}`);
    }
    await new Promise((r) => setTimeout(r, o.pollMs ?? 50));
  }
}

import type { Deps } from './deps.js';

/**
 * A background job as a feature declares it (in its `jobs.ts`): the queue's name, what one job
 * does, and optionally a cron (5 fields, in the default zone Europe/Rome) that enqueues it. The server collects every
 * feature's jobs in one registry (`features/jobs.ts`); only processes that run workers
 * (ROLE=worker or all) process them, every process may enqueue them.
 */
export interface JobDef<T extends object = object> {
  queue: string;
  run: (deps: Deps, data: T) => Promise<void>;
  cron?: { expression: string; data: T };
  /**
   * Done in seconds and safe to run again (a mail, the reminders): its jobs expire after
   * JOB_EXPIRE_SEC, so one whose worker died (kill -9, a lost machine) runs again within a minute
   * instead of after pg-boss's 15 minutes. pg-boss 10 has no heartbeat: a run that outlasts the
   * expiry is failed and retried while it goes on, so such a job bounds its own work well under it
   * (the mailers' timeouts). Long jobs (imports, the company deletion, the nightly ones) leave it
   * unset and keep the 15 minutes.
   */
  short?: true;
  /**
   * pg-boss's `short` policy: at most one job waiting per singleton key (a wake-up sent while one already waits is
   * dropped; one running does not count, so a wake-up during a run still gets its own run). For queues woken often
   * whose one run does all the work due (the webhook deliveries).
   */
  policy?: 'short';
}

/** A declared job as the registry holds it (its data type checked where it was declared). */
export type RegisteredJob = JobDef<object>;

export const defineJob = <T extends object>(def: JobDef<T>): RegisteredJob => def as unknown as RegisteredJob;

/** Problems of a registry: duplicate queue names (a job would be processed by the wrong handler). */
export function registryProblems(defs: readonly RegisteredJob[]): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const d of defs) {
    if (!/^[a-z][a-z0-9-]*$/.test(d.queue)) problems.push(`bad queue name: ${d.queue}`);
    if (seen.has(d.queue)) problems.push(`queue declared twice: ${d.queue}`);
    seen.add(d.queue);
  }
  return problems;
}

/**
 * Creates every queue (so any process can enqueue at once) and, when `work` is set, starts
 * processing them and (re)installs their crons.
 */
export async function startJobs(deps: Deps, defs: readonly RegisteredJob[], work: boolean): Promise<void> {
  await setUpJobs(deps, defs, work);
  if (work) await startWorkers(deps, defs);
}

/** The queues made (or their options brought up to date) and, for a process that works, the crons scheduled. */
export async function setUpJobs(deps: Deps, defs: readonly RegisteredJob[], work: boolean): Promise<void> {
  const problems = registryProblems(defs);
  if (problems.length) throw new Error(`job registry: ${problems.join('; ')}`);
  // Queues are made one process at a time: pg-boss makes a table per new queue, and two processes
  // making the same new queues together on a fresh database deadlock (API and worker started at once).
  await deps.database.exclusively(JOB_SETUP_LOCK, async () => {
    for (const def of defs) {
      await deps.jobs.createQueue(def.queue, {
        ...(def.short ? { expireInSeconds: deps.config.JOB_EXPIRE_SEC } : {}),
        ...(def.policy ? { policy: def.policy } : {}),
      });
      if (work && def.cron) {
        // A short cron job is retried as quickly as a mail (5 s, then backoff); the others after a minute.
        const retry = def.short ? { retryDelay: 5, retryBackoff: true } : {};
        await deps.jobs.schedule(def.queue, def.cron.expression, def.cron.data, retry);
      }
    }
  });
}

/**
 * The workers: each polls its queue from now on. The server starts them once its routes are ready,
 * so their polls do not hold the embedded database (one query at a time) while it starts.
 */
export async function startWorkers(deps: Deps, defs: readonly RegisteredJob[]): Promise<void> {
  for (const def of defs) await deps.jobs.register(def.queue, (data) => def.run(deps, data), deps.log);
}

/** The advisory lock key of the job set-up (the migrations use 7262001). */
const JOB_SETUP_LOCK = 7262002;

import type { EventEmitter } from 'node:events';

interface GuardLog {
  error(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}

/** Past this many uncaught errors in a minute the process is assumed broken and exits for its supervisor to restart it. */
export const UNCAUGHT_BURST = 20;

/**
 * The process-level guard (issue 22): no request may stop the server. Every stream the server writes
 * handles its own errors (platform/http/streams.ts); should one slip through anyway, an unhandled
 * promise rejection or an uncaught exception is logged with its stack and the process keeps serving:
 * the request that caused it fails, the others go on. A burst of them (UNCAUGHT_BURST in a minute)
 * means the process itself is broken: it then exits with status 1, as it would have without the guard,
 * so that systemd, a container or a process manager restarts it.
 */
export function installProcessGuard(log: GuardLog, proc: EventEmitter & { exit(code: number): never } = process) {
  const recent: number[] = [];
  const seen = (kind: string, err: unknown) => {
    const now = Date.now();
    recent.push(now);
    while (recent.length && recent[0]! < now - 60_000) recent.shift();
    if (recent.length >= UNCAUGHT_BURST) {
      log.fatal({ err, kind }, `${kind}: ${recent.length} in a minute, exiting`);
      proc.exit(1);
    }
    log.error({ err, kind }, `${kind}: logged, still serving`);
  };
  const onRejection = (reason: unknown) => seen('unhandled rejection', reason);
  const onException = (err: unknown) => seen('uncaught exception', err);
  proc.on('unhandledRejection', onRejection);
  proc.on('uncaughtException', onException);
  return () => {
    proc.off('unhandledRejection', onRejection);
    proc.off('uncaughtException', onException);
  };
}

import { todayIn } from '@fs/contract';

/**
 * The one source of "now" for services and jobs. Production reads the system time; tests give a
 * settable clock (`fixedClock`) through `BuildOptions.clock` and move it instead of waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stays where it is put: `set` and `advance` move it (tests). */
export interface SettableClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export function fixedClock(start: Date | string): SettableClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (d) => {
      at = new Date(d).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}

/** Today (YYYY-MM-DD) on a company's calendar by this clock: where a service cuts its day. */
export function todayOn(clock: Clock, timeZone: string): string {
  return todayIn(timeZone, clock.now());
}

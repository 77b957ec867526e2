import type { ClockingFix } from '@fs/contract';

/** How long the clock waits for the phone's position before clocking without it. */
export const FIX_WAIT_MS = 2_000;
/** A position the phone took up to this long ago is good enough (it answers at once). */
const FIX_MAX_AGE_MS = 60_000;

/** The phone's zone (IANA), sent with every entry: the place's clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Rome';
}

/**
 * The phone's position when it gives one quickly, else undefined: never an error, never longer than
 * `waitMs` (a refused permission, no signal, no geolocation at all all clock without a position).
 */
export function quickFix(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  waitMs = FIX_WAIT_MS,
): Promise<ClockingFix | undefined> {
  if (!geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    const done = (fix: ClockingFix | undefined) => {
      clearTimeout(timer);
      resolve(fix);
    };
    try {
      geolocation.getCurrentPosition(
        (p) =>
          done({
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            ...(Number.isFinite(p.coords.accuracy)
              ? { accuracyM: Math.min(100_000, Math.max(0, Math.round(p.coords.accuracy))) }
              : {}),
            fixAt: new Date(p.timestamp || Date.now()).toISOString(),
          }),
        () => done(undefined),
        { enableHighAccuracy: false, timeout: waitMs, maximumAge: FIX_MAX_AGE_MS },
      );
    } catch {
      done(undefined);
    }
  });
}

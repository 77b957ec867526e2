import { afterEach, describe, expect, it, vi } from 'vitest';
import { quickFix } from './geo';

afterEach(() => vi.useRealTimers());

const geo = (impl: Geolocation['getCurrentPosition']) => ({ getCurrentPosition: impl }) as unknown as Geolocation;

describe("the phone's position at clocking", () => {
  it('gives the fix with its accuracy and time', async () => {
    const fix = await quickFix(
      geo((ok) =>
        ok({
          coords: { latitude: 41.9, longitude: 12.5, accuracy: 30.6 },
          timestamp: Date.parse('2026-11-26T08:00:00Z'),
        } as GeolocationPosition),
      ),
    );
    expect(fix).toEqual({ latitude: 41.9, longitude: 12.5, accuracyM: 31, fixAt: '2026-11-26T08:00:00.000Z' });
  });

  it('clocks without one when refused, missing or thrown', async () => {
    expect(await quickFix(geo((_ok, fail) => fail?.({ code: 1 } as GeolocationPositionError)))).toBeUndefined();
    expect(await quickFix(undefined)).toBeUndefined();
    expect(
      await quickFix(
        geo(() => {
          throw new Error('insecure origin');
        }),
      ),
    ).toBeUndefined();
  });

  it('never waits past its limit when the phone does not answer', async () => {
    vi.useFakeTimers();
    const pending = quickFix(
      geo(() => {}),
      2_000,
    );
    vi.advanceTimersByTime(2_000);
    expect(await pending).toBeUndefined();
  });
});

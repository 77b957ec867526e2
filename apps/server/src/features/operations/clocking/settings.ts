import type { AllowanceRules, ClockingRules } from '@fs/contract';
import type { CompanyContext } from '../../../platform/context.js';
import { optionValues } from '../../company/index.js';

/** The company's clocking options as the rules read them (decision 0045). */
export interface ClockingSettings {
  enabled: boolean;
  rules: ClockingRules;
  allowance: AllowanceRules;
  geolocation: { enabled: boolean; validityMinutes: number };
}

const int = (v: string, fallback: number) => (Number.isFinite(Number(v)) && v !== '' ? Number(v) : fallback);

/** Clocking (tolerance, rounding), geolocation (validity) and daily allowance options, in the company's zone. */
export async function clockingSettings(ctx: CompanyContext): Promise<ClockingSettings> {
  const [enabled, tolerance, rounding, geoEnabled, validity, allowanceEnabled, amount, minKm] = await optionValues(
    ctx.deps,
    ctx.company.id,
    [
      ['timbrature', 'enabled'],
      ['timbrature', 'tolleranza_minuti'],
      ['timbrature', 'arrotondamento_minuti'],
      ['geolocalizzazione', 'enabled'],
      ['geolocalizzazione', 'validita_minuti'],
      ['trasferte', 'enabled'],
      ['trasferte', 'importo_giornaliero'],
      ['trasferte', 'distanza_minima_km'],
    ],
  );
  return {
    enabled: enabled === '1',
    rules: {
      toleranceMinutes: int(tolerance!, 10),
      roundingMinutes: Math.max(1, int(rounding!, 15)),
      timeZone: ctx.company.timezone,
    },
    allowance: { enabled: allowanceEnabled === '1', dailyAmount: amount || '0.00', minKm: int(minKm!, 50) },
    geolocation: { enabled: geoEnabled === '1', validityMinutes: Math.max(1, int(validity!, 15)) },
  };
}

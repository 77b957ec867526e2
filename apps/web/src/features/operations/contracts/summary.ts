import { parseDecimal, CONTRACT_PRICE_ITEMS } from '@fs/contract';
import { formatDate } from '../../../app/format';
import { formatDecimal, formatMoney } from '../../../app/numbers';
import { dateCount, frequencyText, frequenzaOf, type ActivityDraft } from './activity-form';
import type { VocePrezzo } from './contract-form';

type T = (key: string, options?: Record<string, unknown>) => string;

/** "dal 01/01/2026 al 31/12/2026"; '' without dates. */
export function periodText(inizio: string | null, fine: string | null, t: T): string {
  if (!inizio || !fine) return '';
  return t('contracts.summary.period', { from: formatDate(inizio), to: formatDate(fine) });
}

/** A price as it reads: money "2.450,00 €", the material discount "10 %"; '' when not set or not a number. */
export function priceText(voce: VocePrezzo, value: string | null | undefined, locale: string): string {
  if (value === null || value === undefined || value.trim() === '') return '';
  const r = parseDecimal(value);
  if ('problem' in r) return '';
  return voce === 'materiale' ? `${formatDecimal(r.value, locale)} %` : formatMoney(r.value, locale);
}

/** Hours as typed ("12,5") as they read: "12,5 h"; '' when empty or not a number. */
export function hoursText(value: string, locale: string): string {
  if (value.trim() === '') return '';
  const r = parseDecimal(value);
  return 'problem' in r ? '' : `${formatDecimal(r.value, locale)} h`;
}

/** The prices that are set, in the contract's order, as label and text. */
export function priceLines(
  prezzi: Partial<Record<VocePrezzo, string | null>>,
  locale: string,
  t: T,
): { voce: VocePrezzo; label: string; text: string }[] {
  return CONTRACT_PRICE_ITEMS.map((voce) => ({
    voce,
    label: t(`contracts.prices.${voce}`),
    text: priceText(voce, prezzi[voce], locale),
  })).filter((l) => l.text !== '');
}

/** The renewal in words: "Rinnovo automatico ogni 12 mesi", "Nessun rinnovo automatico". */
export function renewalText(rinnovo: boolean, mesi: number | '' | null, t: T): string {
  if (!rinnovo) return t('contracts.summary.noRenewal');
  return mesi === '' || mesi === null
    ? t('contracts.summary.renewalSameLength')
    : t('contracts.summary.renewalMonths', { count: mesi });
}

/** One line per activity: name, frequency and how many dates it gives ("Manutenzione caldaia · Ogni 6 mesi · 2 date"). */
export function activityLine(a: ActivityDraft, t: T): string {
  const count = dateCount(a);
  return [
    a.nome,
    frequencyText(frequenzaOf(a), t),
    count === null ? t('contracts.summary.datesUnknown') : t('contracts.summary.dates', { count }),
  ].join(' · ');
}

/** All the activities' dates together (those known). */
export function totalDates(activities: ActivityDraft[]): number {
  return activities.reduce((sum, a) => sum + (dateCount(a) ?? 0), 0);
}

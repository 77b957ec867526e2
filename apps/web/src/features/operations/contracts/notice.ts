import { findOption, optionValue } from '@fs/contract';
import { useOptions } from '../../company';

const NOTICE = ['contratti_preavviso_scadenza', 'giorni'] as const;

/**
 * The company's expiry notice in days (option "Preavviso scadenza contratti", 30 unless changed):
 * what the server saves for a contract whose own notice is left empty.
 */
export function useCompanyNoticeDays(): number {
  const options = useOptions();
  const value = optionValue(options.data, ...NOTICE) ?? findOption(...NOTICE)?.default;
  return Number(value) || 0;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The notice as the contract will have it: its own days, or the company's when left empty (said so). */
export function noticeText(days: number | '', companyDays: number, t: T): string {
  return days === ''
    ? t('contracts.summary.noticeCompany', { count: companyDays })
    : t('contracts.summary.days', { count: days });
}

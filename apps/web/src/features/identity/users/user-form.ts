import type { TFunction } from 'i18next';
import { type User, type UserSave } from '@fs/contract';
import { decimalText } from '../../../app/components/DecimalInput';
import { decimalRule } from '../../../app/decimal';

export interface UserValues {
  name: string;
  surname: string;
  username: string;
  email: string;
  password: string;
  /** The current password, asked when users change their own. */
  passwordAttuale: string;
  /** '' (a new user): the company's default language, set by the server. */
  lingua: '' | 'IT' | 'EN' | 'ES' | 'FR' | 'DE';
  role: 'admin' | 'user';
  scheduleenabled: boolean;
  status: 'ACTIVE' | 'DISABLED';
  netPriceKm: string;
  netPriceOreViaggio: string;
  netPriceTecnico: string;
  /** '' (a new user): the company's time zone, set by the server. */
  timezone: string;
  /** Job roles held (ids). */
  mansioni: string[];
}

export const PRICE_FIELDS = ['netPriceKm', 'netPriceOreViaggio', 'netPriceTecnico'] as const;

export function toValues(u: User | null): UserValues {
  return {
    name: u?.name ?? '',
    surname: u?.surname ?? '',
    username: u?.username ?? '',
    email: u?.email ?? '',
    password: '',
    passwordAttuale: '',
    lingua: (u?.lingua as UserValues['lingua']) ?? '',
    role: u?.role ?? 'user',
    scheduleenabled: u ? u.scheduleenabled === 'Y' : true,
    status: u?.status ?? 'ACTIVE',
    netPriceKm: decimalText(u?.netPriceKm, true),
    netPriceOreViaggio: decimalText(u?.netPriceOreViaggio, true),
    netPriceTecnico: decimalText(u?.netPriceTecnico, true),
    timezone: u?.timezone ?? '',
    mansioni: u?.mansioni.map((m) => m.id) ?? [],
  };
}

export function toRequest(v: UserValues, id: string | undefined): UserSave {
  return {
    ...(id ? { id } : {}),
    name: v.name,
    surname: v.surname,
    username: v.username.trim(),
    email: v.email,
    ...(v.password ? { password: v.password } : {}),
    ...(v.password && v.passwordAttuale ? { passwordAttuale: v.passwordAttuale } : {}),
    ...(v.lingua ? { lingua: v.lingua } : {}),
    role: v.role,
    scheduleenabled: v.scheduleenabled ? 'Y' : 'N',
    status: v.status,
    netPriceKm: v.netPriceKm,
    netPriceOreViaggio: v.netPriceOreViaggio,
    netPriceTecnico: v.netPriceTecnico,
    ...(v.timezone ? { timezone: v.timezone } : {}),
    mansioni: v.mansioni,
  };
}

/** The same rules as the server's, so most mistakes show before sending. */
export function userValidation(t: TFunction, creating: boolean) {
  const price = decimalRule(t);
  return {
    username: (v: string) =>
      !v.trim() ? t('users.form.required') : /\s/.test(v.trim()) ? t('users.form.noSpaces') : null,
    email: (v: string) =>
      v.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t('users.form.badEmail'),
    password: (v: string) =>
      creating && !v ? t('users.form.required') : v && v.length < 8 ? t('users.form.shortPassword') : null,
    netPriceKm: price,
    netPriceOreViaggio: price,
    netPriceTecnico: price,
  };
}

export function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return !current || all.includes(current) ? all : [current, ...all];
}

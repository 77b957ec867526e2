import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError, type FieldProblem } from './errors.js';

/**
 * Duplicates of identifying values, one rule for every registry (docs/decisions/0019-duplicates-and-search.md):
 * codes are compared without regard to case and spaces (`fs_key` in SQL, `codeKey` here: the
 * same fold); a value that may never repeat (a customer's registry id, an article's code) is
 * refused with 409 DUPLICATE_CODE; one that may repeat on purpose (VAT number, tax code,
 * external reference) is refused with 409 DUPLICATE until the save is sent again with the
 * user's confirmation (`confermaDuplicati: true`). Only a value that is new or changed is
 * checked, so old records that already share one can still be edited.
 */

/** The comparison form of a code: no spaces, upper case (SQL: fs_key, migration 0015). */
export const codeKey = (v: string): string => v.replace(/\s/g, '').toUpperCase();

/** `column` equals `value` as codes compare (served by the `(azienda_id, fs_key(column))` indexes). */
export const sameKey = (column: AnyColumn | SQL, value: string): SQL => sql`fs_key(${column}) = fs_key(${value})`;

export interface DuplicateCheck {
  /** The field's wire name (as the form names it). */
  field: string;
  /** How the messages call the field ("Codice", "Partita IVA"). */
  label: string;
  /** The label is feminine in Italian ("Partita IVA già usata"). */
  feminine?: boolean;
  value: string | null | undefined;
  /** The stored value on an update (unchanged values are not checked). */
  previous?: string | null;
  /** False: the value may never repeat. */
  mayRepeat: boolean;
  /** The other records holding it, as the message names them. */
  others: string[];
}

/** True when the check applies: a value that is new or differs from the stored one. */
export function isChanged(value: string | null | undefined, previous: string | null | undefined): boolean {
  return !!value && (!previous || codeKey(value) !== codeKey(previous));
}

function problemOf(c: DuplicateCheck): FieldProblem {
  const [first, ...rest] = c.others;
  const more = rest.length ? ` e ${rest.length === 1 ? 'un altro' : `altri ${rest.length}`}` : '';
  return { path: c.field, message: `${c.label} già ${c.feminine ? 'usata' : 'usato'} da «${first}»${more}` };
}

/** Throws the 409 the duplicates call for; answers the checks that found others (confirmed ones). */
export function assertDuplicatesAllowed(checks: DuplicateCheck[], confirmed: boolean): DuplicateCheck[] {
  const hits = checks.filter((c) => c.others.length > 0 && isChanged(c.value, c.previous));
  const never = hits.filter((c) => !c.mayRepeat);
  if (never.length) {
    const fields = never.map(problemOf);
    throw new AppError('DUPLICATE_CODE', fields.map((f) => f.message).join('; '), fields);
  }
  if (hits.length && !confirmed) {
    const fields = hits.map(problemOf);
    throw new AppError(
      'DUPLICATE',
      `${fields.map((f) => f.message).join('; ')}. Confermare per salvare comunque.`,
      fields,
    );
  }
  return hits;
}

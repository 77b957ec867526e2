import { z } from 'zod';

/**
 * A valid example of a route's body, made from its zod schema (through JSON Schema), so a test
 * can call every write route with something that passes validation and reaches the service.
 * `idFor` answers the id to put in a uuid field (by the field's name), e.g. another company's.
 */
type Json = Record<string, unknown>;

export function exampleBody(schema: unknown, idFor: (field: string) => string): unknown {
  const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
  return example(json, '', idFor);
}

function example(s: Json, field: string, idFor: (field: string) => string): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (Array.isArray(s.anyOf)) {
    const options = s.anyOf as Json[];
    return example(options.find((o) => o.type !== 'null') ?? options[0]!, field, idFor);
  }
  if (Array.isArray(s.oneOf)) return example((s.oneOf as Json[])[0]!, field, idFor);
  // A union of plain types (["string", "number", "null"]) is left null, unless the field has a known value.
  if (Array.isArray(s.type) && KNOWN[field]) return KNOWN[field];
  switch (s.type) {
    case 'object': {
      const out: Json = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Json>)) out[k] = example(v, k, idFor);
      return out;
    }
    case 'array':
      return [example((s.items ?? {}) as Json, field, idFor)];
    case 'integer':
    case 'number': {
      const min =
        typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      const max = typeof s.maximum === 'number' ? s.maximum : Number.MAX_SAFE_INTEGER;
      return Math.min(Math.max(min, 1), max);
    }
    case 'boolean':
      return false;
    case 'string':
      return stringExample(s, field, idFor);
    default:
      return null;
  }
}

/** Fields whose rules a schema cannot show (check digits, time zones, refinements). */
const KNOWN: Record<string, string> = {
  email: 'sweep@example.test',
  mailPrincipale: 'sweep@example.test',
  timezone: 'Europe/Rome',
  partita_iva: '12345670017',
  codice_fiscale: 'RSSMRA85T10A562S',
  provincia: 'MI',
  nazione: 'IT',
  cap: '20100',
  // An article's VAT: a 0% rate needs its nature (decision 0050).
  aliquota_iva: '0',
  natura_iva: 'N4',
};

function stringExample(s: Json, field: string, idFor: (field: string) => string): string {
  if (s.format === 'uuid') return idFor(field);
  if (KNOWN[field]) return KNOWN[field];
  if (s.format === 'email') return 'sweep@example.test';
  if (s.format === 'date-time') return '2026-11-24T08:00:00.000Z';
  if (s.format === 'date') return '2026-11-24';
  const min = typeof s.minLength === 'number' ? s.minLength : 1;
  const max = typeof s.maxLength === 'number' ? s.maxLength : 40;
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern);
    for (const c of [
      'x',
      'Sweep',
      '12',
      '12.50',
      'AB',
      'MI',
      'IT',
      '20100',
      'A1',
      '2026-11-24',
      '20261124',
      '08:00',
      '2026-11',
    ])
      if (re.test(c) && c.length >= min && c.length <= max) return c;
  }
  return 'Sweep'.padEnd(min, 'x').slice(0, Math.max(min, Math.min(5, max)));
}

import { describe, expect, it } from 'vitest';
import type { Contract } from '@fs/contract';
import { emptyActivity } from './activity-form';
import {
  contractFormOf,
  emptyContract,
  firstStepWithError,
  parsedInput,
  stepOfField,
  validateContract,
  validateStep,
  type ContractForm,
} from './contract-form';

const M = {
  required: 'required',
  endBeforeStart: 'endBeforeStart',
  tooLong: 'tooLong',
  hoursRequired: 'hoursRequired',
};
const CLIENTE = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

function valid(): ContractForm {
  return {
    ...emptyContract(),
    cliente_id: CLIENTE,
    cliente: 'Rossi S.r.l.',
    identificativo: 'MAN-2026-014',
    tipo: 'manutenzione',
    data_inizio: '2026-01-01',
    data_fine: '2026-12-31',
  };
}

describe('the wizard steps', () => {
  it('keeps the first step until customer, identifier and type are given', () => {
    const e = validateStep('info', emptyContract(), M);
    expect(Object.keys(e).sort()).toEqual(['cliente_id', 'identificativo', 'tipo']);
    expect(e.cliente_id).toBe('required');
    expect(validateStep('info', valid(), M)).toEqual({});
  });

  it('checks only the fields of the step asked', () => {
    const f = { ...valid(), data_fine: '', email_avviso: 'not-a-mail' };
    expect(Object.keys(validateStep('info', f, M))).toEqual([]);
    expect(Object.keys(validateStep('contract', f, M))).toEqual(['data_fine']);
    expect(Object.keys(validateStep('settings', f, M))).toEqual(['email_avviso']);
  });

  it('refuses an end before the start and a period of ten years or more', () => {
    expect(validateStep('contract', { ...valid(), data_fine: '2025-12-31' }, M).data_fine).toBe('endBeforeStart');
    expect(validateStep('contract', { ...valid(), data_fine: '2036-01-01' }, M).data_fine).toBe('tooLong');
    expect(validateStep('contract', { ...valid(), data_fine: '2035-12-31' }, M)).toEqual({});
  });

  it('asks the hours of an on-call contract, read the Italian way', () => {
    const f: ContractForm = { ...valid(), tipo: 'chiamata' };
    expect(validateStep('contract', f, M).ore_contratto).toBe('hoursRequired');
    expect(validateStep('contract', { ...f, ore_contratto: '40,5' }, M)).toEqual({});
    expect(validateStep('contract', { ...f, ore_contratto: '40,555' }, M).ore_contratto).toMatch(/decimali/);
  });

  it('checks prices with the wire rules: Italian decimals, at most 100 % off material', () => {
    const f = valid();
    f.prezzi = { ...f.prezzi, ora: '2.450,00', km: '0,456', materiale: '120' };
    const e = validateStep('settings', f, M);
    expect(Object.keys(e).sort()).toEqual(['prezzi.km', 'prezzi.materiale']);
  });

  it("names an incomplete activity's fields under the contract step", () => {
    const f = { ...valid(), attivita: [{ ...emptyActivity(), nome: '', ogni: '' as const }] };
    const e = validateContract(f, M);
    expect(Object.keys(e).sort()).toEqual(['attivita.0.frequenza.ogni', 'attivita.0.nome']);
    expect(firstStepWithError(e)).toBe('contract');
  });
});

describe("the server's field errors", () => {
  it('go back to the step that holds the field', () => {
    expect(stepOfField('cliente_id')).toBe('info');
    expect(stepOfField('tipo')).toBe('info');
    expect(stepOfField('data_fine')).toBe('contract');
    expect(stepOfField('attivita.2.frequenza.data')).toBe('contract');
    expect(stepOfField('macchinari.0')).toBe('contract');
    expect(stepOfField('prezzi.ora')).toBe('settings');
    expect(stepOfField('regole.ritardo_massimo_giorni')).toBe('settings');
    expect(stepOfField('email_avviso')).toBe('settings');
  });

  it('open the earliest step with an error', () => {
    expect(firstStepWithError({ 'prezzi.km': 'x', data_inizio: 'y' })).toBe('contract');
    expect(firstStepWithError({ 'prezzi.km': 'x', identificativo: 'y' })).toBe('info');
    expect(firstStepWithError({})).toBeNull();
  });
});

describe('the body sent', () => {
  it('carries canonical decimals, the activities on creation only, and no hours on maintenance', () => {
    const f = { ...valid(), ore_contratto: '12', attivita: [{ ...emptyActivity(), nome: 'Controllo caldaia' }] };
    f.prezzi = { ...f.prezzi, ora: '2.450,50', materiale: '10,5' };
    const body = parsedInput(f)!;
    expect(body.prezzi).toEqual({ ora: '2450.50', materiale: '10.5' });
    expect(body.ore_contratto).toBeNull();
    expect(body.email_avviso).toBeNull();
    expect(body.attivita).toHaveLength(1);
    expect(body.attivita![0]!.frequenza).toEqual({ tipo: 'fissa', ogni: 1, unita: 'mesi', data_inizio: null });
    const update = parsedInput(f, '9a1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f')!;
    expect(update.id).toBeDefined();
    expect(update.attivita).toBeUndefined();
  });

  it('reads a saved contract back in Italian', () => {
    const c = {
      cliente_id: CLIENTE,
      cliente: 'Rossi',
      identificativo: 'CH-1',
      descrizione: null,
      tipo: 'chiamata',
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      ore_contratto: '40.50',
      impianti: [{ id: 'p1', nome: 'Sede' }],
      macchinari: [],
      mansioni: [],
      rinnovo_automatico: true,
      mesi_rinnovo: 12,
      giorni_preavviso_rinnovo: null,
      avviso_cliente: false,
      email_avviso: null,
      regole: null,
      abilitaPrezziContratto: true,
      prezzi: { ora: '2450.5', materiale: '10' },
    } as unknown as Contract;
    const f = contractFormOf(c);
    expect(f.ore_contratto).toBe('40,5');
    expect(f.prezzi.ora).toBe('2.450,50');
    expect(f.prezzi.materiale).toBe('10');
    expect(f.prezzi.km).toBe('');
    expect(f.impianti).toEqual(['p1']);
    expect(f.mesi_rinnovo).toBe(12);
  });
});

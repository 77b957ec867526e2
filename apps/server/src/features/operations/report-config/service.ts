import type { z } from 'zod';
import {
  CUSTOM_FIELDS_MAX,
  CUSTOM_FIELD_POSITIONS,
  formatNumero,
  yearIn,
  NUMBERING_DEFAULT,
  CUSTOM_FIELD_INPUTS,
  type CustomFieldConfig,
  type customFieldConfigSaveRequest,
  type CustomFieldType,
  type Numbering,
  type numberingSaveRequest,
} from '@fs/contract';
import { AppError, notFound } from '../../../platform/errors.js';
import type { CompanyContext } from '../../../platform/context.js';
import type { DbOrTx } from '../../../platform/db/client.js';
import { lockCompany } from '../../../platform/limits.js';
import * as repo from './repo.js';

type CampoInput = z.output<typeof customFieldConfigSaveRequest>;

export function toCampoConfig(r: repo.CampoRow): CustomFieldConfig {
  return {
    id: r.id,
    nome: r.nome,
    tipo: r.tipo as CustomFieldType,
    tipo_campo: CUSTOM_FIELD_INPUTS[r.tipo as CustomFieldType],
    valore: r.valore,
    obbligatorio: r.obbligatorio,
    abilitazione: r.abilitazione,
    valore_richiesto: r.valoreRichiesto,
    posizione: r.posizione as CustomFieldConfig['posizione'],
    ordine: r.ordine,
    visibilita: { app: r.visibileApp, web: r.visibileWeb, stampa: r.visibileStampa },
    articolo_id: r.articoloId,
    articolo_codice: r.articoloCodice,
    scelte: r.scelte,
  };
}

export async function listCampi(ctx: CompanyContext): Promise<CustomFieldConfig[]> {
  return (await repo.listCampi(ctx.db, ctx.company.id)).map(toCampoConfig);
}

/** Every field a report may hold, removed ones too (old reports keep showing their values). */
export const campiWithRemoved = (db: DbOrTx, aziendaId: string) => repo.listCampi(db, aziendaId, true);

/**
 * Creates or updates a field and, when given, applies the dragged order of its position. One
 * transaction under the company lock (the count limit and the order stay consistent).
 */
export async function saveCampo(ctx: CompanyContext, input: CampoInput): Promise<CustomFieldConfig> {
  const aziendaId = ctx.company.id;
  return ctx.db.transaction(async (tx) => {
    await lockCompany(tx, aziendaId);
    if (input.articolo_id && !(await repo.articleExists(tx, aziendaId, input.articolo_id))) {
      throw notFound('Articolo');
    }
    const values: repo.CampoValues = {
      nome: input.nome,
      tipo: input.tipo,
      valore: input.valore,
      obbligatorio: input.obbligatorio,
      abilitazione: input.abilitazione,
      valoreRichiesto: input.valore_richiesto,
      posizione: input.posizione,
      visibileApp: input.visibilita.app,
      visibileWeb: input.visibilita.web,
      visibileStampa: input.visibilita.stampa,
      articoloId: input.articolo_id ?? null,
      scelte: input.tipo === 'scelta' ? input.scelte : [],
    };
    let id = input.id;
    if (id) {
      const old = await repo.findCampo(tx, aziendaId, id);
      if (!old) throw notFound('Campo');
      if (old.tipo !== input.tipo && (await repo.usedInReports(tx, aziendaId, id))) {
        throw new AppError('CONFLICT', 'Il tipo di un campo già usato nei rapportini non si può cambiare', [
          { path: 'tipo', message: 'Campo già usato nei rapportini: il tipo non si può cambiare' },
        ]);
      }
      await repo.updateCampo(tx, aziendaId, id, values);
      if (old.posizione !== input.posizione) {
        await repo.setOrdine(tx, aziendaId, id, await repo.nextOrdine(tx, aziendaId, input.posizione));
      }
    } else {
      if ((await repo.countCampi(tx, aziendaId)) >= CUSTOM_FIELDS_MAX) {
        throw new AppError('CONFLICT', `Al massimo ${CUSTOM_FIELDS_MAX} campi personalizzati`);
      }
      id = await repo.insertCampo(tx, aziendaId, values, await repo.nextOrdine(tx, aziendaId, input.posizione));
    }
    if (input.ordine_posizione) {
      const same = (await repo.listCampi(tx, aziendaId)).filter((c) => c.posizione === input.posizione);
      const known = new Set(same.map((c) => c.id));
      const order = input.ordine_posizione.filter((x) => known.has(x));
      // Fields the order leaves out keep their relative place after the ordered ones.
      const rest = same.map((c) => c.id).filter((x) => !order.includes(x));
      let n = 1;
      for (const x of [...order, ...rest]) await repo.setOrdine(tx, aziendaId, x, n++);
    }
    return toCampoConfig((await repo.findCampo(tx, aziendaId, id))!);
  });
}

/** Deletes a field; one that reports hold values of is hidden instead (their history stays). */
export async function removeCampo(ctx: CompanyContext, id: string): Promise<'deleted' | 'hidden'> {
  const aziendaId = ctx.company.id;
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findCampo(tx, aziendaId, id))) throw notFound('Campo');
    if (await repo.usedInReports(tx, aziendaId, id)) {
      await repo.markRemoved(tx, aziendaId, id);
      return 'hidden' as const;
    }
    await repo.deleteCampo(tx, aziendaId, id);
    return 'deleted' as const;
  });
}

export const posizioni = () => CUSTOM_FIELD_POSITIONS.map((codice, i) => ({ codice, ordine: i + 1 }));

/* ---------- numbering ---------- */

type NumerazioneInput = z.output<typeof numberingSaveRequest>;

const settingsOf = (row: repo.NumerazioneRow | undefined) =>
  row
    ? { prefisso: row.prefisso, formato: row.formato, cifre: row.cifre, azzeramento_annuale: row.azzeramentoAnnuale }
    : NUMBERING_DEFAULT;

const counterOf = (azzeramento: boolean, anno: number) => (azzeramento ? anno : 0);

/** The current year in the company's time zone, by the clock (the counter restarts with it). */
export const currentYear = (ctx: CompanyContext) => yearIn(ctx.clock.now(), ctx.company.timezone);

export async function getNumerazione(ctx: CompanyContext): Promise<Numbering> {
  return numerazioneOf(ctx.db, ctx.company.id, currentYear(ctx));
}

async function numerazioneOf(db: DbOrTx, aziendaId: string, anno: number): Promise<Numbering> {
  const s = settingsOf(await repo.findNumerazione(db, aziendaId));
  const next = (await repo.lastNumber(db, aziendaId, counterOf(s.azzeramento_annuale, anno))) + 1;
  return { ...s, prossimo_numero: next, anteprima: formatNumero(s, anno, next) };
}

export async function saveNumerazione(ctx: CompanyContext, input: NumerazioneInput): Promise<Numbering> {
  const aziendaId = ctx.company.id;
  const anno = currentYear(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockCompany(tx, aziendaId);
    await repo.saveNumerazione(tx, aziendaId, {
      prefisso: input.prefisso,
      formato: input.formato,
      cifre: input.cifre,
      azzeramentoAnnuale: input.azzeramento_annuale,
    });
    if (input.prossimo_numero !== undefined) {
      const counter = counterOf(input.azzeramento_annuale, anno);
      const last = await repo.lastNumber(tx, aziendaId, counter);
      if (input.prossimo_numero <= last) {
        throw new AppError('VALIDATION', 'Numero già assegnato', [
          { path: 'prossimo_numero', message: `Deve essere almeno ${last + 1}: i numeri già dati non si riusano` },
        ]);
      }
      await repo.setLastNumber(tx, aziendaId, counter, input.prossimo_numero - 1);
    }
    return numerazioneOf(tx, aziendaId, anno);
  });
}

/**
 * The number of a new report opened on `dataApertura` (YYYY-MM-DD): taken inside the report's
 * transaction (repo.takeNumber), formatted with the company's pattern. A number already used by
 * another report (typed by hand under an older pattern) is passed over so the unique index holds.
 */
export async function assignNumber(
  tx: DbOrTx,
  aziendaId: string,
  dataApertura: string,
  taken: (numero: string) => Promise<boolean>,
): Promise<string> {
  const s = settingsOf(await repo.findNumerazione(tx, aziendaId));
  const anno = Number(dataApertura.slice(0, 4));
  for (;;) {
    const n = await repo.takeNumber(tx, aziendaId, counterOf(s.azzeramento_annuale, anno));
    const numero = formatNumero(s, anno, n);
    if (!(await taken(numero))) return numero;
  }
}

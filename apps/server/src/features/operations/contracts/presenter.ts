import {
  remainingHours,
  contractState,
  type Contract,
  type ContractSummary,
  type ContractRow,
  type ContractPrices,
  type ContractRules,
} from '@fs/contract';
import type { ContractDetail } from './detail-repo.js';
import type { ListRow } from './list-repo.js';
import type { ContractBrief } from './repo.js';

/** The wire shapes of a contract: the brief (report form), the list row and the whole contract. */

/** The day after `date` (YYYY-MM-DD). */
export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

type StateFacts = Pick<
  ContractBrief,
  'cessato' | 'dataFine' | 'rinnovoAutomatico' | 'mailAvvisoScadenzaSent' | 'tipo' | 'oreContratto'
>;

const stateOf = (c: StateFacts, today: string) =>
  contractState(
    {
      cessato: c.cessato,
      data_fine: c.dataFine,
      rinnovo_automatico: c.rinnovoAutomatico,
      mailAvvisoScadenzaSent: c.mailAvvisoScadenzaSent,
    },
    today,
  );

/** On-call hours: bought, and left once the closed reports' hours are taken off (null on maintenance). */
export function hoursOf(c: { tipo: string; oreContratto: string | null }, oreUsate: string) {
  const chiamata = c.tipo === 'chiamata';
  return {
    ore_contratto: chiamata ? c.oreContratto : null,
    ore_residue: chiamata ? remainingHours(c.oreContratto, oreUsate) : null,
  };
}

export function toBreve(c: ContractBrief, today: string): ContractSummary {
  return {
    id: c.id,
    identificativo: c.identificativo,
    descrizione: c.descrizione,
    tipo: c.tipo as ContractSummary['tipo'],
    data_inizio: c.dataInizio,
    data_fine: c.dataFine,
    cessato: c.cessato,
    abilitaPrezziContratto: c.abilitaPrezziContratto,
    stato: stateOf(c, today),
    ...hoursOf(c, c.oreUsate),
  };
}

export function toRow(c: ListRow, today: string): ContractRow {
  return {
    ...toBreve(c, today),
    cliente_id: c.clienteId,
    cliente: c.cliente,
    rinnovo_automatico: c.rinnovoAutomatico,
    mailAvvisoScadenzaSent: c.mailAvvisoScadenzaSent,
  };
}

export function toContratto(d: ContractDetail, today: string): Contract {
  const r = d.row;
  return {
    id: r.id,
    identificativo: r.identificativo,
    descrizione: r.descrizione,
    tipo: r.tipo,
    data_inizio: r.dataInizio,
    data_fine: r.dataFine,
    cessato: r.cessato,
    stato: stateOf(r, today),
    abilitaPrezziContratto: r.abilitaPrezziContratto,
    ...hoursOf(r, d.oreUsate),
    cliente_id: r.clienteId,
    cliente: d.cliente,
    rinnovo_automatico: r.rinnovoAutomatico,
    mesi_rinnovo: r.mesiRinnovo,
    data_rinnovo: r.rinnovoAutomatico && r.dataFine ? dayAfter(r.dataFine) : null,
    giorni_preavviso_rinnovo: r.giorniPreavvisoRinnovo,
    mailAvvisoScadenzaSent: r.mailAvvisoScadenzaSent,
    avviso_cliente: r.avvisoCliente,
    email_avviso: r.emailAvviso,
    data_cessazione: r.dataCessazione,
    motivo_cessazione: r.motivoCessazione,
    rinnovi: r.rinnovi,
    ore_usate: Number(d.oreUsate).toFixed(2),
    impianti: d.impianti,
    macchinari: d.macchinari,
    mansioni: d.mansioni,
    regole: (r.regole as ContractRules | null) ?? null,
    prezzi: (r.prezzi as ContractPrices | null) ?? null,
    attivita_count: d.attivitaCount,
    date_da_fare: d.dateDaFare,
    date_scadute: d.dateScadute,
    media_count: d.mediaCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

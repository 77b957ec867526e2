import {
  CUSTOM_FIELD_INPUTS,
  type CustomFieldPosition,
  type ReportField,
  type CustomFieldType,
  type Prices,
  type Report,
  type ReportListRow,
} from '@fs/contract';
import type { CampoRow } from '../report-config/repo.js';
import type { ListRow } from './list-repo.js';
import type { ReportWithLines } from './repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The custom fields a report shows: the enabled configured ones, plus any it holds a value of (history). */
export function campiOf(config: CampoRow[], values: { campoId: string; valore: string | null }[]): ReportField[] {
  const held = new Map(values.map((v) => [v.campoId, v.valore]));
  return config
    .filter((c) => (c.abilitazione && !c.eliminatoAt) || held.has(c.id))
    .map((c) => ({
      campo_id: c.id,
      nome: c.nome,
      tipo: c.tipo as CustomFieldType,
      tipo_campo: CUSTOM_FIELD_INPUTS[c.tipo as CustomFieldType],
      posizione: c.posizione as CustomFieldPosition,
      ordine: c.ordine,
      obbligatorio: c.obbligatorio,
      abilitazione: c.abilitazione && !c.eliminatoAt,
      valore_richiesto: c.valoreRichiesto,
      visibilita: { app: c.visibileApp, web: c.visibileWeb, stampa: c.visibileStampa },
      scelte: c.scelte,
      valore: held.get(c.id) ?? null,
    }));
}

export function toRapportino(
  r: ReportWithLines,
  campi: ReportField[],
  prezzi: Prices | null,
  modificabile: boolean,
  firmabile = false,
  /** The signing link still awaited (visit-repo.ts awaitedSignature). */
  attesa: { email: string; scadeAt: Date; at: Date } | null = null,
): Report {
  const x = r.report;
  // The lines' prices go with the computed prices: a caller without the prices permission sees neither.
  const priced = prezzi !== null;
  const price = (v: string | null) => (priced ? v : null);
  return {
    id: x.id,
    numero_assistenza: x.numeroAssistenza ?? '',
    stato: x.stato,
    inviato: x.inviato,
    completato: x.completato,
    data_completamento: iso(x.completatoAt),
    data_apertura: x.dataApertura,
    data_chiusura: iso(x.dataChiusura),
    data_appuntamento: iso(r.appuntamento?.inizio ?? null),
    appuntamento: r.appuntamento
      ? {
          id: r.appuntamento.id,
          inizio: iso(r.appuntamento.inizio),
          fine: iso(r.appuntamento.fine),
          tutto_il_giorno: r.appuntamento.tuttoIlGiorno,
          da_fare: r.appuntamento.daFare,
        }
      : null,
    motivazione: x.motivazione,
    tipo_intervento: x.tipoIntervento,
    su_contratto: x.contrattoId !== null,
    contratto_id: x.contrattoId,
    contrassegnato: x.contrassegnato,
    in_remoto: x.inRemoto,
    pianificato_remoto: x.pianificatoRemoto,
    cliente_id: x.clienteId,
    cliente: r.cliente,
    cliente_fatturazione_id: x.clienteFatturazioneId,
    cliente_fatturazione: r.clienteFatturazione,
    impianto_id: x.impiantoId,
    impianto: r.impianto,
    macchinari_ids: r.macchinari,
    tecnici_ids: r.tecnici.map((t) => t.id),
    tecnici: r.tecnici,
    mansione_id: r.mansioneId,
    mansione: r.mansione,
    richiesta_iniziale: x.richiestaIniziale,
    note: x.note,
    totale_ore: x.totaleOre,
    giornate: r.giornate.map((g) => ({
      id: g.id,
      data: g.data,
      tecnico_id: g.tecnicoId ?? '',
      tecnico: g.tecnicoNome,
      totale_ore: g.totaleOre,
      ore_mattina: g.oreMattina,
      ore_pomeriggio: g.orePomeriggio,
      inizio_mattina: g.inizioMattina,
      fine_mattina: g.fineMattina,
      inizio_pomeriggio: g.inizioPomeriggio,
      fine_pomeriggio: g.finePomeriggio,
      pranzo: g.pranzo,
      cena: g.cena,
      pernottamento: g.pernottamento,
      km_viaggio: g.kmViaggio,
      ore_viaggio: g.oreViaggio,
      ritorno: g.ritorno,
      prezzoImpostato: price(g.prezzoImpostato),
    })),
    materiali: r.materiali.map((m) => ({
      id: m.id,
      articolo_id: m.articoloId,
      codice: m.codice,
      descrizione: m.descrizione,
      quantita: m.quantita,
      unita: m.unita,
      importo_unitario: price(m.importoUnitario),
      costo_acquisto: price(m.costoAcquisto),
      prezzo_netto: price(m.prezzoNetto),
    })),
    controlli: r.controlli.map((c) => ({
      controllo_id: c.controlloId,
      descrizione: c.descrizione,
      esito: c.esito,
      note: c.note,
    })),
    campi_personalizzati: campi,
    gestionePrezziIntervento: prezzi ? (x.gestionePrezzi ?? null) : null,
    prezzi,
    modificabile,
    firma:
      x.firmaMediaId && x.firmaFirmatario && x.firmaAt
        ? {
            media_id: x.firmaMediaId,
            firmatario: x.firmaFirmatario,
            firmato_il: x.firmaAt.toISOString(),
            remoto: x.firmaRemoto,
            ...(x.firmaRemoto && x.firmaIp ? { ip: x.firmaIp } : {}),
          }
        : null,
    firmabile,
    attesa_firma: attesa
      ? {
          stato: 'in_attesa_firma',
          email: attesa.email,
          scadenza: attesa.scadeAt.toISOString(),
          inviato_il: attesa.at.toISOString(),
        }
      : null,
    created_at: x.createdAt.toISOString(),
    updated_at: x.updatedAt.toISOString(),
  };
}

export function toRow(r: ListRow, seePrices: boolean): ReportListRow {
  return {
    id: r.id,
    numero_assistenza: r.numeroAssistenza ?? '',
    stato: r.stato,
    inviato: r.inviato,
    completato: r.completato,
    data_apertura: r.dataApertura,
    data_chiusura: iso(r.dataChiusura),
    cliente_id: r.clienteId,
    cliente: r.cliente,
    tecnici: r.tecnici,
    tipo_intervento: r.tipoIntervento,
    motivazione: r.motivazione,
    totale_ore: r.totaleOre,
    totale: seePrices ? r.totale : null,
    data_appuntamento: iso(r.dataAppuntamento),
    luogo: r.luogo,
    richiesta_iniziale: r.richiestaIniziale,
  };
}

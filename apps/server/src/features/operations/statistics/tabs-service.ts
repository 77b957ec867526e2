import { STATS_ON_CALL_THRESHOLD_HOURS, STATS_TOP_CUSTOMERS, type StatsRange } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import * as contracts from './contracts-repo.js';
import * as customers from './customers-repo.js';
import * as daily from './daily-repo.js';
import { hoursOfMinutes, moneyOf, round2, scopeOf } from './figures.js';
import * as reports from './reports-repo.js';
import * as technicians from './technicians-repo.js';

/** The interventions, customers, contracts and technicians tabs (decision 0046). */

/** GET /stats/rapportini/over-all. */
export async function reportsOverall(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const [{ opened }, perTipo, perMansione, giorni] = await Promise.all([
    daily.dayTotals(ctx.db, s.aziendaId, s.span),
    reports.byType(ctx.db, s.aziendaId, s.span),
    reports.byJobRole(ctx.db, s.aziendaId, s.span),
    reports.averageClosingDays(ctx.db, s.aziendaId, s.span),
  ]);
  const c = { NUOVO: 0, APERTO: 0, CHIUSO: 0, totale: 0 };
  for (const o of opened) {
    c[o.stato] += o.n;
    c.totale += o.n;
  }
  return {
    rapportini: c,
    perTipo,
    perMansione: perMansione.map((m) => ({ mansione: m.id ? { id: m.id, nome: m.nome ?? '' } : null, n: m.n })),
    giorniMediChiusura: giorni === null ? null : round2(giorni),
  };
}

/** The span's customer totals and its first customers by worked hours, then revenue, then name (revenue only
 * orders when the caller sees it). */
async function customerRows(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const { totals, leading } = await customers.perCustomer(ctx.db, s.aziendaId, s.span, STATS_TOP_CUSTOMERS, s.prices);
  const byName = (a: string, b: string) => a.localeCompare(b, 'it', { sensitivity: 'base' });
  leading.sort(
    (a, b) => b.ore - a.ore || (s.prices ? b.ricavi - a.ricavi : 0) || byName(a.nome, b.nome) || (a.id < b.id ? -1 : 1),
  );
  return { s, totals, top: leading.slice(0, STATS_TOP_CUSTOMERS) };
}

/** GET /stats/clienti/over-all. */
export async function customersOverall(ctx: CompanyContext, range: StatsRange) {
  const { s, totals } = await customerRows(ctx, range);
  return {
    clienti: totals.clienti,
    rapportini: totals.rapportini,
    oreLavoro: round2(totals.ore),
    oreViaggio: round2(totals.viaggio),
    ricavi: moneyOf(s, totals.ricavi),
  };
}

/** GET /v2/stats/clienti: the top 20 and the rest in one row. */
export async function customerList(ctx: CompanyContext, range: StatsRange) {
  const { s, totals, top } = await customerRows(ctx, range);
  const righe: {
    cliente: { id: string; nome: string } | null;
    clienti: number;
    rapportini: number;
    oreLavoro: number;
    oreViaggio: number;
    ricavi: number | null;
  }[] = top.map((r) => ({
    cliente: { id: r.id, nome: r.nome },
    clienti: 1,
    rapportini: r.rapportini,
    oreLavoro: round2(r.ore),
    oreViaggio: round2(r.viaggio),
    ricavi: moneyOf(s, r.ricavi),
  }));
  if (totals.righe > top.length) {
    const sum = (f: (r: customers.CustomerFigures) => number) => top.reduce((a, r) => a + f(r), 0);
    righe.push({
      cliente: null,
      clienti: totals.righe - top.length,
      rapportini: totals.rapportini - sum((r) => r.rapportini),
      oreLavoro: round2(totals.ore - sum((r) => r.ore)),
      oreViaggio: round2(totals.viaggio - sum((r) => r.viaggio)),
      ricavi: moneyOf(s, totals.ricavi - sum((r) => r.ricavi)),
    });
  }
  return { righe };
}

const onCallRow = (r: contracts.OnCallRow) => {
  const residue = round2(r.acquistate - r.usate);
  return {
    contratto: { id: r.id, identificativo: r.identificativo },
    cliente: { id: r.clienteId, nome: r.cliente },
    oreAcquistate: round2(r.acquistate),
    oreUsate: round2(r.usate),
    oreUsateNelPeriodo: round2(r.usateNelPeriodo),
    oreResidue: residue,
    sottoSoglia: residue <= STATS_ON_CALL_THRESHOLD_HOURS,
  };
};

/** GET /v2/stats/contratti-chiamata: the fewest hours left first. */
export async function onCall(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const rows = (await contracts.onCall(ctx.db, s.aziendaId, s.span)).map(onCallRow);
  rows.sort(
    (a, b) =>
      a.oreResidue - b.oreResidue ||
      a.contratto.identificativo.localeCompare(b.contratto.identificativo, 'it') ||
      (a.contratto.id < b.contratto.id ? -1 : 1),
  );
  return { soglia: STATS_ON_CALL_THRESHOLD_HOURS, righe: rows };
}

/** GET /v2/stats/contratti-manutenzione. */
export async function maintenance(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const rows = await contracts.maintenance(ctx.db, s.aziendaId, s.span, todayOf(ctx));
  return {
    righe: rows.map((r) => ({
      contratto: { id: r.id, identificativo: r.identificativo },
      cliente: { id: r.clienteId, nome: r.cliente },
      inTempo: r.inTempo,
      inRitardo: r.inRitardo,
      scadute: r.scadute,
      programmate: r.programmate,
    })),
  };
}

/** GET /stats/contratti/over-all. */
export async function contractsOverall(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const [attivi, calls, maint, ricavi] = await Promise.all([
    contracts.activeCount(ctx.db, s.aziendaId, s.span),
    contracts.onCall(ctx.db, s.aziendaId, s.span),
    contracts.maintenance(ctx.db, s.aziendaId, s.span, todayOf(ctx)),
    contracts.contractRevenue(ctx.db, s.aziendaId, s.span),
  ]);
  const rows = calls.map(onCallRow);
  const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);
  return {
    attivi,
    chiamata: {
      contratti: rows.length,
      oreAcquistate: round2(sum(rows, (r) => r.oreAcquistate)),
      oreUsate: round2(sum(rows, (r) => r.oreUsate)),
      oreResidue: round2(sum(rows, (r) => r.oreResidue)),
      sottoSoglia: rows.filter((r) => r.sottoSoglia).length,
    },
    manutenzione: {
      inTempo: sum(maint, (r) => r.inTempo),
      inRitardo: sum(maint, (r) => r.inRitardo),
      scadute: sum(maint, (r) => r.scadute),
      programmate: sum(maint, (r) => r.programmate),
    },
    ricavi: moneyOf(s, ricavi),
  };
}

/** GET /v2/stats/contratti. */
export async function contractList(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const rows = await contracts.perContract(ctx.db, s.aziendaId, s.span);
  return {
    righe: rows.map((r) => ({
      contratto: { id: r.id, identificativo: r.identificativo, tipo: r.tipo },
      cliente: { id: r.clienteId, nome: r.cliente },
      rapportini: r.rapportini,
      oreLavoro: round2(r.ore),
      oreViaggio: round2(r.viaggio),
      ricavi: moneyOf(s, r.ricavi),
    })),
  };
}

/** GET /stats/contratti/in-scadenza: today is the company day. */
export async function expiring(ctx: CompanyContext, q: { giorni: number }) {
  const oggi = todayOf(ctx);
  const [ending, late] = await Promise.all([
    contracts.expiring(ctx.db, ctx.company.id, oggi, q.giorni),
    contracts.overdue(ctx.db, ctx.company.id, oggi),
  ]);
  return {
    oggi,
    giorni: q.giorni,
    contratti: ending.map((r) => ({
      id: r.id,
      identificativo: r.identificativo,
      tipo: r.tipo,
      cliente: { id: r.clienteId, nome: r.cliente },
      dataFine: r.dataFine,
      giorniAllaScadenza: r.giorni,
      rinnovoAutomatico: r.rinnovoAutomatico,
    })),
    attivitaScadute: late.map((r) => ({
      id: r.id,
      contratto: { id: r.contrattoId, identificativo: r.identificativo },
      cliente: { id: r.clienteId, nome: r.cliente },
      descrizione: r.descrizione,
      data: r.data,
      giorniRitardo: r.giorni,
    })),
  };
}

const technicianRow = (r: technicians.TechnicianFigures) => ({
  tecnico: { id: r.id, nome: r.nome },
  oreLavoro: round2(r.ore),
  oreViaggio: round2(r.viaggio),
  oreTimbrateLavoro: hoursOfMinutes(r.lavoroMinuti),
  oreTimbrateViaggio: hoursOfMinutes(r.viaggioMinuti),
  km: round2(r.km),
  rapportiniChiusi: r.chiusi,
});

/** GET /v2/stats/tecnici. */
export async function technicianList(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  return { righe: (await technicians.perTechnician(ctx.db, s.aziendaId, s.span)).map(technicianRow) };
}

/** GET /stats/tecnici/over-all: the technicians with figures in the range and their sums. */
export async function techniciansOverall(ctx: CompanyContext, range: StatsRange) {
  const s = scopeOf(ctx, range);
  const [rows, { work, closed }] = await Promise.all([
    technicians.perTechnician(ctx.db, s.aziendaId, s.span),
    daily.dayTotals(ctx.db, s.aziendaId, s.span),
  ]);
  const days = (f: (w: daily.WorkDay) => number) => round2(work.reduce((a, w) => a + Number(f(w)), 0));
  const sum = (f: (r: technicians.TechnicianFigures) => number) => rows.reduce((a, r) => a + Number(f(r)), 0);
  return {
    tecnici: rows.filter((r) => r.ore || r.viaggio || r.km || r.lavoroMinuti || r.viaggioMinuti || r.chiusi).length,
    // Every report day of the range, with or without a technician (the general tab's figures).
    oreLavoro: days((w) => w.ore),
    oreViaggio: days((w) => w.viaggio),
    oreTimbrateLavoro: hoursOfMinutes(sum((r) => r.lavoroMinuti)),
    oreTimbrateViaggio: hoursOfMinutes(sum((r) => r.viaggioMinuti)),
    km: days((w) => w.km),
    // Reports, not report-technician pairs: a report closed by two technicians counts once.
    rapportiniChiusi: closed.reduce((a, c) => a + c.n, 0),
  };
}

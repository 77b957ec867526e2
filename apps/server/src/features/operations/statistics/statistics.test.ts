import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { officeWithout, statsCompany } from './test-helpers.js';

/**
 * Statistics (issue 27, decision 0046) on a small company whose figures are worked out by hand (test-helpers.ts):
 * range October 2026 (31 days: by day), previous period 31 Aug - 30 Sep, today 20 October in Rome.
 *
 * Opened in October: R1 CHIUSO (Alfa, K1, 3 h + 1 h, 1 h travel, 20 km, 100 €), R2 APERTO (=Beta, 2 h, 0,5 h,
 * 10 km), R5 NUOVO (Alfa). Closed in October: R1 (6 Oct) and R4 (30 Sep 22:30 UTC = 1 Oct in Rome, 30 €); R3 closes
 * 31 Oct 23:30 UTC = 1 Nov in Rome, outside. Opened in the previous period: R3 (2 h), R4 (1 h, 0,25 h, 5 km).
 */
let t: TestApp;
const clock = fixedClock('2026-10-20T08:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ ACCESS_TOKEN_TTL_SEC: '86400' }, { clock });
});
afterAll(() => t?.close());

const OCT = 'startDate=2026-10-01&endDate=2026-10-31';

async function fixture() {
  const x = await statsCompany(t);
  // Another company with a report of October: never counted.
  const y = await statsCompany(t);
  return { x, y };
}

describe('statistics', () => {
  it('general tab: the totals of the range against the previous period, and its series by day', async () => {
    const { x } = await fixture();
    const g = await x.get(x.admin, '/stats/stats/2026-10-01/2026-10-31');
    expect(g.status, JSON.stringify(g.json)).toBe(200);
    expect(g.json).toEqual({
      periodo: { startDate: '2026-10-01', endDate: '2026-10-31' },
      precedente: { startDate: '2026-08-31', endDate: '2026-09-30' },
      corrente: {
        rapportini: { NUOVO: 1, APERTO: 1, CHIUSO: 1, totale: 3 },
        rapportiniChiusi: 2,
        oreLavoro: 6,
        oreViaggio: 1.5,
        km: 30,
        ricavi: 130,
        clienti: 2,
      },
      confronto: {
        rapportini: { NUOVO: 0, APERTO: 0, CHIUSO: 2, totale: 2 },
        rapportiniChiusi: 0,
        oreLavoro: 3,
        oreViaggio: 0.25,
        km: 5,
        ricavi: 0,
        clienti: 2,
      },
      valuta: 'EUR',
    });

    const s = await x.get(x.admin, `/stats/rapportini/generazione-grafico-v2?${OCT}`);
    expect(s.status).toBe(200);
    expect(s.json.granularita).toBe('giorno');
    expect(s.json.serie).toHaveLength(31);
    expect(s.json.precedente).toHaveLength(31);
    const at = (p: string) => s.json.serie.find((x: { periodo: string }) => x.periodo === p);
    expect(at('2026-10-01')).toMatchObject({ rapportiniChiusi: 1, ricavi: 30, oreLavoro: 0 });
    expect(at('2026-10-05')).toMatchObject({
      rapportini: { NUOVO: 0, APERTO: 0, CHIUSO: 1, totale: 1 },
      oreLavoro: 3,
      oreViaggio: 1,
      km: 20,
      rapportiniChiusi: 0,
    });
    expect(at('2026-10-06')).toMatchObject({ rapportiniChiusi: 1, ricavi: 100, oreLavoro: 1 });
    // The previous period's 21st day is 20 September (R3 opened, 2 h).
    expect(s.json.precedente[20]).toMatchObject({ periodo: '2026-09-20', oreLavoro: 2, rapportini: { CHIUSO: 1 } });
    const sum = (k: string) => s.json.serie.reduce((a: number, p: any) => a + p[k], 0);
    expect([sum('oreLavoro'), sum('km'), sum('ricavi'), sum('rapportiniChiusi')]).toEqual([6, 30, 130, 2]);

    // Over a month: by month, the previous period's months aligned by position.
    const m = await x.get(x.admin, '/stats/rapportini/generazione-grafico-v2?startDate=2026-09-01&endDate=2026-10-31');
    expect(m.json.granularita).toBe('mese');
    expect(m.json.serie.map((p: any) => [p.periodo, p.oreLavoro, p.ricavi])).toEqual([
      ['2026-09', 3, 0],
      ['2026-10', 6, 130],
    ]);
    expect(m.json.precedente.map((p: any) => p.periodo)).toEqual(['2026-07', '2026-08']);
  });

  it('the range: in order, at most 12 months (12 months and a day answer -2)', async () => {
    const { x } = await fixture();
    expect((await x.get(x.admin, '/stats/stats/2026-01-01/2026-12-31')).status).toBe(200);
    const wide = await x.get(x.admin, '/stats/stats/2026-01-01/2027-01-01');
    expect([wide.status, wide.json.code]).toEqual([400, '-2']);
    const wideQ = await x.get(x.admin, '/v2/stats/tecnici?startDate=2025-03-15&endDate=2026-03-15');
    expect([wideQ.status, wideQ.json.code]).toEqual([400, '-2']);
    expect((await x.get(x.admin, '/v2/stats/tecnici?startDate=2025-03-15&endDate=2026-03-14')).status).toBe(200);
    const csv = await x.get(x.admin, '/stats/csv/export-ore-lavoro?startDate=2025-03-15&endDate=2026-03-15');
    expect([csv.status, csv.json.code]).toEqual([400, '-2']);
    const back = await x.get(x.admin, '/stats/stats/2026-10-31/2026-10-01');
    expect([back.status, back.json.code]).toEqual([400, 'VALIDATION']);
    // The previous period of a year is the year before (same number of days).
    const y = await x.get(x.admin, '/stats/stats/2026-01-01/2026-12-31');
    expect(y.json.precedente).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  it('interventions tab: by state, type, job role, the average closing delay, the series', async () => {
    const { x } = await fixture();
    const o = await x.get(x.admin, `/stats/rapportini/over-all?${OCT}`);
    expect(o.status, JSON.stringify(o.json)).toBe(200);
    expect(o.json).toEqual({
      rapportini: { NUOVO: 1, APERTO: 1, CHIUSO: 1, totale: 3 },
      perTipo: [
        { tipo: 'ordinario', n: 1 },
        { tipo: 'sopralluogo', n: 1 },
        { tipo: null, n: 1 },
      ],
      perMansione: [
        { mansione: null, n: 2 },
        { mansione: { id: x.mansione, nome: 'Idraulica' }, n: 1 },
      ],
      // R1 5 -> 6 Oct (1 day), R4 25 Sep -> 1 Oct in Rome (6 days).
      giorniMediChiusura: 3.5,
    });
    const s = await x.get(x.admin, `/v2/stats/rapportini?${OCT}`);
    const days = s.json.serie.filter((p: any) => p.NUOVO || p.APERTO || p.CHIUSO || p.chiusi);
    expect(days).toEqual([
      { periodo: '2026-10-01', NUOVO: 0, APERTO: 0, CHIUSO: 0, chiusi: 1 },
      { periodo: '2026-10-05', NUOVO: 0, APERTO: 0, CHIUSO: 1, chiusi: 0 },
      { periodo: '2026-10-06', NUOVO: 0, APERTO: 0, CHIUSO: 0, chiusi: 1 },
      { periodo: '2026-10-10', NUOVO: 0, APERTO: 1, CHIUSO: 0, chiusi: 0 },
      { periodo: '2026-10-20', NUOVO: 1, APERTO: 0, CHIUSO: 0, chiusi: 0 },
    ]);
  });

  it('customers tab: per customer by worked hours, and the totals', async () => {
    const { x } = await fixture();
    const o = await x.get(x.admin, `/stats/clienti/over-all?${OCT}`);
    expect(o.json).toEqual({ clienti: 2, rapportini: 3, oreLavoro: 6, oreViaggio: 1.5, ricavi: 130 });
    const l = await x.get(x.admin, `/v2/stats/clienti?${OCT}`);
    expect(l.json.righe).toEqual([
      { cliente: { id: x.alfa, nome: 'Alfa' }, clienti: 1, rapportini: 2, oreLavoro: 4, oreViaggio: 1, ricavi: 100 },
      { cliente: { id: x.beta, nome: '=Beta' }, clienti: 1, rapportini: 1, oreLavoro: 2, oreViaggio: 0.5, ricavi: 30 },
    ]);
  });

  it('contracts tab: in force, on-call hours, maintenance dates, expiring, per contract', async () => {
    const { x } = await fixture();
    const o = await x.get(x.admin, `/stats/contratti/over-all?${OCT}`);
    expect(o.json).toEqual({
      attivi: 2,
      // K1: 15 h bought, R1 (4 h) and R3 (2 h, closed 1 Nov) used: 9 left, under the 10-hour mark.
      chiamata: { contratti: 1, oreAcquistate: 15, oreUsate: 6, oreResidue: 9, sottoSoglia: 1 },
      manutenzione: { inTempo: 1, inRitardo: 1, scadute: 1, programmate: 1 },
      ricavi: 100,
    });
    const c = await x.get(x.admin, `/v2/stats/contratti-chiamata?${OCT}`);
    expect(c.json).toEqual({
      soglia: 10,
      righe: [
        {
          contratto: { id: x.k1, identificativo: 'K1' },
          cliente: { id: x.alfa, nome: 'Alfa' },
          oreAcquistate: 15,
          oreUsate: 6,
          oreUsateNelPeriodo: 4,
          oreResidue: 9,
          sottoSoglia: true,
        },
      ],
    });
    const m = await x.get(x.admin, `/v2/stats/contratti-manutenzione?${OCT}`);
    expect(m.json.righe).toEqual([
      {
        contratto: { id: x.k2, identificativo: 'K2' },
        cliente: { id: x.beta, nome: '=Beta' },
        inTempo: 1,
        inRitardo: 1,
        scadute: 1,
        programmate: 1,
      },
    ]);
    const k = await x.get(x.admin, `/v2/stats/contratti?${OCT}`);
    expect(k.json.righe).toEqual([
      {
        contratto: { id: x.k1, identificativo: 'K1', tipo: 'chiamata' },
        cliente: { id: x.alfa, nome: 'Alfa' },
        rapportini: 1,
        oreLavoro: 4,
        oreViaggio: 1,
        ricavi: 100,
      },
    ]);
    const e = await x.get(x.admin, '/stats/contratti/in-scadenza');
    expect(e.status, JSON.stringify(e.json)).toBe(200);
    expect(e.json.oggi).toBe('2026-10-20');
    expect(e.json.giorni).toBe(30);
    expect(e.json.contratti.map((r: any) => [r.identificativo, r.dataFine, r.giorniAllaScadenza])).toEqual([
      ['K2', '2026-11-15', 26],
    ]);
    expect(e.json.attivitaScadute.map((r: any) => [r.contratto.identificativo, r.data, r.giorniRitardo])).toEqual([
      ['K2', '2026-10-15', 5],
    ]);
    const short = await x.get(x.admin, '/stats/contratti/in-scadenza?giorni=10');
    expect(short.json.contratti).toEqual([]);
  });

  it('technicians tab: every technician and anyone with figures, in display order', async () => {
    const { x } = await fixture();
    const l = await x.get(x.admin, `/v2/stats/tecnici?${OCT}`);
    expect(l.json.righe).toEqual([
      {
        tecnico: { id: x.techId, nome: 'tech' },
        oreLavoro: 4,
        oreViaggio: 1,
        oreTimbrateLavoro: 4,
        oreTimbrateViaggio: 0.5,
        km: 20,
        rapportiniChiusi: 2,
      },
      {
        tecnico: { id: x.adminId, nome: 'Ada Admin' },
        oreLavoro: 2,
        oreViaggio: 0.5,
        oreTimbrateLavoro: 0,
        oreTimbrateViaggio: 0,
        km: 10,
        rapportiniChiusi: 0,
      },
    ]);
    const o = await x.get(x.admin, `/stats/tecnici/over-all?${OCT}`);
    expect(o.json).toEqual({
      tecnici: 2,
      oreLavoro: 6,
      oreViaggio: 1.5,
      oreTimbrateLavoro: 4,
      oreTimbrateViaggio: 0.5,
      km: 30,
      rapportiniChiusi: 2,
    });
  });

  it('the CSV exports: columns, Italian numbers and days, neutralised text, totals', async () => {
    const { x } = await fixture();
    const h = await x.get(x.admin, `/stats/csv/export-ore-lavoro?${OCT}`);
    expect(h.status).toBe(200);
    expect(h.headers['content-type']).toMatch(/text\/csv/);
    expect(h.raw.body.startsWith('\uFEFF')).toBe(true);
    expect(h.raw.body.slice(1).trim().split('\r\n')).toEqual([
      'Giorno;Rapportino;Stato;Cliente;Tecnico;Ore lavoro;Ore viaggio;Km',
      '05/10/2026;R1;CHIUSO;Alfa;T;3;1;20',
      '06/10/2026;R1;CHIUSO;Alfa;T;1;0;0',
      "10/10/2026;R2;APERTO;'=Beta;T;2;0,5;10",
      'Totale;;;;;6;1,5;30',
    ]);
    const m = await x.get(x.admin, `/stats/csv/export-materiale-lavoro?${OCT}`);
    expect(m.raw.body.slice(1).trim().split('\r\n')).toEqual([
      'Data apertura;Rapportino;Stato;Cliente;Codice;Descrizione;Quantità;Unità;Importo netto (€)',
      '05/10/2026;R1;CHIUSO;Alfa;V1;Valvola;2;pz;25',
      "10/10/2026;R2;APERTO;'=Beta;;'+Pompa;1;pz;90",
      'Totale;;;;;;;;115',
    ]);
  });

  it('permissions: 403 without analisi_dati; money null (and the CSV amount empty) without prezzi', async () => {
    const { x } = await fixture();
    const noStats = await x.office(officeWithout('analisi_dati'));
    for (const path of [
      '/stats/stats/2026-10-01/2026-10-31',
      `/v2/stats/clienti?${OCT}`,
      '/stats/contratti/in-scadenza',
      `/stats/csv/export-materiale-lavoro?${OCT}`,
    ])
      expect((await x.get(noStats, path)).status, path).toBe(403);

    const noPrices = await x.office(officeWithout('prezzi'));
    const g = await x.get(noPrices, '/stats/stats/2026-10-01/2026-10-31');
    expect(g.status).toBe(200);
    expect([g.json.corrente.ricavi, g.json.confronto.ricavi, g.json.corrente.oreLavoro]).toEqual([null, null, 6]);
    const l = await x.get(noPrices, `/v2/stats/clienti?${OCT}`);
    expect(l.json.righe.map((r: any) => r.ricavi)).toEqual([null, null]);
    expect((await x.get(noPrices, `/stats/contratti/over-all?${OCT}`)).json.ricavi).toBeNull();
    expect((await x.get(noPrices, `/v2/stats/contratti?${OCT}`)).json.righe[0].ricavi).toBeNull();
    const s = await x.get(noPrices, `/stats/rapportini/generazione-grafico-v2?${OCT}`);
    expect(s.json.serie.every((p: any) => p.ricavi === null)).toBe(true);
    const m = await x.get(noPrices, `/stats/csv/export-materiale-lavoro?${OCT}`);
    expect(m.raw.body.slice(1).trim().split('\r\n').slice(1)).toEqual([
      '05/10/2026;R1;CHIUSO;Alfa;V1;Valvola;2;pz;',
      "10/10/2026;R2;APERTO;'=Beta;;'+Pompa;1;pz;",
      'Totale;;;;;;;;',
    ]);
  });

  it('the daily totals follow every insert, update and delete of reports and their days (migration 0036)', async () => {
    const { x } = await fixture();
    const kept = `select giorno::text, aperti_nuovo, aperti_aperto, aperti_chiuso, chiusi, ricavi::float8, ore::float8,
                         ore_viaggio::float8, km::float8
                    from statistiche_giorni where azienda_id = $1
                     and (aperti_nuovo, aperti_aperto, aperti_chiuso, chiusi, ricavi, ore, ore_viaggio, km)
                         <> (0, 0, 0, 0, 0, 0, 0, 0) order by 1`;
    const counted = `with c as (
        select data_apertura as giorno, (stato = 'NUOVO')::int as n, (stato = 'APERTO')::int as a,
               (stato = 'CHIUSO')::int as k, 0 as chiusi, 0::numeric as ricavi, 0::numeric as ore, 0::numeric as v,
               0::numeric as km from rapportini where azienda_id = $1
        union all
        select (data_chiusura at time zone 'Europe/Rome')::date, 0, 0, 0, 1, coalesce(totale, 0), 0, 0, 0
          from rapportini where azienda_id = $1 and stato = 'CHIUSO' and data_chiusura is not null
        union all
        select data, 0, 0, 0, 0, 0, totale_ore, ore_viaggio, km_viaggio from rapportini_giornate where azienda_id = $1)
      select giorno::text, sum(n)::int as aperti_nuovo, sum(a)::int as aperti_aperto, sum(k)::int as aperti_chiuso,
             sum(chiusi)::int as chiusi, sum(ricavi)::float8 as ricavi, sum(ore)::float8 as ore,
             sum(v)::float8 as ore_viaggio, sum(km)::float8 as km
        from c group by 1
      having (sum(n), sum(a), sum(k), sum(chiusi), sum(ricavi), sum(ore), sum(v), sum(km)) <> (0, 0, 0, 0, 0, 0, 0, 0)
       order by 1`;
    expect(await x.sql(kept, [x.az])).toEqual(await x.sql(counted, [x.az]));
    // Closing R2, reopening R1 (its closing day goes), changing a day's hours, moving a day, deleting R5 and a day.
    await x.sql(
      `update rapportini set stato = 'CHIUSO', data_chiusura = '2026-10-12T09:00:00Z', totale = 55
                  where azienda_id = $1 and numero_assistenza = 'R2'`,
      [x.az],
    );
    await x.sql(
      `update rapportini set stato = 'APERTO', data_chiusura = null where azienda_id = $1 and numero_assistenza = 'R1'`,
      [x.az],
    );
    await x.sql(
      `update rapportini_giornate set totale_ore = 7.5, data = '2026-10-07' where azienda_id = $1 and data = '2026-10-06'`,
      [x.az],
    );
    await x.sql(`delete from rapportini where azienda_id = $1 and numero_assistenza = 'R5'`, [x.az]);
    await x.sql(`delete from rapportini_giornate where azienda_id = $1 and data = '2026-09-25'`, [x.az]);
    expect(await x.sql(kept, [x.az])).toEqual(await x.sql(counted, [x.az]));
    const g = await x.get(x.admin, '/stats/stats/2026-10-01/2026-10-31');
    // Opened: R1 now APERTO, R2 CHIUSO, R5 gone; closed: R4 (1 Oct) and R2 (12 Oct); hours 3 + 7,5 + 2.
    expect(g.json.corrente).toMatchObject({
      rapportini: { NUOVO: 0, APERTO: 1, CHIUSO: 1, totale: 2 },
      rapportiniChiusi: 2,
      ricavi: 85,
      oreLavoro: 12.5,
    });
    expect(g.json.confronto.oreLavoro).toBe(2);
  });
});

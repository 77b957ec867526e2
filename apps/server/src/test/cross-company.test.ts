import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './harness.js';
import { createCompany, makeActivity, makeContract, makeReport } from './factories.js';
import { exampleBody } from './example-body.js';
import { crossCompanyReferences } from './cross-company-references.js';
import { insertMessages } from '../features/company/webhooks/repo.js';
import { newMessageId } from '../features/company/webhooks/signing.js';

/**
 * Tenancy sweep: every authenticated API route is called with company B's
 * token while company A holds data. No answer may carry A's identifiers, and
 * A's rows must be the same afterwards. Features with ids in their paths add
 * A's ids to `idsOfA` so the sweep points at A's records.
 */
let t: TestApp;
/** The route ids whose handler (and so service) a request reached, past the guard and validation. */
const reachedHandlers: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { onHandler: (id) => void reachedHandlers.push(id) });
});
afterAll(() => t?.close());

/** Every table that holds a company's rows: the company itself and each table with `azienda_id`. */
async function companyTables(): Promise<string[]> {
  const r = await t.deps.database.executeSql(
    `select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'azienda_id' order by 1`,
  );
  return ['aziende', ...(r.rows as { table_name: string }[]).map((x) => x.table_name)];
}

async function snapshotOf(aziendaId: string, tables: string[]) {
  const out: Record<string, unknown> = {};
  for (const table of tables) {
    const col = table === 'aziende' ? 'id' : 'azienda_id';
    const r = await t.deps.database.executeSql(`select * from ${table} where ${col} = $1 order by 1`, [aziendaId]);
    out[table] = r.rows;
  }
  return JSON.stringify(out);
}

describe('cross-company sweep', () => {
  it("covers every authenticated route with another company's token", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const sa = await a.login('admin');
    const sb = await b.login('admin');
    const idsOfA: Record<string, string> = { id: a.company.id };
    let articleOfA: string | undefined;
    let reportOfA: string | undefined;
    let contractOfA: string | undefined;
    const secretsOfA = [a.company.id, ...a.users.map((u) => u.id), a.piva, a.company.ragioneSociale];
    // Options: A's reason and SMTP host must not reach B; routes name A's reason (`<url>#<param>` keys).
    const motivazioneOfA = await call(t.app, 'POST', '/api/configuration/motivazione', {
      ...sa,
      body: { testo: 'Motivo riservato di A' },
    });
    idsOfA['/api/configuration/motivazione/:id#id'] = motivazioneOfA.json.item.id;
    await call(t.app, 'POST', '/api/options/options/confirm', {
      ...sa,
      body: { items: [{ category: 'smtp', subcategory: 'host', value: 'smtp.riservato-di-a.test' }] },
    });
    secretsOfA.push(motivazioneOfA.json.item.id, 'Motivo riservato di A', 'smtp.riservato-di-a.test');
    // Mexal: A's connection (B's check answers none, B's logout leaves it).
    await t.deps.database.executeSql(
      `insert into mexal_connessioni (azienda_id, indirizzo, utente, password, codice_azienda, anno, stato, connesso_il)
       values ($1, 'https://mexal.riservato-di-a.test', 'utente-mexal-di-a', 'v1:x:y:z', 'AZA', 2026, 'CONNESSO', now())`,
      [a.company.id],
    );
    secretsOfA.push('mexal.riservato-di-a.test', 'utente-mexal-di-a');
    // Users and groups: A's technician, a group of A with its name, A's profile photo, an app-access code of A.
    {
      const techId = a.user('tech').id;
      const g = await call(t.app, 'POST', '/api/gruppi/gruppo', {
        ...sa,
        body: { name: 'Gruppo riservato di A', membri: [techId] },
      });
      const boundary = 'sweepboundary';
      const photo = await t.app.inject({
        method: 'POST',
        url: `/api/media/insert/utente/${techId}`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${sa.token}`,
          'device-id': sa.deviceId,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          Buffer.from(
            '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
              '1f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
            'hex',
          ),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const otp = await call(t.app, 'GET', '/api/utenti/utente/generate-otp', sa);
      expect([g.status, photo.statusCode, otp.status]).toEqual([200, 200, 200]);
      idsOfA['/api/users/user/:id#id'] = techId;
      idsOfA['/api/gruppi/gruppo/:id#id'] = g.json.gruppo.id;
      idsOfA['/api/media/get-content/:id#id'] = photo.json().item.id;
      idsOfA['/api/media/delete/:id#id'] = photo.json().item.id;
      idsOfA['/api/media/insert/:section/:id#section'] = 'utente';
      idsOfA['/api/media/insert/:section/:id#id'] = techId;
      secretsOfA.push(g.json.gruppo.id, 'Gruppo riservato di A', photo.json().item.id, otp.json.OTP);
    }
    // Imports: an upload of A (its id in the progress and report routes, its file name).
    {
      const boundary = 'importboundary';
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/imports/mapping',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${sa.token}`,
          'device-id': sa.deviceId,
        },
        payload: [
          ...['table:articoli', 'separator:;', 'headerInFirstLine:true'].map((f) => {
            const [k, v] = f.split(':');
            return `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
          }),
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="riservato-di-a.csv"\r\n\r\ncodice;descrizione\r\nA1;Articolo riservato di A\r\n`,
          `--${boundary}--\r\n`,
        ].join(''),
      });
      expect(up.statusCode).toBe(200);
      for (const url of [
        '/api/imports/import/:id',
        '/api/imports/import/:id/scarti',
        '/api/imports/import/:id/scarti.csv',
      ]) {
        idsOfA[`${url}#id`] = up.json().item.id;
      }
      secretsOfA.push(up.json().item.id, 'riservato-di-a.csv', 'Articolo riservato di A');
    }
    // Media: a machine of A with a document; the machine's file list and the file itself are A's.
    {
      const q = (sql: string, p: unknown[]) => t.deps.database.executeSql(sql, p);
      const cliente = (
        await q('insert into clienti (azienda_id, ragione_sociale) values ($1, $2) returning id', [
          a.company.id,
          'Cliente di A',
        ])
      ).rows[0].id;
      const impianto = (
        await q('insert into impianti (azienda_id, cliente_id, nome) values ($1, $2, $3) returning id', [
          a.company.id,
          cliente,
          'Sede di A',
        ])
      ).rows[0].id;
      const machine = (
        await q(
          'insert into macchinari (azienda_id, impianto_id, nome, matricola) values ($1, $2, $3, $4) returning id',
          [a.company.id, impianto, 'Macchina di A', 'MAT-A-1'],
        )
      ).rows[0].id;
      const boundary = 'sweepdoc';
      const doc = await t.app.inject({
        method: 'POST',
        url: `/api/media/insert/macchinario/${machine}`,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${sa.token}`,
          'device-id': sa.deviceId,
        },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="manuale-riservato-di-a.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`,
      });
      expect(doc.statusCode).toBe(200);
      idsOfA['/api/media/get-db/:section/:id#section'] = 'macchinario';
      idsOfA['/api/media/get-db/:section/:id#id'] = machine;
      secretsOfA.push(doc.json().item.id, 'manuale-riservato-di-a.pdf', machine);
    }
    // Articles and job roles: an article of A, a job role of A with a check, held by A's technician.
    {
      const art = await call(t.app, 'POST', '/api/anagraficaarticoli/articoli', {
        ...sa,
        body: { codice: 'ART-RISERVATO-A', descrizione: 'Descrizione riservata di A' },
      });
      const job = await call(t.app, 'POST', '/api/mansioni/mansione/create', {
        ...sa,
        body: { nome: 'Mansione riservata di A' },
      });
      const check = await call(t.app, 'POST', '/api/controlli/controllo', {
        ...sa,
        body: { mansioneId: job.json.item.id, nome_campo: 'Controllo riservato di A' },
      });
      const held = await call(t.app, 'POST', '/api/users/user', {
        ...sa,
        body: { id: a.user('tech').id, username: 'tech', scheduleenabled: 'Y', mansioni: [job.json.item.id] },
      });
      expect([art.status, job.status, check.status, held.status]).toEqual([200, 200, 200, 200]);
      idsOfA['/api/mansioni/mansione/:id#id'] = job.json.item.id;
      idsOfA['/api/controlli/controllo/:id#id'] = check.json.item.id;
      articleOfA = art.json.item.id;
      secretsOfA.push(
        art.json.item.id,
        'ART-RISERVATO-A',
        job.json.item.id,
        'Mansione riservata di A',
        check.json.item.id,
        'Controllo riservato di A',
      );
    }
    // Customers: A's customer with a contact, a plant, a machine and a column choice.
    {
      const cl = await call(t.app, 'POST', '/api/clienti/cliente', {
        ...sa,
        body: {
          ragione_sociale: 'Cliente riservato di A',
          codice: 'RISERVATO-A',
          indirizzo: 'Via Segreta 1',
          citta: 'Milano',
        },
      });
      const rec = await call(t.app, 'POST', '/api/clienti/cliente/recapito', {
        ...sa,
        body: { clienteId: cl.json.item.id, nome: 'Recapito riservato di A' },
      });
      const pl = await call(t.app, 'POST', '/api/impianti/impianto/create', {
        ...sa,
        body: { clienteId: cl.json.item.id, nome: 'Impianto riservato di A' },
      });
      const ma = await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
        ...sa,
        body: { impiantiId: pl.json.item.id, nome: 'Macchina riservata di A', matricola: 'MATR-RISERVATA-A' },
      });
      const pref = await call(t.app, 'POST', '/api/tabelle/preferenza', {
        ...sa,
        body: { tabella: 'clienti', colonne: ['ragione_sociale', 'cap'] },
      });
      expect([cl.status, rec.status, pl.status, ma.status, pref.status]).toEqual([200, 200, 200, 200, 200]);
      idsOfA['/api/clienti/cliente/:id#id'] = cl.json.item.id;
      idsOfA['/api/clienti/cliente/recapito/:id#id'] = rec.json.item.id;
      idsOfA['/api/impianti/cliente/:id#id'] = cl.json.item.id;
      idsOfA['/api/impianti/impianto/:id#id'] = pl.json.item.id;
      idsOfA['/api/macchinari/macchinari/:id#id'] = pl.json.item.id;
      idsOfA['/api/macchinari/macchinario/:id#id'] = ma.json.item.id;
      secretsOfA.push(
        cl.json.item.id,
        'Cliente riservato di A',
        'RISERVATO-A',
        rec.json.item.id,
        'Recapito riservato di A',
        pl.json.item.id,
        'Impianto riservato di A',
        ma.json.item.id,
        'Macchina riservata di A',
        'MATR-RISERVATA-A',
      );
      // B's own calls with A's ids in bodies change nothing of A's.
      for (const [url, body] of [
        ['/api/clienti/cliente', { id: cl.json.item.id, ragione_sociale: 'preso da B' }],
        ['/api/clienti/cliente/remove', { ids: [cl.json.item.id] }],
        ['/api/clienti/cliente/geolocation', { id: cl.json.item.id, latitude: 1, longitude: 1 }],
        ['/api/clienti/cliente/recapito', { id: rec.json.item.id, clienteId: cl.json.item.id, nome: 'preso da B' }],
        ['/api/impianti/impianto/create', { id: pl.json.item.id, clienteId: cl.json.item.id, nome: 'preso da B' }],
        [
          '/api/macchinari/macchinario/create',
          { id: ma.json.item.id, impiantiId: pl.json.item.id, nome: 'preso da B', matricola: 'B1' },
        ],
      ] as const) {
        expect((await call(t.app, 'POST', url, { ...sb, body })).status, `B posting A's ids to ${url}`).toBe(404);
      }
      // B's lists never show A's customers (the sweep checks every answer for A's secrets too).
      expect((await call(t.app, 'GET', '/api/clienti/clienti-filtered?q=riservato', sb)).json.totaleElementi).toBe(0);
    }
    // Contracts, an activity and a report of A (no endpoints yet) on A's customer, plant, machine, job role and check:
    // B's deletes of those rows must neither pass nor touch the links.
    {
      const clienteId = idsOfA['/api/clienti/cliente/:id#id']!;
      const contract = await makeContract(t, a.company.id, {
        clienteId,
        impianti: [idsOfA['/api/impianti/impianto/:id#id']!],
        macchinari: [idsOfA['/api/macchinari/macchinario/:id#id']!],
        mansioni: [idsOfA['/api/mansioni/mansione/:id#id']!],
      });
      const activity = await makeActivity(t, a.company.id, {
        contrattoId: contract.id,
        controlli: [idsOfA['/api/controlli/controllo/:id#id']!],
      });
      // Contract activities: A's contract and activity in the paths.
      idsOfA['/api/contratti/contratto/attivita/:id#id'] = contract.id;
      idsOfA['/api/contratti/attivita/regole/:id#id'] = activity.id;
      idsOfA['/api/contratti/contratto/:contrattoId/attivita/:id#contrattoId'] = contract.id;
      idsOfA['/api/contratti/contratto/:contrattoId/attivita/:id#id'] = activity.id;
      idsOfA['/api/contratti/contratto/:contrattoId/attivita/delete-bulk#contrattoId'] = contract.id;
      secretsOfA.push(activity.id);
      await makeReport(t, a.company.id, { clienteId, mansioni: [idsOfA['/api/mansioni/mansione/:id#id']!] });
      secretsOfA.push(contract.id);
      // A's contract through the contract routes: B reads, ends, prints, deletes none of it.
      for (const url of [
        '/api/contratti/contratto/:id',
        '/api/contratti/contratto/:id/cessa',
        '/api/contratti/contratto/preview-pdf/:id',
      ])
        idsOfA[`${url}#id`] = contract.id;
      idsOfA['/api/contratti/cliente/:id#id'] = clienteId;
      contractOfA = contract.id;
      // A report of A through the API, with a custom field of A and a worked day of A's technician.
      const campo = await call(t.app, 'POST', '/api/configuration/intervento', {
        ...sa,
        body: { nome: 'Campo riservato di A', tipo: 'testo_breve', posizione: 'chiusura' },
      });
      const report = await call(t.app, 'POST', '/api/rapportini/rapportino/lavorazione', {
        ...sa,
        body: {
          cliente_id: clienteId,
          richiesta_iniziale: 'Richiesta riservata di A',
          giornate: [{ data: '2026-11-02', tecnico_id: a.user('tech').id, totale_ore: '2' }],
          campi_personalizzati: [{ campo_id: campo.json.item.id, valore: 'Valore riservato di A' }],
        },
      });
      expect([campo.status, report.status]).toEqual([200, 200]);
      idsOfA['/api/rapportini/rapportini/admin/:id#id'] = report.json.item.id;
      idsOfA['/api/rapportini/export/xml-danea/:id#id'] = report.json.item.id;
      idsOfA['/api/rapportini/export/xml-fatturapa/:id#id'] = report.json.item.id;
      idsOfA['/api/rapportini/export/json/:id#id'] = report.json.item.id;
      idsOfA['/api/rapportini/export/csv/:id#id'] = report.json.item.id;
      idsOfA['/api/rapportini/rapportino/:id/pdf#id'] = report.json.item.id;
      idsOfA['/api/configuration/intervento/remove/:id#id'] = campo.json.item.id;
      // A's report as a stored PDF: B reaches neither the report's PDF nor the stored file.
      const pdf = await call(t.app, 'POST', '/api/rapportini/rapportino/pdf', {
        ...sa,
        body: { id: report.json.item.id },
      });
      expect(pdf.status).toBe(200);
      idsOfA['/api/media/:id/content#id'] = pdf.json.item.id;
      secretsOfA.push(pdf.json.item.id);
      reportOfA = report.json.item.id;
      secretsOfA.push(
        campo.json.item.id,
        'Campo riservato di A',
        report.json.item.id,
        'Richiesta riservata di A',
        'Valore riservato di A',
      );
    }
    // A's appointment on A's customer and technician; A's report's signature, mail log and files by the report's id.
    {
      const appointment = await call(t.app, 'POST', '/api/schedule/appointment', {
        ...sa,
        body: {
          titolo: 'Appuntamento riservato di A',
          cliente_id: idsOfA['/api/clienti/cliente/:id#id'],
          tecnici_ids: [a.user('tech').id],
          inizio: '2026-11-20T08:00:00.000Z',
          fine: '2026-11-20T10:00:00.000Z',
          conferma: true,
        },
      });
      expect(appointment.status, JSON.stringify(appointment.json)).toBe(200);
      idsOfA['/api/schedule/appointment/:id#id'] = appointment.json.item.id;
      idsOfA['/api/schedule/appointment/remove/:id#id'] = appointment.json.item.id;
      idsOfA['/api/schedule/appointment/:id/rapportino#id'] = appointment.json.item.id;
      idsOfA['/api/rapportini/rapportino/firma/:id#id'] = reportOfA!;
      idsOfA['/api/mail/logs/rapportino/:id#id'] = reportOfA!;
      // Accounting (decision 0051): A's report's export state.
      idsOfA['/api/gestionale/esportazioni/:id#id'] = reportOfA!;
      idsOfA['/api/media/all-rapportini/:section/:id#section'] = 'rapportino';
      idsOfA['/api/media/all-rapportini/:section/:id#id'] = reportOfA!;
      // The company's own id where a path names a company (the old planner's version switch).
      idsOfA['/api/imposta-versione-schedule-vecchia/:version/:companyId#companyId'] = a.company.id;
      secretsOfA.push(appointment.json.item.id, 'Appuntamento riservato di A');
    }
    // A clocking of A's (its administrator's; A's technician is in a group without clocking): B reads,
    // corrects, removes, approves none of it.
    let clockingOfA: string | undefined;
    {
      const inn = await call(t.app, 'POST', '/api/timbrature/timbratura', {
        ...sa,
        body: { azione: 'ENTRATA', tipo: 'LAVORO', timezone: 'Europe/Rome' },
      });
      expect(inn.status, JSON.stringify(inn.json)).toBe(200);
      clockingOfA = inn.json.item.id;
      secretsOfA.push(inn.json.item.id);
    }
    // An API key of A's: B neither lists, rolls nor revokes it.
    {
      const k = await call(t.app, 'POST', '/api/api-key/generate', {
        ...sa,
        body: { nome: 'Chiave riservata di A', scopes: [{ key: 'anagrafica_clienti', action: 'read' }] },
      });
      expect(k.status, JSON.stringify(k.json)).toBe(200);
      idsOfA['/api/api-key/roll/:id#id'] = k.json.item.id;
      idsOfA['/api/api-key/delete/:id#id'] = k.json.item.id;
      secretsOfA.push(k.json.item.id, 'Chiave riservata di A', k.json.item.indizio);
    }
    // Data export: a finished export of A (its id in the status and file routes), waited for so A's rows stay still.
    {
      const started = await call(t.app, 'POST', '/api/esportazioni', {
        ...sa,
        body: { formato: 'CSV_ZIP', entita: ['clienti'], includiMedia: false },
      });
      expect(started.status, JSON.stringify(started.json)).toBe(200);
      const id = started.json.item.id as string;
      for (let i = 0; i < 300; i++) {
        const s = await call(t.app, 'GET', `/api/esportazioni/${id}`, sa);
        if (s.json.item.stato === 'completed') break;
        expect(s.json.item.stato).not.toBe('failed');
        await new Promise((ok) => setTimeout(ok, 100));
      }
      idsOfA['/api/esportazioni/:id#id'] = id;
      idsOfA['/api/esportazioni/:id/file#id'] = id;
      secretsOfA.push(id);
    }
    // A webhook of A's with a message in its log (disabled: nothing is delivered while the sweep looks).
    {
      const w = await call(t.app, 'POST', '/api/webhooks/webhook', {
        ...sa,
        body: { url: 'https://erp.riservato-di-a.example/hook', eventi: ['report.completed'], attivo: false },
      });
      expect(w.status, JSON.stringify(w.json)).toBe(200);
      const id = w.json.item.id as string;
      const messageId = newMessageId();
      await insertMessages(t.deps.db, [
        {
          id: messageId,
          aziendaId: a.company.id,
          webhookId: id,
          eventoId: null,
          tipo: 'webhook.test',
          body: '{}',
          at: new Date(),
        },
      ]);
      for (const path of ['', '/secret', '/rotate-secret', '/messages', '/test', '/replay-failed'])
        idsOfA[`/api/webhooks/webhook/:id${path}#id`] = id;
      for (const path of ['', '/replay']) {
        idsOfA[`/api/webhooks/webhook/:id/messages/:messageId${path}#id`] = id;
        idsOfA[`/api/webhooks/webhook/:id/messages/:messageId${path}#messageId`] = messageId;
      }
      secretsOfA.push(id, messageId, 'riservato-di-a', w.json.segreto, w.json.item.indizioSegreto);
    }
    const tables = await companyTables();
    // The tables the sweep must watch are found, not listed by hand (sessions and tokens included).
    for (const table of ['sessioni', 'refresh_tokens', 'posizioni_tecnici', 'importazioni_scarti', 'clienti'])
      expect(tables).toContain(table);
    const before = await snapshotOf(a.company.id, tables);
    // Bodies: a valid example of each route's body schema carrying A's ids, so every write passes
    // validation and reaches its service (which must refuse A's ids or act on B's own data only).
    const idOfA = (url: string, field: string): string => {
      const byField: Record<string, string | undefined> = {
        clienteId: idsOfA['/api/clienti/cliente/:id#id'],
        impiantiId: idsOfA['/api/impianti/impianto/:id#id'],
        impiantoId: idsOfA['/api/impianti/impianto/:id#id'],
        parentId: idsOfA['/api/macchinari/macchinario/:id#id'],
        mansioneId: idsOfA['/api/mansioni/mansione/:id#id'],
        mansioni: idsOfA['/api/mansioni/mansione/:id#id'],
        controlloId: idsOfA['/api/controlli/controllo/:id#id'],
        gruppoId: idsOfA['/api/gruppi/gruppo/:id#id'],
        membri: a.user('tech').id,
        id1: a.user('tech').id,
        tecnici: a.user('tech').id,
        tecnico_id: a.user('tech').id,
        utente_id: a.user('tech').id,
        utenteId: a.user('tech').id,
        cliente_id: idsOfA['/api/clienti/cliente/:id#id'],
        mansione_id: idsOfA['/api/mansioni/mansione/:id#id'],
        articolo_id: articleOfA,
        ordine_posizione: idsOfA['/api/configuration/intervento/remove/:id#id'],
        id2: a.user('admin').id,
      };
      if (byField[field]) return byField[field];
      const byUrl: [string, string | undefined][] = [
        ['/api/clienti/cliente/recapito', idsOfA['/api/clienti/cliente/recapito/:id#id']],
        ['/api/clienti', idsOfA['/api/clienti/cliente/:id#id']],
        ['/api/impianti', idsOfA['/api/impianti/impianto/:id#id']],
        ['/api/macchinari', idsOfA['/api/macchinari/macchinario/:id#id']],
        ['/api/mansioni', idsOfA['/api/mansioni/mansione/:id#id']],
        ['/api/controlli', idsOfA['/api/controlli/controllo/:id#id']],
        ['/api/gruppi', idsOfA['/api/gruppi/gruppo/:id#id']],
        ['/api/users', a.user('tech').id],
        ['/api/configuration/motivazione', idsOfA['/api/configuration/motivazione/:id#id']],
        ['/api/media', idsOfA['/api/media/delete/:id#id']],
        ['/api/imports', idsOfA['/api/imports/import/:id#id']],
        ['/api/anagraficaarticoli', articleOfA],
        ['/api/rapportini', reportOfA],
        ['/api/schedule', idsOfA['/api/schedule/appointment/:id#id']],
        ['/api/attivita', idsOfA['/api/contratti/attivita/regole/:id#id']],
        ['/api/configuration/intervento', idsOfA['/api/configuration/intervento/remove/:id#id']],
        ['/api/contratti', contractOfA],
        ['/api/mail/logs/rapportino', reportOfA],
      ];
      return byUrl.find(([prefix, id]) => url.startsWith(prefix) && id)?.[1] ?? a.company.id;
    };
    // Bodies the generic example cannot make valid (a check digit, a known option, a live challenge).
    const overrides: Record<string, unknown> = {
      'POST /api/aziende/azienda': {
        ragione_sociale: 'Azienda di B',
        partita_iva: b.piva,
        mailPrincipale: 'b@example.test',
        timezone: 'Europe/Rome',
      },
      'POST /api/options/options/confirm': {
        items: [{ category: 'smtp', subcategory: 'host', value: 'smtp.di-b.test' }],
      },
      'POST /api/tabelle/preferenza': { tabella: 'clienti', colonne: null },
      'POST /api/numerazioni/numerazione': {
        prefisso: 'B',
        formato: '{ANNO}/{NUMERO}',
        cifre: 4,
        azzeramento_annuale: true,
      },
      // A's customer, and A's report: 404 before anything is written.
      'POST /api/rapportini/rapportino/lavorazione': { cliente_id: idOfA('/api/clienti', 'clienteId') },
      'POST /api/rapportini/rapportino/admin/update': { id: reportOfA, cliente_id: idOfA('/api/clienti', 'clienteId') },
      // Mailing A's report: 404 before a log row is written or a job queued.
      'POST /api/rapportini/rapportino/invio': { id: reportOfA, destinatari: ['b@example.test'] },
      // Updating A's contract (on A's customer): 404 before anything is written.
      'POST /api/contratti/contratto/create': {
        id: contractOfA,
        cliente_id: idOfA('/api/clienti', 'clienteId'),
        identificativo: 'Contratto di B',
        tipo: 'manutenzione',
        data_inizio: '2026-01-01',
        data_fine: '2026-12-31',
      },
      'POST /api/contratti/contratto/:id/cessa': { data: '2026-06-30', motivo: 'Disdetta di B' },
      // A's report sent to B's management tool: 404 before anything is queued.
      'POST /api/gestionale/esporta': { ids: [reportOfA] },
      // A key of B's own (the example's expiry would be in the past).
      'POST /api/api-key/generate': { nome: 'Chiave di B', scopes: [{ key: 'contratti', action: 'read' }] },
      // A Mexal login of B's own (a name that does not resolve: 502, nothing kept, nothing reached).
      'POST /api/mexal/login': {
        indirizzo: 'https://mexal.di-b.example',
        utente: 'WEBAPI',
        password: 'Password di B',
        azienda: 'DIB',
        anno: 2026,
      },
      // A webhook of B's own (a name that does not resolve: saved, never reached).
      'POST /api/webhooks/webhook': { url: 'https://erp.di-b.example/hook', eventi: ['report.completed'] },
      // A password the strength check accepts, for A's user id.
      'POST /api/users/user': {
        id: idOfA('/api/users/user', 'id'),
        username: 'utente-di-a',
        password: 'Tre-Caldaie-Rosse',
      },
    };
    // Path values that are not records: a valid day range, a section, a table, a planner version.
    const pathValues: Record<string, string> = {
      'activitySchedule.range#start': '20261101',
      'activitySchedule.range#end': '20261130',
      'schedule.range#start': '20261101',
      'schedule.range#end': '20261130',
      'tablePreferences.getTableInfos#tabella': 'clienti',
      'schedule.setVersion#version': '2',
      'statistics.general#startDate': '2026-01-01',
      'statistics.general#endDate': '2026-12-31',
    };
    // Query strings a route needs (the others take none or only optional filters): a valid range, A's report and file.
    const queries: Record<string, Record<string, string | string[]>> = {
      'schedule.mapAppointments': { start: '20261101', end: '20261130' },
      // B's office asks for the day of A's technician: nothing of A comes back.
      'schedule.technicianDay': { tecnico_id: a.user('tech').id },
      'media.removeReportFiles': { rapportinoId: reportOfA!, ids: [idsOfA['/api/media/:id/content#id']!] },
      // A's report in B's invoice: 404, nothing of A written.
      'reports.fatturaPaReports': { ids: reportOfA! },
      // Fatture in Cloud's return address (B's state only: A's states stay A's).
      'accounting.ficInit': { redirectUri: 'http://app.test/oauth20/fattureincloud' },
      // Clocking: A's technician and A's record; the exports a valid range.
      'clocking.list': { from: '2026-11-01', to: '2026-11-30', utenteId: a.user('tech').id },
      'clocking.one': { id: clockingOfA! },
      'clocking.last': { utenteId: a.user('tech').id },
      'clocking.travelExport': { from: '2026-11-01', to: '2026-11-30' },
      'clocking.csvExport': { from: '2026-11-01', to: '2026-11-30' },
      // Statistics: a year's range (B's figures only: none of A's reports, customers or technicians).
      ...Object.fromEntries(
        t.routes
          .filter(
            (r) => r.id.startsWith('statistics.') && r.id !== 'statistics.general' && r.id !== 'statistics.expiring',
          )
          .map((r) => [r.id, { startDate: '2026-01-01', endDate: '2026-12-31' }]),
      ),
    };
    // Uploads: a real multipart body (a PNG, a CSV), as the web sends them.
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
        '1f15c4890000000d49444154789c6300010000050001a5f645400000000049454e44ae426082',
      'hex',
    );
    const uploads: Record<
      string,
      { fields?: Record<string, string>; file: { name: string; type: string; bytes: Buffer } }
    > = {
      'company.replaceLogo': { file: { name: 'logo-di-b.png', type: 'image/png', bytes: png } },
      'media.insert': { file: { name: 'foto-di-b.png', type: 'image/png', bytes: png } },
      'imports.mapping': {
        fields: { table: 'articoli', separator: ';', headerInFirstLine: 'true' },
        file: { name: 'b.csv', type: 'text/csv', bytes: Buffer.from('codice;descrizione\r\nB1;Articolo di B\r\n') },
      },
    };
    const multipart = (upload: (typeof uploads)[string], token: { token: string; deviceId: string }, url: string) => {
      const boundary = 'sweepupload';
      const fields = Object.entries(upload.fields ?? {}).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      );
      return t.app.inject({
        method: 'POST',
        url,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${token.token}`,
          'device-id': token.deviceId,
        },
        payload: Buffer.concat([
          Buffer.from(fields.join('')),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.file.name}"\r\n` +
              `Content-Type: ${upload.file.type}\r\n\r\n`,
          ),
          upload.file.bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const qs = (q: Record<string, string | string[]>) => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) for (const one of [v].flat()) p.append(k, one);
      return p.size ? `?${p}` : '';
    };

    const notReached: string[] = [];
    /** Ids the sweep had no record of A for (it would send A's company id instead): there must be none. */
    const withoutRecord: string[] = [];
    const reachedRoutes = new Set<string>();

    // Logout last: it ends B's session, which the other calls need.
    const authenticated = t.routes
      .filter((r) => r.auth === 'session')
      .sort((x, y) => Number(x.path === '/api/login/logout') - Number(y.path === '/api/login/logout'));
    expect(authenticated.length).toBeGreaterThan(140);
    for (const route of authenticated) {
      let pointsAtA = false;
      const url =
        route.path.replace(/:(\w+)/g, (_m: string, name: string) => {
          const value = pathValues[`${route.id}#${name}`] ?? idsOfA[`${route.path}#${name}`];
          if (value === undefined) withoutRecord.push(`${route.id} :${name}`);
          if (value !== undefined && !pathValues[`${route.id}#${name}`]) pointsAtA = true;
          return encodeURIComponent(value ?? a.company.id);
        }) + qs(queries[route.id] ?? {});
      const key = `${route.method} ${route.path}`;
      const idFor = (field: string) => {
        const id = idOfA(route.path, field);
        if (id === a.company.id) withoutRecord.push(`${route.id} body ${field}`);
        return id;
      };
      const upload = uploads[route.id];
      const body =
        route.method === 'GET' || route.method === 'DELETE' || upload
          ? undefined
          : key in overrides
            ? overrides[key]
            : route.body
              ? exampleBody(route.body, idFor)
              : {};
      const before = reachedHandlers.length;
      const r = upload
        ? await (async () => {
            const res = await multipart(upload, sb, url);
            return { status: res.statusCode, json: res.json(), raw: res };
          })()
        : await call(t.app, route.method, url, { ...sb, body });
      const reached = reachedHandlers.slice(before).includes(route.id);
      const refused = r.status === 415 || (r.status === 400 && r.json?.code === 'VALIDATION');
      if (reached && !refused) reachedRoutes.add(route.id);
      else notReached.push(`${route.id} (${key}): ${r.status} ${JSON.stringify(r.json?.fields ?? r.json?.message)}`);
      expect(r.status, `${key} with B's token`).not.toBe(401);
      const text = r.raw.body;
      for (const secret of secretsOfA) {
        expect(text, `${key} leaked ${secret}`).not.toContain(secret);
      }
      // A's record in the path: B gets the service's refusal (404 as a missing record), never the record.
      if (pointsAtA) expect(r.status, `${key} on A's record`).toBeGreaterThanOrEqual(400);
    }
    console.log(
      `cross-company sweep: routes reached ${reachedRoutes.size} / ${authenticated.length}` +
        (notReached.length ? `; not reached: ${notReached.join('; ')}` : ''),
    );
    expect(withoutRecord, "routes the sweep sent A's company id instead of a record of A").toEqual([]);
    expect(notReached, 'routes refused before their service (validation, media type) or never handled').toEqual([]);
    expect(reachedRoutes.size / authenticated.length).toBe(1);
    expect(await snapshotOf(a.company.id, tables)).toBe(before);
    // No row of one company references a row of another after B's calls (the composite keys hold it).
    expect(await crossCompanyReferences(t.deps.database)).toEqual([]);
    // A's own session is untouched by B's calls (logout included)
    expect((await call(t.app, 'GET', '/api/session/session', sa)).status).toBe(200);
  }, 600_000);
});

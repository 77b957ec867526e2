import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';
import { addDays, contractCompany, today } from './test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('contracts: create, read, update', () => {
  it('creates a contract with its links and answers it whole; updates it; reads it back', async () => {
    const x = await contractCompany(t);
    const start = addDays(today(), -10);
    const r = await x.save({
      identificativo: 'MAN-2026-01',
      descrizione: 'Manutenzione caldaie',
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      rinnovo_automatico: true,
      impianti: [x.impiantoId],
      macchinari: [x.macchinaId, x.macchinaId],
      mansioni: [x.mansioneId],
      abilitaPrezziContratto: true,
      prezzi: { ora: '45.00', materiale: '10' },
      regole: { ritardo_massimo_giorni: 15 },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const c = r.json.item;
    expect(c).toMatchObject({
      identificativo: 'MAN-2026-01',
      cliente_id: x.clienteId,
      cliente: 'Idraulica Verdi S.n.c.',
      tipo: 'manutenzione',
      rinnovo_automatico: true,
      mesi_rinnovo: 12,
      data_rinnovo: '2027-01-01',
      // The company option contratti_preavviso_scadenza (default 30 days).
      giorni_preavviso_rinnovo: 30,
      ore_contratto: null,
      ore_residue: null,
      ore_usate: '0.00',
      impianti: [{ id: x.impiantoId, nome: 'Centrale termica' }],
      macchinari: [{ id: x.macchinaId, nome: 'Caldaia' }],
      mansioni: [{ id: x.mansioneId }],
      prezzi: { ora: '45.00', materiale: '10' },
      regole: { ritardo_massimo_giorni: 15 },
      attivita_count: 0,
      media_count: 0,
      mailAvvisoScadenzaSent: false,
    });
    const got = await x.get(x.admin, `/contratti/contratto/${c.id}`);
    expect(got.status).toBe(200);
    expect(got.json.item).toEqual(c);

    // An update: new period and no plants; the notice flag clears when the end changes.
    await x.sql('update contratti set mail_avviso_scadenza_sent = true where id = $1', [c.id]);
    expect((await x.get(x.admin, `/contratti/contratto/${c.id}`)).json.item.stato).toBe('in_scadenza');
    const u = await x.save({
      id: c.id,
      identificativo: 'MAN-2026-01',
      data_inizio: start,
      data_fine: addDays(start, 90),
      giorni_preavviso_rinnovo: 7,
      mansioni: [x.mansioneId],
    });
    expect(u.status, JSON.stringify(u.json)).toBe(200);
    expect(u.json.item).toMatchObject({
      id: c.id,
      impianti: [],
      macchinari: [],
      giorni_preavviso_rinnovo: 7,
      rinnovo_automatico: false,
      data_rinnovo: null,
      mailAvvisoScadenzaSent: false,
      stato: 'attivo',
    });
  });

  it('refuses wrong periods, hours, type changes, activities on update, foreign links and a used identifier', async () => {
    const x = await contractCompany(t);
    const fieldsOf = (r: { json: any }) => r.json.fields.map((f: any) => [f.path, f.message]);
    const backwards = await x.save({ data_inizio: '2026-05-01', data_fine: '2026-04-30' });
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards)).toEqual([['data_fine', "La data di fine non può precedere quella d'inizio"]]);
    const long = await x.save({ data_inizio: '2026-01-01', data_fine: '2036-01-02' });
    expect(fieldsOf(long)).toEqual([['data_fine', 'Il periodo del contratto è al massimo di 10 anni']]);
    expect((await x.save({ data_inizio: '2026-01-01', data_fine: '2036-01-01' })).status).toBe(200);
    const noHours = await x.save({ tipo: 'chiamata', ore_contratto: '0' });
    expect(fieldsOf(noHours)).toEqual([
      ['ore_contratto', 'Un contratto a chiamata richiede le ore acquistate (più di zero)'],
    ]);
    // Maintenance keeps no hours.
    const m = await x.save({ ore_contratto: '40' });
    expect(m.json.item.ore_contratto).toBeNull();
    expect((await x.sql('select ore_contratto from contratti where id = $1', [m.json.item.id])).rows[0]).toEqual({
      ore_contratto: null,
    });

    const oc = await x.save({ tipo: 'chiamata', ore_contratto: '50', identificativo: 'CH-1' });
    expect(oc.status).toBe(200);
    const typeChange = await x.save({ id: oc.json.item.id, identificativo: 'CH-1', tipo: 'manutenzione' });
    expect(typeChange.status).toBe(400);
    expect(typeChange.json.code).toBe('VALIDATION');
    expect(fieldsOf(typeChange)).toEqual([['tipo', 'Il tipo di contratto non si cambia dopo la creazione']]);
    const withActivities = await x.save({
      id: oc.json.item.id,
      identificativo: 'CH-1',
      tipo: 'chiamata',
      ore_contratto: '50',
      attivita: [],
    });
    expect(fieldsOf(withActivities)).toEqual([['attivita', 'Le attività si modificano dalla scheda del contratto']]);

    // Another customer's plant and machine, another company's job role.
    const other = await x.post(x.admin, '/clienti/cliente', { ragione_sociale: 'Altro cliente', citta: 'Imola' });
    const otherPlant = await x.post(x.admin, '/impianti/impianto/create', {
      clienteId: other.json.item.id,
      nome: 'Altro impianto',
    });
    const otherMachine = await x.post(x.admin, '/macchinari/macchinario/create', {
      impiantiId: otherPlant.json.item.id,
      nome: 'Altra caldaia',
      matricola: `M-${Math.random().toString(36).slice(2, 8)}`,
    });
    const y = await contractCompany(t);
    const links = await x.save({
      impianti: [otherPlant.json.item.id],
      macchinari: [otherMachine.json.item.id],
      mansioni: [y.mansioneId],
    });
    expect(links.status).toBe(400);
    expect(fieldsOf(links)).toEqual([
      ['impianti.0', 'Impianto non trovato per questo cliente'],
      ['macchinari.0', 'Macchinario non trovato sugli impianti del contratto'],
      ['mansioni.0', 'Mansione non trovata'],
    ]);
    // The customer's machine but not on the plants named.
    const plant2 = await x.post(x.admin, '/impianti/impianto/create', { clienteId: x.clienteId, nome: 'Secondo' });
    const off = await x.save({ impianti: [plant2.json.item.id], macchinari: [x.macchinaId] });
    expect(fieldsOf(off)).toEqual([['macchinari.0', 'Macchinario non trovato sugli impianti del contratto']]);
    expect((await x.save({ macchinari: [x.macchinaId] })).status).toBe(200);

    const dup = await x.save({ identificativo: 'ch-1' });
    expect(dup.status).toBe(409);
    expect(dup.json).toMatchObject({
      code: 'DUPLICATE_CODE',
      fields: [{ path: 'identificativo', message: 'Identificativo già usato' }],
    });
    // Another company may use the same identifier.
    expect((await y.save({ identificativo: 'CH-1' })).status).toBe(200);
    // An unknown customer or contract: 404.
    expect((await x.save({ cliente_id: y.clienteId })).status).toBe(404);
    expect((await x.save({ id: '00000000-0000-4000-8000-000000000000', identificativo: 'X-1' })).status).toBe(404);
  });
});

describe("a create with the wizard's activities", () => {
  it('saves the activities and their dates with the contract; a refused activity undoes the contract', async () => {
    const x = await contractCompany(t);
    const r = await x.save({
      identificativo: 'ATT-1',
      data_inizio: '2026-01-01',
      data_fine: '2026-12-31',
      attivita: [
        { nome: 'Manutenzione semestrale', frequenza: { tipo: 'fissa', ogni: 6, unita: 'mesi' } },
        { nome: 'Due date fisse', frequenza: { tipo: 'variabile', date: ['2026-03-15', '2026-09-15'] } },
      ],
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const dates = await x.sql(
      `select a.descrizione, d.data::text as data from attivita_date d join contratti_attivita a on a.id = d.attivita_id
        where d.contratto_id = '${r.json.item.id}' order by a.descrizione, d.data`,
    );
    expect(dates.rows).toEqual([
      { descrizione: 'Due date fisse', data: '2026-03-15' },
      { descrizione: 'Due date fisse', data: '2026-09-15' },
      { descrizione: 'Manutenzione semestrale', data: '2026-01-01' },
      { descrizione: 'Manutenzione semestrale', data: '2026-07-01' },
    ]);
    expect(r.json.item.attivita_count).toBe(2);
    // Yearly on a six-month contract: refused, and nothing of the contract is left.
    const refused = await x.save({
      identificativo: 'ATT-2',
      data_inizio: '2026-01-01',
      data_fine: '2026-06-30',
      attivita: [{ nome: 'Revisione annuale', frequenza: { tipo: 'fissa', ogni: 1, unita: 'anni' } }],
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('anno solare');
    expect((await x.sql("select 1 from contratti where identificativo = 'ATT-2'")).rows).toEqual([]);
  });
});

describe('contracts: early end and delete', () => {
  it('ends a contract early: ceased, reason kept, undone dates after the day removed', async () => {
    const x = await contractCompany(t);
    const c = (await x.save({ data_inizio: addDays(today(), -60), data_fine: addDays(today(), 300) })).json.item;
    const past = addDays(today(), -20);
    const soon = addDays(today(), 10);
    const later = addDays(today(), 100);
    await x.activity(c.id, [past, soon, later]);
    const before = (await x.get(x.admin, `/contratti/contratto/${c.id}`)).json.item;
    expect(before).toMatchObject({ attivita_count: 1, date_da_fare: 3, date_scadute: 1 });

    const early = await x.post(x.admin, `/contratti/contratto/${c.id}/cessa`, {
      data: addDays(today(), -61),
      motivo: 'Disdetta',
    });
    expect(early.status).toBe(400);
    expect(early.json.fields).toEqual([
      { path: 'data', message: "La data di cessazione non può precedere l'inizio del contratto" },
    ]);
    expect((await x.post(x.admin, `/contratti/contratto/${c.id}/cessa`, { data: soon, motivo: '' })).status).toBe(400);
    const r = await x.post(x.admin, `/contratti/contratto/${c.id}/cessa`, {
      data: soon,
      motivo: 'Disdetta del cliente',
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.item).toMatchObject({
      cessato: true,
      stato: 'cessato',
      data_cessazione: soon,
      motivo_cessazione: 'Disdetta del cliente',
      date_da_fare: 2,
    });
    const left = await x.sql('select data::text from attivita_date where contratto_id = $1 order by data', [c.id]);
    expect(left.rows.map((d: any) => d.data)).toEqual([past, soon]);
  });

  it('deletes a contract with its activities and files; refuses one with reports (403)', async () => {
    const x = await contractCompany(t);
    const c = (await x.save()).json.item;
    await x.activity(c.id, [addDays(today(), 5)]);
    const report = await x.post(x.admin, '/rapportini/rapportino/lavorazione', {
      cliente_id: x.clienteId,
      contratto_id: c.id,
    });
    expect(report.status, JSON.stringify(report.json)).toBe(200);
    const refused = await call(t.app, 'DELETE', `/api/contratti/contratto/${c.id}`, x.admin);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'FORBIDDEN' });
    expect(refused.json.message).toContain('terminarlo in anticipo');

    const d = (await x.save()).json.item;
    await x.activity(d.id, [addDays(today(), 5)]);
    const up = await upload(t, x.admin, `/api/media/insert/contratti/${d.id}`);
    expect(up.status, up.body).toBe(200);
    const used = async () =>
      Number(
        ((await x.sql('select used_bytes from storage_usage where azienda_id = $1', [x.c.company.id])).rows[0] as any)
          .used_bytes,
      );
    expect(await used()).toBeGreaterThan(0);
    const ok = await call(t.app, 'DELETE', `/api/contratti/contratto/${d.id}`, x.admin);
    expect(ok.status).toBe(200);
    expect((await x.get(x.admin, `/contratti/contratto/${d.id}`)).status).toBe(404);
    for (const table of ['contratti_attivita', 'attivita_date', 'contratti_impianti'])
      expect((await x.sql(`select 1 from ${table} where contratto_id = $1`, [d.id])).rows).toEqual([]);
    expect((await x.sql(`select 1 from media where owner_id = $1`, [d.id])).rows).toEqual([]);
    expect(await used()).toBe(0);
    expect((await call(t.app, 'DELETE', `/api/contratti/contratto/${d.id}`, x.admin)).status).toBe(404);
  });
});

describe('contract files', () => {
  it('uploads and lists a contract file under contratti (and contratto); another company gets 404', async () => {
    const x = await contractCompany(t);
    const c = (await x.save()).json.item;
    const up = await upload(t, x.admin, `/api/media/insert/contratti/${c.id}`);
    expect(up.status, up.body).toBe(200);
    expect(JSON.parse(up.body).item).toMatchObject({ section: 'contratto', owner_id: c.id, filename: 'verbale.pdf' });
    const list = await x.get(x.admin, `/media/get-db/contratti/${c.id}`);
    expect(list.status).toBe(200);
    expect(list.json.items.map((m: any) => m.filename)).toEqual(['verbale.pdf']);
    expect((await x.get(x.admin, `/media/get-db/contratto/${c.id}`)).json.items).toHaveLength(1);
    expect((await x.get(x.admin, `/contratti/contratto/${c.id}`)).json.item.media_count).toBe(1);
    const storage = await x.get(x.admin, '/media/storage');
    expect(storage.status).toBe(200);
    expect(storage.json.item.sections.find((s: any) => s.section === 'contratto')).toMatchObject({ files: 1 });

    const other = await createCompany(t);
    const so = await other.login('admin');
    expect((await call(t.app, 'GET', `/api/media/get-db/contratti/${c.id}`, so)).status).toBe(404);
    const foreign = await upload(t, so, `/api/media/insert/contratti/${c.id}`);
    expect(foreign.status).toBe(404);
  });
});

describe('alerts 0027, 0028, 0034 from a contract made through the API', () => {
  it('refuses to delete the plant, the machine and the job role of a contract until it goes', async () => {
    const x = await contractCompany(t);
    const c = await x.save({ impianti: [x.impiantoId], macchinari: [x.macchinaId], mansioni: [x.mansioneId] });
    expect(c.status).toBe(200);
    const del = (url: string) => call(t.app, 'DELETE', `/api${url}`, x.admin);
    const machine = await del(`/macchinari/macchinario/${x.macchinaId}`);
    expect([machine.status, machine.json.code]).toEqual([403, '0027']);
    const plant = await del(`/impianti/impianto/${x.impiantoId}`);
    expect([plant.status, plant.json.code]).toEqual([403, '0028']);
    const job = await del(`/mansioni/mansione/${x.mansioneId}`);
    expect([job.status, job.json.code]).toEqual([403, '0034']);
    expect((await del(`/contratti/contratto/${c.json.item.id}`)).status).toBe(200);
    expect((await del(`/mansioni/mansione/${x.mansioneId}`)).status).toBe(200);
    expect((await del(`/macchinari/macchinario/${x.macchinaId}`)).status).toBe(200);
    expect((await del(`/impianti/impianto/${x.impiantoId}`)).status).toBe(200);
  });
});

/** A one-page PDF uploaded as a multipart file. */
async function upload(t: TestApp, s: { token: string; deviceId: string }, url: string) {
  const boundary = 'contractboundary';
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${s.token}`,
      'device-id': s.deviceId,
      source: 'WEB',
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="verbale.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return { status: res.statusCode, body: res.body };
}

describe("a report on a contract takes the contract's prices", () => {
  it('through the contract saved by its route: hours, km, call-out fee and the discount on material; off when not enabled', async () => {
    const x = await contractCompany(t);
    const prezzi = { ora: '35,00', km: '0,30', diritto_chiamata: '25', materiale: '10' };
    const on = (await x.save({ abilitaPrezziContratto: true, prezzi })).json.item;
    const off = (await x.save({ abilitaPrezziContratto: false, prezzi })).json.item;
    expect(on.prezzi).toMatchObject({ ora: '35.00', km: '0.30', materiale: '10' });
    const report = (contratto_id: string) =>
      x.post(x.admin, '/rapportini/rapportino/lavorazione', {
        cliente_id: x.clienteId,
        contratto_id,
        giornate: [{ data: today(), tecnico_id: x.techId, totale_ore: '2', km_viaggio: '10', ore_viaggio: '0' }],
        materiali: [{ descrizione: 'Filtro', quantita: '2', importo_unitario: '9.90' }],
      });
    const priced = await report(on.id);
    expect(priced.status, JSON.stringify(priced.json)).toBe(200);
    const lines = priced.json.item.prezzi.righe.map((r: { voce: string; importo: string; origine: string }) => [
      r.voce,
      r.importo,
      r.origine,
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['ore', '70.00', 'contratto'],
        ['km', '3.00', 'contratto'],
        ['diritto_chiamata', '25.00', 'contratto'],
        ['materiale', '17.82', 'contratto'],
      ]),
    );
    const plain = await report(off.id);
    const origins = plain.json.item.prezzi.righe.map((r: { origine: string }) => r.origine);
    expect(origins).not.toContain('contratto');
  });

  it("charges the contract's activity price on a report made from an activity date, in its stored total too", async () => {
    const x = await contractCompany(t);
    const c = (
      await x.save({
        abilitaPrezziContratto: true,
        prezzi: { attivita_contratto: '90' },
        attivita: [{ nome: 'Controllo caldaia', frequenza: { tipo: 'data_singola', data: addDays(today(), 10) } }],
      })
    ).json.item;
    const acts = await x.get(x.admin, `/contratti/contratto/attivita/${c.id}`);
    const occurrence = acts.json.items[0].contratto_date[0];
    const made = await x.post(x.admin, '/attivita/attivita', { id: occurrence.id, tecnici: [x.techId] });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const report = await x.get(x.admin, `/rapportini/rapportini/admin/${made.json.rapportino_id}`);
    const line = report.json.item.prezzi.righe.find((r: { voce: string }) => r.voce === 'attivita_contratto');
    expect(line).toMatchObject({ importo: '90.00', origine: 'contratto' });
    const list = await x.get(x.admin, `/rapportini/rapportini/admin?contratto_id=${c.id}`);
    expect(list.json.items[0].totale).toBe(report.json.item.prezzi.totale);
    expect(Number(list.json.items[0].totale)).toBeGreaterThanOrEqual(90);
  });
});

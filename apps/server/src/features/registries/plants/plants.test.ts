import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from '../../../test/harness.js';
import { createCompany, makeActivity, makeContract } from '../../../test/factories.js';
import { newCliente } from '../customers/test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function setup() {
  const c = await createCompany(t);
  const admin = await c.login('admin');
  const cliente = (await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).json.item;
  const plant = (
    await call(t.app, 'POST', '/api/impianti/impianto/create', {
      ...admin,
      body: { clienteId: cliente.id, nome: 'Centrale termica', citta: 'Milano', provincia: 'mi' },
    })
  ).json.item;
  return { c, admin, cliente, plant };
}
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('plants', () => {
  it('creates, lists, reads, updates and deletes plants of a customer', async () => {
    const { admin, cliente, plant } = await setup();
    expect(plant).toMatchObject({
      clienteId: cliente.id,
      nome: 'Centrale termica',
      provincia: 'MI',
      macchinari_count: 0,
    });
    await call(t.app, 'POST', '/api/impianti/impianto/create', {
      ...admin,
      body: { clienteId: cliente.id, nome: 'Alfa magazzino' },
    });
    const list = await call(t.app, 'GET', `/api/impianti/cliente/${cliente.id}`, admin);
    expect(list.json.items.map((i: any) => i.nome)).toEqual(['Alfa magazzino', 'Centrale termica']);
    const upd = await call(t.app, 'POST', '/api/impianti/impianto/create', {
      ...admin,
      body: { id: plant.id, clienteId: cliente.id, nome: 'Centrale nuova' },
    });
    expect(upd.json.item).toMatchObject({ id: plant.id, nome: 'Centrale nuova', citta: null });
    const other = (await call(t.app, 'POST', '/api/clienti/cliente', { ...admin, body: newCliente() })).json.item;
    expect(
      (
        await call(t.app, 'POST', '/api/impianti/impianto/create', {
          ...admin,
          body: { id: plant.id, clienteId: other.id, nome: 'X' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/impianti/impianto/create', {
          ...admin,
          body: { clienteId: cliente.id, nome: ' ' },
        })
      ).status,
    ).toBe(400);
    expect((await call(t.app, 'GET', `/api/impianti/impianto/${plant.id}`, admin)).json.item.nome).toBe(
      'Centrale nuova',
    );
    expect((await call(t.app, 'DELETE', `/api/impianti/impianto/${plant.id}`, admin)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/impianti/impianto/${plant.id}`, admin)).status).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/impianti/impianto/${plant.id}`, admin)).status).toBe(404);
  });

  it('removes plants and machines with their customer', async () => {
    const { admin, cliente, plant } = await setup();
    const m = (
      await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
        ...admin,
        body: { impiantiId: plant.id, nome: 'Caldaia', matricola: `M-${tag()}` },
      })
    ).json.item;
    await call(t.app, 'POST', '/api/clienti/cliente/remove', { ...admin, body: { ids: [cliente.id] } });
    expect((await call(t.app, 'GET', `/api/impianti/impianto/${plant.id}`, admin)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/macchinari/macchinario/${m.id}`, admin)).status).toBe(404);
  });
});

describe('machines', () => {
  it('creates, lists, updates and deletes machines of a plant', async () => {
    const { admin, plant } = await setup();
    const mat = `SN-${tag()}/01`;
    const r = await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
      ...admin,
      body: { impiantiId: plant.id, nome: ' Caldaia a condensazione ', matricola: mat },
    });
    expect(r.status).toBe(200);
    expect(r.json.item).toMatchObject({
      impiantiId: plant.id,
      nome: 'Caldaia a condensazione',
      matricola: mat,
      livello: 2,
      parentId: null,
    });
    const list = await call(t.app, 'GET', `/api/macchinari/macchinari/${plant.id}`, admin);
    expect(list.json.items).toHaveLength(1);
    expect((await call(t.app, 'GET', `/api/impianti/impianto/${plant.id}`, admin)).json.item.macchinari_count).toBe(1);
    expect(
      (await call(t.app, 'GET', `/api/impianti/cliente/${plant.clienteId}`, admin)).json.items[0].macchinari_count,
    ).toBe(1);
    const upd = await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
      ...admin,
      body: { id: r.json.item.id, impiantiId: plant.id, nome: 'Caldaia', matricola: mat },
    });
    expect(upd.json.item.nome).toBe('Caldaia');
    expect((await call(t.app, 'DELETE', `/api/macchinari/macchinario/${r.json.item.id}`, admin)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/macchinari/macchinari/${plant.id}`, admin)).json.items).toEqual([]);
  });

  it('answers 0029 on a bad name or registration number, including a matricola already used in the company', async () => {
    const { admin, plant } = await setup();
    const used = `USED-${tag()}`;
    await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
      ...admin,
      body: { impiantiId: plant.id, nome: 'Pompa', matricola: used },
    });
    const cases: [Record<string, string>, string][] = [
      [{ nome: '', matricola: 'A1' }, 'nome'],
      [{ nome: '   ', matricola: 'A1' }, 'nome'],
      [{ nome: 'x'.repeat(121), matricola: 'A1' }, 'nome'],
      [{ nome: 'Pompa', matricola: '' }, 'matricola'],
      [{ nome: 'Pompa', matricola: 'AB#12' }, 'matricola'],
      [{ nome: 'Pompa', matricola: '-AB12' }, 'matricola'],
      [{ nome: 'Pompa', matricola: 'A'.repeat(51) }, 'matricola'],
      [{ nome: 'Pompa', matricola: used.toLowerCase() }, 'matricola'],
    ];
    for (const [body, field] of cases) {
      const r = await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
        ...admin,
        body: { impiantiId: plant.id, ...body },
      });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json).toMatchObject({ code: '0029', fields: [{ path: field }] });
    }
    // Another company may use the same matricola.
    const other = await setup();
    expect(
      (
        await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
          ...other.admin,
          body: { impiantiId: other.plant.id, nome: 'Pompa', matricola: used },
        })
      ).status,
    ).toBe(200);
  });

  it('follows the machinery levels of the options', async () => {
    const { admin, plant } = await setup();
    const l2 = (
      await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
        ...admin,
        body: { impiantiId: plant.id, nome: 'Linea', matricola: `L2-${tag()}` },
      })
    ).json.item;
    // Two levels by default: level 3 is refused.
    const refused = await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
      ...admin,
      body: { impiantiId: plant.id, parentId: l2.id, livello: 3, nome: 'Motore', matricola: `L3-${tag()}` },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fields[0].path).toBe('livello');
    const opt = await call(t.app, 'POST', '/api/options/options/confirm', {
      ...admin,
      body: { items: [{ category: 'livelli_macchinari', subcategory: 'numero_livelli', value: '3' }] },
    });
    expect(opt.status).toBe(200);
    const l3 = await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
      ...admin,
      body: { impiantiId: plant.id, parentId: l2.id, livello: 3, nome: 'Motore', matricola: `L3-${tag()}` },
    });
    expect(l3.status).toBe(200);
    expect(l3.json.item).toMatchObject({ livello: 3, parentId: l2.id });
    // A level-3 machine needs a level-2 parent of the same plant; level 2 takes no parent.
    expect(
      (
        await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
          ...admin,
          body: { impiantiId: plant.id, livello: 3, nome: 'X', matricola: `X-${tag()}` },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
          ...admin,
          body: { impiantiId: plant.id, parentId: l3.json.item.id, livello: 3, nome: 'X', matricola: `X-${tag()}` },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
          ...admin,
          body: { impiantiId: plant.id, parentId: l2.id, livello: 2, nome: 'X', matricola: `X-${tag()}` },
        })
      ).status,
    ).toBe(400);
    // Deleting the level-2 machine removes its component.
    await call(t.app, 'DELETE', `/api/macchinari/macchinario/${l2.id}`, admin);
    expect((await call(t.app, 'GET', `/api/macchinari/macchinario/${l3.json.item.id}`, admin)).status).toBe(404);
  });

  it('refuses to delete a plant (0028) or machine (0027) in a contract or a contract activity, until the contract goes', async () => {
    const { c, admin, cliente, plant } = await setup();
    const aziendaId = c.company.id;
    await call(t.app, 'POST', '/api/options/options/confirm', {
      ...admin,
      body: { items: [{ category: 'livelli_macchinari', subcategory: 'numero_livelli', value: '3' }] },
    });
    const newMachine = async (body: Record<string, unknown>) =>
      (
        await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
          ...admin,
          body: { impiantiId: plant.id, matricola: `M-${tag()}`, ...body },
        })
      ).json.item;
    const caldaia = await newMachine({ nome: 'Caldaia' });
    const bruciatore = await newMachine({ nome: 'Bruciatore', livello: 3, parentId: caldaia.id });
    const pompa = await newMachine({ nome: 'Pompa' });
    const delPlant = () => call(t.app, 'DELETE', `/api/impianti/impianto/${plant.id}`, admin);
    const delMachine = (id: string) => call(t.app, 'DELETE', `/api/macchinari/macchinario/${id}`, admin);
    const dropContract = (id: string) =>
      t.deps.database.executeSql('delete from contratti where azienda_id = $1 and id = $2', [aziendaId, id]);
    const expectRefused = async (r: Awaited<ReturnType<typeof delPlant>>, code: string) => {
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({ success: false, code });
    };

    // The plant itself in a contract: 0028; its machines are free.
    const onPlant = await makeContract(t, aziendaId, { clienteId: cliente.id, impianti: [plant.id] });
    await expectRefused(await delPlant(), '0028');
    expect((await call(t.app, 'GET', `/api/impianti/impianto/${plant.id}`, admin)).json.item.macchinari_count).toBe(3);
    await dropContract(onPlant.id);

    // A machine in a contract: the machine answers 0027, its plant 0028.
    const onMachine = await makeContract(t, aziendaId, { clienteId: cliente.id, macchinari: [pompa.id] });
    await expectRefused(await delMachine(pompa.id), '0027');
    await expectRefused(await delPlant(), '0028');
    expect((await call(t.app, 'GET', `/api/macchinari/macchinario/${pompa.id}`, admin)).status).toBe(200);
    await dropContract(onMachine.id);

    // A component in a contract activity only: deleting its parent machine (which takes it along) is 0027, the plant 0028.
    const contract = await makeContract(t, aziendaId, { clienteId: cliente.id });
    await makeActivity(t, aziendaId, { contrattoId: contract.id, macchinari: [bruciatore.id] });
    await expectRefused(await delMachine(caldaia.id), '0027');
    await expectRefused(await delMachine(bruciatore.id), '0027');
    await expectRefused(await delPlant(), '0028');
    expect((await call(t.app, 'GET', `/api/macchinari/macchinari/${plant.id}`, admin)).json.items).toHaveLength(3);
    // Unused machines still go.
    expect((await delMachine(pompa.id)).status).toBe(200);

    // With the contract gone (its activity and links cascade), the deletes pass.
    await dropContract(contract.id);
    expect((await delMachine(caldaia.id)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/macchinari/macchinario/${bruciatore.id}`, admin)).status).toBe(404);
    expect((await delPlant()).status).toBe(200);
  });

  it('lets a technician read plants and machines but not change them', async () => {
    const { c, plant, cliente } = await setup();
    const tech = await c.login('tech');
    expect((await call(t.app, 'GET', `/api/impianti/cliente/${cliente.id}`, tech)).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/macchinari/macchinari/${plant.id}`, tech)).status).toBe(200);
    expect(
      (
        await call(t.app, 'POST', '/api/impianti/impianto/create', {
          ...tech,
          body: { clienteId: cliente.id, nome: 'X' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/api/macchinari/macchinario/create', {
          ...tech,
          body: { impiantiId: plant.id, nome: 'X', matricola: 'X1' },
        })
      ).status,
    ).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/impianti/impianto/${plant.id}`, tech)).status).toBe(403);
  });
});

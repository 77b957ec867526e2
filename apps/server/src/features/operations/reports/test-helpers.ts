import { call, type TestApp } from '../../../test/harness.js';
import { createCompany } from '../../../test/factories.js';

export type S = { token: string; deviceId: string };

/** A company with a customer (plant and machine), an article and signed-in admin and technician. */
export async function reportCompany(t: TestApp) {
  const c = await createCompany(t);
  const admin = await c.login('admin');
  const tech = await c.login('tech');
  const post = (s: S, url: string, body: unknown) => call(t.app, 'POST', `/api${url}`, { ...s, body });
  const cliente = await post(admin, '/clienti/cliente', {
    ragione_sociale: 'Idraulica Verdi S.n.c.',
    indirizzo: 'Via Emilia 10',
    citta: 'Forlì',
  });
  const impianto = await post(admin, '/impianti/impianto/create', {
    clienteId: cliente.json.item.id,
    nome: 'Centrale termica',
  });
  const macchina = await post(admin, '/macchinari/macchinario/create', {
    impiantiId: impianto.json.item.id,
    nome: 'Caldaia',
    matricola: `M-${Math.random().toString(36).slice(2, 8)}`,
  });
  const articolo = await post(admin, '/anagraficaarticoli/articoli', {
    codice: `VALV-${Math.random().toString(36).slice(2, 6)}`,
    descrizione: 'Valvola a sfera 1/2"',
    unita_misura: 'pz',
    prezzo_vendita: '12.50',
    prezzo_acquisto: '7.00',
  });
  for (const r of [cliente, impianto, macchina, articolo]) {
    if (r.status !== 200) throw new Error(`setup: ${r.status} ${JSON.stringify(r.json)}`);
  }
  return {
    c,
    admin,
    tech,
    adminId: c.user('admin').id,
    techId: c.user('tech').id,
    clienteId: cliente.json.item.id as string,
    impiantoId: impianto.json.item.id as string,
    macchinaId: macchina.json.item.id as string,
    articoloId: articolo.json.item.id as string,
    post,
    get: (s: S, url: string) => call(t.app, 'GET', `/api${url}`, s),
    setOptions: (items: { category: string; subcategory: string; value: string }[]) =>
      post(admin, '/options/options/confirm', { items }),
  };
}

export const day = (tecnico_id: string, data: string, over: Record<string, unknown> = {}) => ({
  data,
  tecnico_id,
  totale_ore: '4',
  km_viaggio: '0',
  ore_viaggio: '0',
  ...over,
});

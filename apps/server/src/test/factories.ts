import { randomBytes, randomInt } from 'node:crypto';
import type { BuiltApp } from '../app.js';
import type { ContractPrices } from '@fs/contract';
import { provisionCompany, type NewUser } from '../features/company/company/provision.js';
import {
  attivitaControlli,
  attivitaMacchinari,
  contratti,
  contrattiAttivita,
  contrattiImpianti,
  contrattiMacchinari,
  contrattiMansioni,
  rapportini,
  rapportiniMansioni,
} from '../platform/db/schema-contracts.js';
import { call, newDeviceId } from './harness.js';

/** A random partita IVA with a correct check digit. */
export function randomPartitaIva(): string {
  const digits = Array.from({ length: 10 }, () => randomInt(10));
  const sum = digits.reduce((s, d, i) => {
    if (i % 2 === 0) return s + d;
    const x = d * 2;
    return s + (x > 9 ? x - 9 : x);
  }, 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

export const PASSWORD = 'password123';

/** A company of its own for one test: an admin and a technician unless told otherwise. */
export async function createCompany(app: BuiltApp, o: { users?: NewUser[]; name?: string } = {}) {
  const tag = randomBytes(4).toString('hex');
  const piva = randomPartitaIva();
  const { company, users } = await provisionCompany(app.deps.db, {
    ragioneSociale: o.name ?? `Test ${tag} S.r.l.`,
    partitaIva: piva,
    users: o.users ?? [
      {
        username: 'admin',
        password: PASSWORD,
        role: 'admin',
        email: `admin.${tag}@test.local`,
        name: 'Ada',
        surname: 'Admin',
      },
      { username: 'tech', password: PASSWORD, role: 'user', email: `tech.${tag}@test.local`, scheduleenabled: 'Y' },
    ],
  });
  return {
    company,
    users,
    piva,
    user: (username: string) => users.find((u) => u.username === username)!,
    /** Signs a user in on a new device (or the one given) and answers the login item. */
    async login(username: string, deviceId = newDeviceId(), password = PASSWORD) {
      const r = await call(app.app, 'POST', '/api/login/login', {
        deviceId,
        body: { piva, username, password },
      });
      if (r.status !== 200) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.json)}`);
      return {
        deviceId,
        token: r.json.item.token as string,
        refreshToken: r.json.item.refreshToken as string,
        item: r.json.item,
      };
    },
  };
}

/*
 * Contracts, contract activities and work reports have no endpoints yet (their features build
 * on the tables of migration 0011): tests write their rows with Drizzle, links included.
 */

/** A contract of the company for a customer, linked to plants, machines and job roles. */
export async function makeContract(
  app: BuiltApp,
  aziendaId: string,
  o: {
    clienteId: string;
    impianti?: string[];
    macchinari?: string[];
    mansioni?: string[];
    tipo?: 'manutenzione' | 'chiamata';
    abilitaPrezziContratto?: boolean;
    prezzi?: ContractPrices;
  },
): Promise<{ id: string }> {
  return app.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contratti)
      .values({
        aziendaId,
        clienteId: o.clienteId,
        identificativo: `C-${randomBytes(3).toString('hex')}`,
        tipo: o.tipo ?? 'manutenzione',
        abilitaPrezziContratto: o.abilitaPrezziContratto ?? false,
        prezzi: o.prezzi ?? null,
      })
      .returning({ id: contratti.id });
    const contrattoId = row!.id;
    if (o.impianti?.length)
      await tx
        .insert(contrattiImpianti)
        .values(o.impianti.map((impiantoId) => ({ aziendaId, contrattoId, impiantoId })));
    if (o.macchinari?.length)
      await tx
        .insert(contrattiMacchinari)
        .values(o.macchinari.map((macchinarioId) => ({ aziendaId, contrattoId, macchinarioId })));
    if (o.mansioni?.length)
      await tx
        .insert(contrattiMansioni)
        .values(o.mansioni.map((mansioneId) => ({ aziendaId, contrattoId, mansioneId })));
    return { id: contrattoId };
  });
}

/** An activity of a contract, on machines and with checks. */
export async function makeActivity(
  app: BuiltApp,
  aziendaId: string,
  o: {
    contrattoId: string;
    macchinari?: string[];
    controlli?: string[];
    frequenza?: 'fissa' | 'variabile' | 'data_singola';
  },
): Promise<{ id: string }> {
  return app.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contrattiAttivita)
      .values({
        aziendaId,
        contrattoId: o.contrattoId,
        descrizione: 'Manutenzione periodica',
        frequenza: o.frequenza ?? 'fissa',
      })
      .returning({ id: contrattiAttivita.id });
    const attivitaId = row!.id;
    if (o.macchinari?.length)
      await tx
        .insert(attivitaMacchinari)
        .values(o.macchinari.map((macchinarioId) => ({ aziendaId, attivitaId, macchinarioId })));
    if (o.controlli?.length)
      await tx
        .insert(attivitaControlli)
        .values(o.controlli.map((controlloId) => ({ aziendaId, attivitaId, controlloId })));
    return { id: attivitaId };
  });
}

/** A work report of the company for a customer, naming job roles. */
export async function makeReport(
  app: BuiltApp,
  aziendaId: string,
  o: { clienteId: string; mansioni?: string[] },
): Promise<{ id: string }> {
  return app.deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rapportini)
      .values({ aziendaId, clienteId: o.clienteId, numeroAssistenza: `R-${randomInt(1e6)}` })
      .returning({ id: rapportini.id });
    const rapportinoId = row!.id;
    if (o.mansioni?.length)
      await tx
        .insert(rapportiniMansioni)
        .values(o.mansioni.map((mansioneId) => ({ aziendaId, rapportinoId, mansioneId })));
    return { id: rapportinoId };
  });
}

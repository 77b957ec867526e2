import { randomBytes, randomInt } from 'node:crypto';
import type { BuiltApp } from '../app.js';
import { provisionCompany, type NewUser } from '../features/company/provision.js';
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
      { username: 'admin', password: PASSWORD, role: 'admin', email: `admin.${tag}@test.local`, name: 'Ada', surname: 'Admin' },
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
      return { deviceId, token: r.json.item.token as string, refreshToken: r.json.item.refreshToken as string, item: r.json.item };
    },
  };
}

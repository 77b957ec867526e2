import { apiKeyHint } from '@fs/contract';
import { and, eq } from 'drizzle-orm';
import type { Deps } from '../platform/deps.js';
import { hashApiKey, newApiKey } from '../platform/auth/api-key.js';
import { apiKeys } from '../platform/db/schema-api-keys.js';
import { utenti } from '../platform/db/schema.js';

/**
 * The demo company's API keys (issue 28, decision 0048), so the page of external integrations shows how keys look
 * in use: the ERP's key, reading customers, reports and contracts, created a month ago by the administrator and
 * used this morning; and an old one, revoked. Their secrets are made and thrown away: nobody can call with them.
 * A company that has keys is left as it is.
 */
export async function seedSampleApiKeys(deps: Deps, aziendaId: string): Promise<{ keys: number }> {
  const db = deps.db;
  const [any] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.aziendaId, aziendaId)).limit(1);
  if (any) return { keys: 0 };
  const [admin] = await db
    .select({ id: utenti.id })
    .from(utenti)
    .where(and(eq(utenti.aziendaId, aziendaId), eq(utenti.role, 'admin')))
    .orderBy(utenti.ordine)
    .limit(1);
  const now = deps.clock.now().getTime();
  const ago = (days: number, hours = 0) => new Date(now - days * 86_400_000 - hours * 3_600_000);
  const made = () => {
    const key = newApiKey();
    return { hash: hashApiKey(key), indizio: apiKeyHint(key) };
  };
  await db.insert(apiKeys).values([
    {
      aziendaId,
      nome: 'Gestionale ERP (sola lettura)',
      ...made(),
      scopes: [
        { key: 'anagrafica_clienti', action: 'read' },
        { key: 'contratti', action: 'read' },
        { key: 'gestione_interventi', action: 'read' },
      ],
      limiteMinuto: 600,
      ultimoUso: ago(0, 2),
      creataDa: admin?.id ?? null,
      creataIl: ago(30),
    },
    {
      aziendaId,
      nome: 'Script import clienti (dismesso)',
      ...made(),
      scopes: [{ key: 'anagrafica_clienti', action: 'write' }],
      limiteMinuto: 60,
      ultimoUso: ago(60),
      revocataIl: ago(45),
      revocataDa: admin?.id ?? null,
      creataDa: admin?.id ?? null,
      creataIl: ago(120),
    },
  ]);
  return { keys: 2 };
}

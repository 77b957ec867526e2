import {
  API_KEY_DEFAULT_PER_MINUTE,
  apiKeyHint,
  type ApiKeyGenerateRequest,
  type ApiKeyItem,
  type ApiKeyScope,
} from '@fs/contract';
import { hashApiKey, newApiKey } from '../../../platform/auth/api-key.js';
import { may, userIdOf } from '../../../platform/auth/principal.js';
import type { CompanyContext } from '../../../platform/context.js';
import { AppError, notFound } from '../../../platform/errors.js';
import * as repo from './repo.js';

/** API keys (issue 28, decision 0048): generate, list, roll, revoke. Admins only (the route table says so). */

function stateOf(r: { revocataIl: Date | null; scadenza: Date | null }, now: Date): ApiKeyItem['stato'] {
  if (r.revocataIl) return 'REVOCATA';
  if (r.scadenza && r.scadenza.getTime() <= now.getTime()) return 'SCADUTA';
  return 'ATTIVA';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(r: repo.KeyListRow, now: Date): ApiKeyItem {
  return {
    id: r.id,
    nome: r.nome,
    indizio: r.indizio,
    scopes: r.scopes,
    stato: stateOf(r, now),
    creataDa: r.creatorId
      ? { id: r.creatorId, name: r.creatorName, surname: r.creatorSurname, username: r.creatorUsername! }
      : null,
    creataIl: r.creataIl.toISOString(),
    scadenza: iso(r.scadenza),
    ultimoUso: iso(r.ultimoUso),
    revocataIl: iso(r.revocataIl),
    limiteMinuto: r.limiteMinuto,
    sostituitaDa: r.sostituitaDa,
  };
}

export async function list(ctx: CompanyContext): Promise<ApiKeyItem[]> {
  const now = ctx.clock.now();
  return (await repo.listKeys(ctx.db, ctx.company.id)).map((r) => present(r, now));
}

/** Each scope once, in a stable order; never more than the creator holds (403 naming the first one missing). */
function checkScopes(ctx: CompanyContext, scopes: ApiKeyScope[]): ApiKeyScope[] {
  const unique = [...new Map(scopes.map((s) => [`${s.key}:${s.action}`, s])).values()].sort((a, b) =>
    `${a.key}:${a.action}`.localeCompare(`${b.key}:${b.action}`),
  );
  const missing = unique.find((s) => !may(ctx.principal, { key: s.key, action: s.action }));
  if (missing) {
    throw new AppError(
      'FORBIDDEN',
      `Non si può dare a una chiave un permesso che non si ha: ${missing.key} ${missing.action}`,
    );
  }
  return unique;
}

async function make(
  ctx: CompanyContext,
  k: { nome: string; scopes: ApiKeyScope[]; limiteMinuto: number; scadenza: Date | null },
) {
  const key = newApiKey();
  const id = await repo.insertKey(ctx.db, {
    aziendaId: ctx.company.id,
    nome: k.nome,
    hash: hashApiKey(key),
    indizio: apiKeyHint(key),
    scopes: k.scopes,
    limiteMinuto: k.limiteMinuto,
    scadenza: k.scadenza,
    creataDa: userIdOf(ctx.principal),
  });
  return { id, key };
}

export async function generate(ctx: CompanyContext, body: ApiKeyGenerateRequest) {
  const now = ctx.clock.now();
  const scadenza = body.scadenza ? new Date(body.scadenza) : null;
  if (scadenza && scadenza.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION', 'La scadenza deve essere futura', [{ path: 'scadenza', message: 'nel passato' }]);
  }
  const scopes = checkScopes(ctx, body.scopes);
  const { id, key } = await make(ctx, {
    nome: body.nome,
    scopes,
    limiteMinuto: body.limiteMinuto ?? API_KEY_DEFAULT_PER_MINUTE,
    scadenza,
  });
  return { item: present((await repo.findKey(ctx.db, ctx.company.id, id))!, now), key };
}

/** A new key with the old one's name, scopes, limit and expiry; the old one works `days` more days (or less). */
export async function roll(ctx: CompanyContext, id: string, days: number) {
  const now = ctx.clock.now();
  const made = await ctx.transaction(async (tx) => {
    const old = await repo.lockKey(tx.db, tx.company.id, id);
    if (!old) throw notFound('Chiave API');
    const full = (await repo.fetchFull(tx.db, tx.company.id, id))!;
    if (stateOf(full, now) !== 'ATTIVA' || full.sostituitaDa) {
      throw new AppError('CONFLICT', 'Si rinnova solo una chiave attiva e non già sostituita');
    }
    const next = await make(tx, {
      nome: full.nome,
      scopes: full.scopes,
      limiteMinuto: full.limiteMinuto,
      scadenza: full.scadenza,
    });
    await repo.markRolled(tx.db, tx.company.id, id, next.id, new Date(now.getTime() + days * 86_400_000));
    return next;
  });
  return { item: present((await repo.findKey(ctx.db, ctx.company.id, made.id))!, now), key: made.key };
}

export async function remove(ctx: CompanyContext, id: string): Promise<ApiKeyItem> {
  const now = ctx.clock.now();
  if (!(await repo.findKey(ctx.db, ctx.company.id, id))) throw notFound('Chiave API');
  await repo.revoke(ctx.db, ctx.company.id, id, userIdOf(ctx.principal), now);
  return present((await repo.findKey(ctx.db, ctx.company.id, id))!, now);
}

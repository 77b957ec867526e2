import { LIMITS, STORAGE_SECTIONS, formatDecimal, type StorageUsage } from '@fs/contract';
import type { DbOrTx } from '../../../platform/db/client.js';
import type { CompanyContext } from '../../../platform/context.js';
import type { Deps } from '../../../platform/deps.js';
import { AppError } from '../../../platform/errors.js';
import { removeObjects } from '../../../platform/storage-removals.js';
import * as repo from './repo.js';
import { storedExportKeys } from '../../company/index.js';
import { purchasedSlots, storageAllowance } from '../../../platform/limits.js';

/** Daily recalculation of every company's used bytes (pg-boss cron, Europe/Rome). */
export const STORAGE_RECALC_QUEUE = 'storage-recalc';
export const STORAGE_RECALC_CRON = '30 3 * * *';
/** A stored object without a row younger than this may be an upload in progress: left alone. */
export const ORPHAN_GRACE_MS = 24 * 3600 * 1000;

/** 4 GB included plus 5 GB per purchased storage slot. */
export async function storageLimit(db: DbOrTx, aziendaId: string): Promise<number> {
  return storageAllowance(db, aziendaId);
}

const mb = (n: number) => `${formatDecimal(n / 1024 ** 2, 'it', 1)} MB`;

export function quotaError(free: number) {
  return new AppError(
    'STORAGE_QUOTA_EXCEEDED',
    `Spazio di archiviazione esaurito: restano ${mb(free)}. Elimina dei file o acquista 5 GB in più dall'abbonamento.`,
  );
}

/**
 * Inside a write transaction: locks the company's usage row (uploads of one company
 * check one at a time), then asks which files the new one replaces (read under the
 * lock, so two replacements of one file are ordered) and refuses `adding` bytes that
 * do not fit in the limit once those are freed. Answers the replaced files.
 */
export async function reserveSpace<T extends { size: number }>(
  tx: DbOrTx,
  aziendaId: string,
  adding: number,
  replaced: () => Promise<T[]>,
  limit?: number,
): Promise<T[]> {
  const max = limit ?? (await storageLimit(tx, aziendaId));
  const locked = await repo.lockUsage(tx, aziendaId);
  const old = await replaced();
  const freeing = old.reduce((s, m) => s + m.size, 0);
  if (locked.usedBytes - freeing + adding > max) throw quotaError(Math.max(max - locked.usedBytes + freeing, 0));
  return old;
}

/** GET /media/storage: used and free space, with the breakdown by section. */
export async function usage(ctx: CompanyContext): Promise<StorageUsage> {
  const [slots, row, bySection] = await Promise.all([
    purchasedSlots(ctx.db, ctx.company.id, 'storage'),
    repo.findUsage(ctx.db, ctx.company.id),
    repo.usageBySection(ctx.db, ctx.company.id),
  ]);
  const limit = LIMITS.storageIncludedBytes + slots * LIMITS.storageSlotBytes;
  const used = row?.usedBytes ?? 0;
  const sections = STORAGE_SECTIONS.map((section) => {
    const r = bySection.find((s) => s.section === section);
    return { section: section as string, files: r?.files ?? 0, bytes: Number(r?.bytes ?? 0) };
  });
  for (const r of bySection) {
    if (!(STORAGE_SECTIONS as readonly string[]).includes(r.section))
      sections.push({ section: r.section, files: r.files, bytes: Number(r.bytes) });
  }
  return {
    used_bytes: used,
    limit_bytes: limit,
    free_bytes: Math.max(limit - used, 0),
    included_bytes: LIMITS.storageIncludedBytes,
    slot_bytes: LIMITS.storageSlotBytes,
    slots,
    sections,
    recalculated_at: row?.recalculatedAt?.toISOString() ?? null,
  };
}

/**
 * Recalculates one company's used bytes from its media rows and its stored
 * objects: rows whose owner no longer exists are deleted first (issue 22: an
 * upload that raced its report's deletion, before owners were locked) and
 * their objects removed; a row counts the size of its object as stored
 * (nothing when the object is gone, which is logged); objects with no row
 * older than a day are leftovers of interrupted work and are removed. The new
 * figure is written under the usage row's lock, so uploads wait for it.
 */
export async function recalculate(deps: Deps, aziendaId: string, now = deps.clock.now()) {
  const stored = new Map<string, { size: number; modifiedAt: Date }>();
  for await (const o of deps.storage.list(aziendaId)) stored.set(o.key, { size: o.size, modifiedAt: o.modifiedAt });
  let orphansRemoved = 0;
  const result = await deps.db.transaction(async (tx) => {
    await repo.lockUsage(tx, aziendaId);
    const ownerless = await repo.deleteOwnerlessMedia(tx, aziendaId);
    const rows = await repo.mediaKeysAndSizes(tx, aziendaId);
    let used = 0;
    const missing: string[] = [];
    for (const r of rows) {
      // Not listed: written after the listing began, or lost.
      const size = stored.get(r.storageKey)?.size ?? (await deps.storage.size(r.storageKey));
      if (size === null) missing.push(r.id);
      else used += size;
      stored.delete(r.storageKey);
    }
    await repo.setUsage(tx, aziendaId, used);
    return { used, missing, ownerless };
  });
  if (result.missing.length) deps.log.warn({ aziendaId, media: result.missing }, 'media rows without a stored object');
  if (result.ownerless.length) {
    deps.log.warn({ aziendaId, files: result.ownerless.length }, 'media rows of deleted owners removed');
    for (const key of result.ownerless) stored.delete(key);
    await removeObjects(deps, result.ownerless);
  }
  const old = [...stored].filter(([, o]) => now.getTime() - o.modifiedAt.getTime() >= ORPHAN_GRACE_MS);
  if (old.length) {
    // Checked again: a row may have been written for one of them since.
    const keys = new Set([
      ...(await repo.mediaKeysAndSizes(deps.db, aziendaId)).map((r) => r.storageKey),
      // The data exports' files are kept until they expire (their own cleanup removes them).
      ...(await storedExportKeys(deps.db, aziendaId)),
    ]);
    for (const [key] of old) {
      if (keys.has(key)) continue;
      await deps.storage.remove(key);
      orphansRemoved++;
    }
  }
  return {
    usedBytes: result.used,
    missingObjects: result.missing.length,
    orphansRemoved,
    ownerlessRemoved: result.ownerless.length,
  };
}

/** The job: every company, one after the other. */
export async function recalculateAll(deps: Deps) {
  for (const id of await repo.allCompanyIds(deps.db)) {
    try {
      await recalculate(deps, id);
    } catch (err) {
      deps.log.error({ err, aziendaId: id }, 'storage recalculation failed');
    }
  }
}

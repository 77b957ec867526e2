import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@fs/contract';
import { aziende } from '../../../platform/db/schema.js';
import { clienti } from '../../../platform/db/schema-customers.js';
import { attivitaDate, contratti, contrattiAvvisi } from '../../../platform/db/schema-contracts.js';
import { fixedClock } from '../../../platform/clock.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { drainJobs } from '../../../test/jobs.js';
import { contractNoticeJob, contractsRenewalJob, runRenewal } from './index.js';
import { activityCompany } from './test-helpers.js';

let t: TestApp;
/** The job reads "today" from the clock, in each company's time zone: a fixed day makes every run alike. */
const clock = fixedClock('2026-11-23T10:00:00Z');
beforeAll(async () => {
  t = await startTestApp({ MAIL_RETRY_DELAY_SEC: '0' }, { clock });
});
afterAll(() => t?.close());

const today = todayIn('Europe/Rome', clock.now());
const plus = (d: string, n: number) => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const tag = () => Math.random().toString(36).slice(2, 8);

async function company() {
  const x = await activityCompany(t);
  const mail = `ufficio.${tag()}@example.test`;
  const clienteMail = `cliente.${tag()}@example.test`;
  await t.deps.db.update(aziende).set({ mailPrincipale: mail }).where(eq(aziende.id, x.aziendaId));
  await t.deps.db
    .update(clienti)
    .set({ email: clienteMail })
    .where(and(eq(clienti.aziendaId, x.aziendaId), eq(clienti.id, x.clienteId)));
  const contract = async (
    o: Partial<typeof contratti.$inferInsert>,
    frequenza: unknown = { tipo: 'fissa', ogni: 1, unita: 'mesi' },
  ) => {
    const c = await x.contract(o);
    const add = await x.post(x.admin, '/contratti/contratto/lista-attivita', {
      contrattoId: c.id,
      attivita: [x.activity({ frequenza })],
    });
    expect(add.status, JSON.stringify(add.json)).toBe(200);
    return c;
  };
  const row = async (id: string) =>
    (
      await t.deps.db
        .select()
        .from(contratti)
        .where(and(eq(contratti.aziendaId, x.aziendaId), eq(contratti.id, id)))
    )[0]!;
  const notices = (id: string) => t.deps.db.select().from(contrattiAvvisi).where(eq(contrattiAvvisi.contrattoId, id));
  const dates = async (id: string) =>
    (await t.deps.db.select({ data: attivitaDate.data }).from(attivitaDate).where(eq(attivitaDate.contrattoId, id)))
      .map((d) => d.data)
      .sort();
  return { ...x, mail, clienteMail, contract, row, notices, dates };
}

const mailsTo = (to: string) => t.smtp.mails.filter((m) => m.to.includes(to));

/** The notice once its mail job is done: the queue drained (it fails loudly past its timeout). */
async function settled(x: Awaited<ReturnType<typeof company>>, id: string) {
  await drainJobs(t, { queues: [contractNoticeJob.queue] });
  const [n] = await x.notices(id);
  expect(n?.stato).not.toBe('in_coda');
  return n!;
}

describe('the contracts-renewal job', () => {
  it('is an hourly cron in the operations jobs (each company judged from 05:30 of its own day)', () => {
    expect(contractsRenewalJob.queue).toBe('contracts-renewal');
    expect(contractsRenewalJob.cron?.expression).toBe('30 * * * *');
  });

  it('sends the expiry notice once (run twice): one row, one mail to company, notice address and customer', async () => {
    const x = await company();
    const extra = `avvisi.${tag()}@example.test`;
    const end = plus(today, 10);
    const c = await x.contract({
      dataInizio: plus(today, -200),
      dataFine: end,
      giorniPreavvisoRinnovo: 30,
      avvisoCliente: true,
      emailAvviso: extra,
    });
    await runRenewal(t.deps);
    await runRenewal(t.deps);
    const mail = await t.smtp.waitFor(x.mail);
    expect(mail.to.sort()).toEqual([x.mail, extra, x.clienteMail].sort());
    expect(mail.text).toContain(`Il contratto ${c.identificativo}`);
    expect(mail.text).toContain('Idraulica Verdi S.n.c.');
    expect(mail.text).toContain(`${end.slice(8, 10)}/${end.slice(5, 7)}/${end.slice(0, 4)}`);
    expect(mail.text).toContain('Non si rinnova automaticamente');
    const n = await settled(x, c.id);
    expect(n).toMatchObject({ stato: 'inviata', dataFine: end, errore: null });
    expect(await x.notices(c.id)).toHaveLength(1);
    expect((await x.row(c.id)).mailAvvisoScadenzaSent).toBe(true);
    await runRenewal(t.deps);
    await drainJobs(t);
    expect(mailsTo(x.mail)).toHaveLength(1);
    // Outside the window (or without notice days): no notice.
    const far = await x.contract({ dataFine: plus(today, 60), giorniPreavvisoRinnovo: 30 });
    const none = await x.contract({ dataFine: plus(today, 5), giorniPreavvisoRinnovo: null });
    await runRenewal(t.deps);
    expect(await x.notices(far.id)).toEqual([]);
    expect(await x.notices(none.id)).toEqual([]);
  });

  it("renews once per period with the new period's dates, several periods until today, idempotent", async () => {
    const x = await company();
    const oldEnd = plus(today, -1);
    const c = await x.contract({
      dataInizio: plus(today, -366),
      dataFine: oldEnd,
      rinnovoAutomatico: true,
      mesiRinnovo: 12,
      giorniPreavvisoRinnovo: 30,
    });
    const before = await x.dates(c.id);
    const behind = await x.contract(
      {
        dataInizio: plus(today, -1200),
        dataFine: plus(today, -1100),
        rinnovoAutomatico: true,
        mesiRinnovo: 12,
      },
      { tipo: 'fissa', ogni: 1, unita: 'settimane' },
    );
    await runRenewal(t.deps);
    await runRenewal(t.deps);
    const r = await x.row(c.id);
    expect(r.rinnovi).toBe(1);
    expect(r.dataFine! > today).toBe(true);
    expect(r.mailAvvisoScadenzaSent).toBe(false);
    const after = await x.dates(c.id);
    const added = after.filter((d) => d > oldEnd);
    expect(added.length).toBe(12);
    expect(after.filter((d) => d <= oldEnd)).toEqual(before);
    // Monthly from the first date: the series goes on (same day of the month, clamped).
    expect(added.every((d) => d.slice(8) === before[0]!.slice(8) || Number(d.slice(8)) >= 28)).toBe(true);
    const b = await x.row(behind.id);
    expect(b.rinnovi).toBe(4);
    expect(b.dataFine! >= today).toBe(true);
    expect(plus(b.dataFine!, -370) < today).toBe(true);
    const weekly = await x.dates(behind.id);
    expect(new Set(weekly).size).toBe(weekly.length);
    expect(weekly.at(-1)! > plus(b.dataFine!, -7)).toBe(true);
  });

  it('after a run stopped mid-way, a rerun sends the notice once and renews once', async () => {
    const x = await company();
    const notice = await x.contract({ dataFine: plus(today, 3), giorniPreavvisoRinnovo: 7 });
    const renew = await x.contract({
      dataInizio: plus(today, -400),
      dataFine: plus(today, -2),
      rinnovoAutomatico: true,
      mesiRinnovo: 6,
    });
    // Killed right after the notice's transaction, before its mail was queued.
    await expect(
      runRenewal(t.deps, {
        afterStep: (step, id) => {
          if (step === 'notice' && id === notice.id) throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    expect(await x.notices(notice.id)).toMatchObject([{ stato: 'in_coda' }]);
    await drainJobs(t);
    expect(mailsTo(x.mail)).toHaveLength(0);
    // Killed right after the first renewal's transaction.
    await runRenewal(t.deps, {
      afterStep: (step, id) => {
        if (step === 'renewal' && id === renew.id) throw new Error('killed');
      },
    }).catch(() => undefined);
    expect((await x.row(renew.id)).rinnovi).toBe(1);
    await runRenewal(t.deps);
    await runRenewal(t.deps);
    expect((await settled(x, notice.id)).stato).toBe('inviata');
    await drainJobs(t);
    expect(mailsTo(x.mail)).toHaveLength(1);
    expect(await x.notices(notice.id)).toHaveLength(1);
    const r = await x.row(renew.id);
    expect(r.rinnovi).toBe(1);
    expect(r.dataFine! > today).toBe(true);
  });

  it('writes the notice in English for an English company, with the automatic renewal', async () => {
    const x = await company();
    await t.deps.db.update(aziende).set({ linguaDefault: 'EN' }).where(eq(aziende.id, x.aziendaId));
    const c = await x.contract({
      dataFine: plus(today, 1),
      giorniPreavvisoRinnovo: 15,
      rinnovoAutomatico: true,
      mesiRinnovo: 12,
    });
    await runRenewal(t.deps);
    const mail = await t.smtp.waitFor(x.mail);
    expect(mail.text).toContain(`Contract ${c.identificativo}`);
    expect(mail.text).toContain('It renews automatically for 12 months.');
  });

  it('judges each company from 05:30 of its own day: Tokyo first, then Rome, then New York, none a day late', async () => {
    const before = clock.now();
    try {
      const ending = { dataInizio: '2025-11-24', dataFine: '2026-11-23', rinnovoAutomatico: true, mesiRinnovo: 12 };
      const zoned = async (zone: string) => {
        const x = await company();
        await t.deps.db.update(aziende).set({ timezone: zone }).where(eq(aziende.id, x.aziendaId));
        const c = await x.contract(ending);
        return async () => (await x.row(c.id)).rinnovi;
      };
      const rome = await zoned('Europe/Rome');
      const tokyo = await zoned('Asia/Tokyo');
      const newYork = await zoned('America/New_York');
      const at = async (instant: string) => {
        clock.set(instant);
        await runRenewal(t.deps);
        return [await tokyo(), await rome(), await newYork()];
      };
      // 05:00 on the 24th in Tokyo: its day (for renewals) has not started yet.
      expect(await at('2026-11-23T20:00:00Z')).toEqual([0, 0, 0]);
      // 05:30 in Tokyo: the 24th, past its end; 21:30 on the 23rd in Rome, its last day.
      expect(await at('2026-11-23T20:30:00Z')).toEqual([1, 0, 0]);
      // 05:30 on the 24th in Rome; 23:30 on the 23rd in New York.
      expect(await at('2026-11-24T04:30:00Z')).toEqual([1, 1, 0]);
      // 05:30 on the 24th in New York: renewed in its morning, not a day late.
      expect(await at('2026-11-24T10:30:00Z')).toEqual([1, 1, 1]);
    } finally {
      clock.set(before);
    }
  });
});

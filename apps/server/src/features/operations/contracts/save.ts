import type { Contract, ContractInputParsed } from '@fs/contract';
import { todayOf, type CompanyContext } from '../../../platform/context.js';
import { userIdOf } from '../../../platform/auth/principal.js';
import type { Tx } from '../../../platform/db/client.js';
import { uniqueViolation } from '../../../platform/db/pg-errors.js';
import { AppError, notFound, type FieldProblem } from '../../../platform/errors.js';
import { optionValues } from '../../company/index.js';
import * as detailRepo from './detail-repo.js';
import { dayAfter } from './presenter.js';
import * as repo from './repo.js';
import { getContract } from './service.js';
import { CONTRACT_MESSAGES, ownFieldProblems, wholeMonths } from './validation.js';
import * as writes from './write-repo.js';
import { saveActivities } from '../activities/index.js';

const invalid = (problems: FieldProblem[]) => new AppError('VALIDATION', problems[0]!.message, problems);
const uniq = (ids: string[]) => [...new Set(ids)];

/** The customer's plants, machines on them and the company's job roles, else field problems. */
async function linkProblems(tx: Tx, aziendaId: string, input: ContractInputParsed): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  const [plants, machines, jobs] = await Promise.all([
    detailRepo.plantsOf(tx, aziendaId, uniq(input.impianti)),
    detailRepo.machinesOf(tx, aziendaId, uniq(input.macchinari)),
    detailRepo.jobRolesOf(tx, aziendaId, uniq(input.mansioni)),
  ]);
  input.impianti.forEach((id, i) => {
    if (!plants.some((p) => p.id === id && p.clienteId === input.cliente_id))
      problems.push({ path: `impianti.${i}`, message: CONTRACT_MESSAGES.impianto });
  });
  // A machine is the customer's and, when the contract names plants, on one of them.
  input.macchinari.forEach((id, i) => {
    const m = machines.find((x) => x.id === id);
    const onPlants = !input.impianti.length || input.impianti.includes(m?.impiantoId ?? '');
    if (!m || m.clienteId !== input.cliente_id || !onPlants)
      problems.push({ path: `macchinari.${i}`, message: CONTRACT_MESSAGES.macchinario });
  });
  input.mansioni.forEach((id, i) => {
    if (!jobs.includes(id)) problems.push({ path: `mansioni.${i}`, message: CONTRACT_MESSAGES.mansione });
  });
  return problems;
}

/**
 * POST /contratti/contratto/create: a new contract (no id) or an update (id), in one transaction with
 * its links (and, on create, its activities with their dates). Unknown customer or contract: 404.
 */
export async function saveContract(ctx: CompanyContext, input: ContractInputParsed): Promise<Contract> {
  const aziendaId = ctx.company.id;
  const [preavviso] = await optionValues(ctx.deps, aziendaId, [['contratti_preavviso_scadenza', 'giorni']]);
  let id: string;
  try {
    id = await ctx.transaction(async (unit) => {
      const tx = unit.db as Tx;
      const old = input.id ? await detailRepo.contractRow(tx, aziendaId, input.id) : undefined;
      if (input.id && !old) throw notFound('Contratto');
      if (!(await repo.customerExists(tx, aziendaId, input.cliente_id))) throw notFound('Cliente');
      const problems = [...ownFieldProblems(input, old), ...(await linkProblems(tx, aziendaId, input))];
      if (old && old.clienteId !== input.cliente_id && (await detailRepo.reportsOnContract(tx, aziendaId, old.id)))
        problems.push({ path: 'cliente_id', message: CONTRACT_MESSAGES.clienteConRapportini });
      if (problems.length) throw invalid(problems);
      const mesiRinnovo = input.rinnovo_automatico
        ? (input.mesi_rinnovo ?? wholeMonths(input.data_inizio, input.data_fine))
        : (input.mesi_rinnovo ?? null);
      const values: writes.ContractValues = {
        clienteId: input.cliente_id,
        identificativo: input.identificativo,
        descrizione: input.descrizione ?? null,
        tipo: input.tipo,
        dataInizio: input.data_inizio,
        dataFine: input.data_fine,
        oreContratto: input.tipo === 'chiamata' ? (input.ore_contratto ?? null) : null,
        rinnovoAutomatico: input.rinnovo_automatico,
        mesiRinnovo,
        giorniPreavvisoRinnovo: input.giorni_preavviso_rinnovo ?? (Number(preavviso) || 0),
        avvisoCliente: input.avviso_cliente,
        emailAvviso: input.email_avviso ?? null,
        regole: input.regole ?? null,
        abilitaPrezziContratto: input.abilitaPrezziContratto,
        prezzi: input.prezzi ?? null,
        dataRinnovo: input.rinnovo_automatico ? dayAfter(input.data_fine) : null,
        // A new end date means a new expiry notice.
        mailAvvisoScadenzaSent: old && old.dataFine === input.data_fine ? old.mailAvvisoScadenzaSent : false,
      };
      const links = {
        impianti: uniq(input.impianti),
        macchinari: uniq(input.macchinari),
        mansioni: uniq(input.mansioni),
      };
      if (old) {
        await writes.updateContract(tx, aziendaId, old.id, values);
        await writes.replaceLinks(tx, aziendaId, old.id, links);
        return old.id;
      }
      const created = await writes.insertContract(tx, aziendaId, userIdOf(ctx.principal), values);
      await writes.replaceLinks(tx, aziendaId, created.id, links);
      await unit.emit({
        type: 'contract.created',
        aggregateId: created.id,
        payload: {
          id: created.id,
          identificativo: input.identificativo,
          cliente_id: input.cliente_id,
          tipo: input.tipo,
          data_inizio: input.data_inizio ?? null,
          data_fine: input.data_fine ?? null,
        },
      });
      // The wizard's activities and their dates, in the same transaction: a refused one undoes the contract.
      await saveActivities(
        tx,
        aziendaId,
        {
          id: created.id,
          clienteId: input.cliente_id,
          rinnovoAutomatico: input.rinnovo_automatico,
          dataInizio: input.data_inizio,
          dataFine: input.data_fine,
          mesiRinnovo,
        },
        input.attivita ?? [],
        { today: todayOf(ctx) },
      );
      return created.id;
    });
  } catch (e) {
    if (uniqueViolation(e) === 'contratti_identificativo_uq') {
      const fields = [{ path: 'identificativo', message: CONTRACT_MESSAGES.identificativoUsato }];
      throw new AppError('DUPLICATE_CODE', CONTRACT_MESSAGES.identificativoUsato, fields);
    }
    throw e;
  }
  return getContract(ctx, id);
}

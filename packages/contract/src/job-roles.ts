import { z } from 'zod';
import { optionalText, REQUIRED_MESSAGE } from './fields.js';
import { userRefSchema } from './users.js';

/**
 * Job roles (mansioni) and their checks (controlli), spec operations sections
 * 3, 7, 8: /mansioni/... and /controlli/... under the page key mansioni.
 * Deleting answers 403 with the first applicable code: 0032 (a user holds the
 * job role), 0033 (in a report), 0034 (in a contract), 0035 (a check used in an
 * activity).
 */

/** Kinds of check, the same as the custom fields of an intervention (tipo_campo). */
export const CHECKLIST_ITEM_TYPES = ['boolean', 'number', 'text', 'textarea', 'select', 'date', 'time'] as const;
export type ChecklistItemType = (typeof CHECKLIST_ITEM_TYPES)[number];

/** Job roles are cached 30 minutes in the web (spec operations section 9). */
export const JOBS_CACHE_MS = 30 * 60_000;

export const JOB_ROLE_MAX = { nome: 100, descrizione: 500, nome_campo: 100, valore: 100, valori: 50 } as const;

export const checklistItemSchema = z.object({
  id: z.string(),
  mansioneId: z.string(),
  nome_campo: z.string(),
  descrizione: z.string().nullable(),
  tipo_campo: z.enum(CHECKLIST_ITEM_TYPES),
  obbligatorio: z.boolean(),
  /** Choices of a `select` check; empty otherwise. */
  valori: z.array(z.string()),
  ordine: z.number().int(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const jobRoleSchema = z.object({
  id: z.string(),
  nome: z.string(),
  descrizione: z.string().nullable(),
  controlli: z.array(checklistItemSchema),
  /** Users who hold the job role (set from the technician form, POST /users/user `mansioni`). */
  utenti: z.array(userRefSchema),
});
export type JobRole = z.infer<typeof jobRoleSchema>;

const text = optionalText;

/** POST /mansioni/mansione/create: creates (no id) or updates (id) name and description. */
export const jobRoleSaveRequest = z
  .object({
    id: z.uuid().optional(),
    nome: z.string().trim().min(1, REQUIRED_MESSAGE).max(JOB_ROLE_MAX.nome),
    descrizione: text(JOB_ROLE_MAX.descrizione),
  })
  .strip();
export type JobRoleSave = z.input<typeof jobRoleSaveRequest>;

/** POST /controlli/controllo: creates (no id) or updates (id) a check of a job role. */
export const checklistItemSaveRequest = z
  .object({
    id: z.uuid().optional(),
    mansioneId: z.uuid(),
    nome_campo: z.string().trim().min(1, REQUIRED_MESSAGE).max(JOB_ROLE_MAX.nome_campo),
    descrizione: text(JOB_ROLE_MAX.descrizione),
    tipo_campo: z.enum(CHECKLIST_ITEM_TYPES).default('boolean'),
    obbligatorio: z.boolean().default(false),
    valori: z.array(z.string().trim().min(1).max(JOB_ROLE_MAX.valore)).max(JOB_ROLE_MAX.valori).default([]),
    /** Position in the checklist; omitted means last (new) or unchanged (update). */
    ordine: z.number().int().min(0).max(10_000).optional(),
  })
  .strip()
  .superRefine((v, ctx) => {
    if (v.tipo_campo === 'select' && v.valori.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['valori'], message: 'Una scelta richiede almeno un valore' });
    }
    if (new Set(v.valori.map((x) => x.toLowerCase())).size !== v.valori.length) {
      ctx.addIssue({ code: 'custom', path: ['valori'], message: 'Valori ripetuti' });
    }
  });
export type ChecklistItemSave = z.input<typeof checklistItemSaveRequest>;

/** The alert codes a delete may answer, in the order they are checked. */
export const JOB_ROLE_IN_USE_CODES = ['0032', '0033', '0034', '0035'] as const;
export const CHECKLIST_ITEM_IN_USE_CODES = ['0035'] as const;

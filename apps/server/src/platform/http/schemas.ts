import { z } from 'zod';
import { ALERT_CODES } from '@fs/contract';

/** Routes without a query string still declare one, so unknown parameters answer 400. */
export const noQuery = z.object({}).strict();
export const noBody = z.object({}).strict().optional();

export const uuidParam = z.object({ id: z.uuid() }).strict();

export const okResponse = z.object({ success: z.literal(true) });
export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ success: z.literal(true), item });

export const errorResponse = z
  .object({
    success: z.literal(false),
    code: z.enum(Object.keys(ALERT_CODES) as [keyof typeof ALERT_CODES, ...(keyof typeof ALERT_CODES)[]]),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .describe('Error: an alert code of the catalogue and a message');

/** The error answers a route may give, for the OpenAPI document. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorResponse])) as Record<number, typeof errorResponse>;

export const bearerAuth = [{ bearerAuth: [] }];

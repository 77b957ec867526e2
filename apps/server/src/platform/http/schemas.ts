import { errorResponse } from '@fs/contract';

/** The wire shapes shared by routes live with the route table (packages/contract/src/routes/define.ts). */
export { errorResponse, itemResponse, noBody, noQuery, okResponse, uuidParam } from '@fs/contract';

/** The error answers a route may give, for the OpenAPI document. */
export const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, errorResponse])) as Record<number, typeof errorResponse>;

export const bearerAuth = [{ bearerAuth: [] }];
/** A route that accepts an API key as well as a session (decision 0048): either scheme. */
export const bearerOrKeyAuth: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiKeyAuth: [] }];

import { z } from 'zod';
import { menuItemSchema, countrySchema, languageSchema } from '../../schemas.js';
import { defineRoute, USER_ONLY } from '../define.js';

// The route table's `reference` entries (implemented in apps/server/src/features/shell/reference/routes.ts).

export const activePages = defineRoute({
  id: 'reference.activePages',
  method: 'GET',
  path: '/api/navigazione/pagine-attive',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['reference'],
  summary: 'Menu items the caller may read',
  answer: z.object({ success: z.literal(true), pagine: z.array(menuItemSchema) }),
  answerKind: 'json',
  errors: [401],
});

export const countries = defineRoute({
  id: 'reference.countries',
  method: 'GET',
  path: '/api/nazioni/nazioni',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['reference'],
  summary: "Countries, named in the signed-in user's language",
  answer: z.object({ success: z.literal(true), nazioni: z.array(countrySchema) }),
  answerKind: 'json',
  errors: [401],
});

export const languages = defineRoute({
  id: 'reference.languages',
  method: 'GET',
  path: '/api/lingue/lingue',
  auth: 'session',
  principals: USER_ONLY,
  tags: ['reference'],
  summary: 'Interface languages',
  answer: z.object({ success: z.literal(true), items: z.array(languageSchema) }),
  answerKind: 'json',
  errors: [401],
});

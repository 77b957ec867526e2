import { z } from 'zod';
import { defineRoute, NOBODY } from './define.js';

/** The system routes (server: apps/server/src/app.ts). */
export const health = defineRoute({
  id: 'system.health',
  method: 'GET',
  path: '/api/health',
  auth: 'public',
  principals: NOBODY,
  tags: ['system'],
  summary: 'Liveness and database kind',
  answer: z.object({
    success: z.literal(true),
    status: z.literal('ok'),
    database: z.enum(['pglite', 'postgres']),
  }),
  answerKind: 'json',
  errors: [],
});

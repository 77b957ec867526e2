import { publicConfigSchema } from '../../sso.js';
import { itemResponse, defineRoute, NOBODY } from '../define.js';

// The route table's `publicConfig` entries (implemented in apps/server/src/features/shell/public-config/routes.ts).

export const publicConfig = defineRoute({
  id: 'publicConfig.publicConfig',
  method: 'GET',
  path: '/api/config/public',
  auth: 'public',
  principals: NOBODY,
  tags: ['system'],
  summary: 'Runtime settings the web needs before sign-in',
  description: 'Whether single sign-on is configured, and the live-chat widget script address (null when none).',
  answer: itemResponse(publicConfigSchema),
  answerKind: 'json',
  errors: [],
});

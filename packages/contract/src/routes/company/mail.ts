import { okResponse, defineRoute, USER_ONLY } from '../define.js';

// The route table's `mail` entries: the company's own mail server (apps/server/src/features/company/mail).

export const testSmtp = defineRoute({
  id: 'mail.testSmtp',
  method: 'GET',
  path: '/api/mail/test-smtp',
  auth: 'session',
  principals: USER_ONLY,
  permission: { key: 'opzioni', action: 'write' },
  tags: ['options'],
  summary: "Connects to the company's saved SMTP server (greeting, TLS, sign-in) and hangs up",
  description: "On failure 502 SMTP_FAILED with the server's error text as message.",
  answer: okResponse,
  answerKind: 'json',
  errors: [401, 403, 502],
});

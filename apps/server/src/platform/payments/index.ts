import type { Db } from '../db/client.js';
import type { PaymentGateway } from './gateway.js';
import { SandboxGateway } from './sandbox.js';

export type { PaymentGateway, CardDetails, ChargeRequest, ChargeResult } from './gateway.js';
export { SandboxGateway, SANDBOX_CARDS, SANDBOX_PAGE } from './sandbox.js';

/** The gateway named by PAYMENT_GATEWAY. A real provider adds its case here. */
export function createPaymentGateway(kind: 'sandbox', db: Db): PaymentGateway {
  switch (kind) {
    case 'sandbox':
      return new SandboxGateway(db);
  }
}

/**
 * The payment-gateway adapter: everything the product asks of a card and bank-transfer
 * provider. Services depend on this interface only (deps.payments); the implementation is
 * chosen by PAYMENT_GATEWAY. The sandbox is the only one shipped; a real provider implements
 * the same four calls (see docs/features/billing.md, subscription).
 */
import type { BankTransferInstructions, CardBrand, CardInput } from '@fs/contract';

export interface CardDetails {
  last4: string;
  brand: CardBrand;
  exp_month: number;
  exp_year: number;
}

export interface ChargeRequest {
  aziendaId: string;
  /** Cents, VAT excluded as quoted. */
  amountCents: number;
  currency: 'EUR';
  description: string;
  card: CardInput;
  /**
   * Where the 3-D Secure page sends the user back (a path of our web app); the gateway
   * appends `challenge=<id>`.
   */
  returnUrl: string;
}

export type ChargeResult =
  | { status: 'succeeded'; reference: string; card: CardDetails }
  | { status: 'requires_action'; challengeId: string; url: string; card: CardDetails };

export interface PaymentGateway {
  readonly name: string;
  /**
   * Checks a card without moving money: number (Luhn), type, security code length, expiry,
   * issuer answer. Throws AppError 0012 (invalid), 0026 (expired) or CARD_DECLINED.
   */
  authorize(card: CardInput): Promise<CardDetails>;
  /** Charges a card; may ask for a 3-D Secure challenge first. Throws as `authorize`. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /**
   * Outcome of a challenge started by `charge`, for that company only: the payment reference
   * when passed; CARD_3DS_FAILED when failed or expired; CONFLICT while still pending;
   * NOT_FOUND for an unknown id or another company's.
   */
  completeChallenge(aziendaId: string, challengeId: string): Promise<{ reference: string; card: CardDetails }>;
  /** Where and how to pay by bank transfer. */
  bankTransferInstructions(req: { amountCents: number; reference: string; dueDate: string }): BankTransferInstructions;
}

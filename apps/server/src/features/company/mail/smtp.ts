import { AppError } from '../../../platform/errors.js';
import type { MailMessage } from '../../../platform/mail.js';

export interface CompanySmtp {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'ssl';
  user: string;
  password: string;
}

/** Answers within this time even when the server never speaks. */
export const SMTP_TEST_TIMEOUT_MS = 6_000;

/** A transport to the company's SMTP server with its security and credentials; a silent server fails after `timeoutMs`. */
async function transportOf(s: CompanySmtp, timeoutMs: number) {
  // nodemailer is loaded with the first use, not at start.
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.security === 'ssl',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    auth: s.user ? { user: s.user, pass: s.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
}

/**
 * Connects to the company's SMTP server, greets, upgrades to TLS and signs in
 * as configured, then hangs up (nodemailer verify). A failure answers
 * SMTP_FAILED with the server's own error text.
 */
export async function verifySmtp(s: CompanySmtp): Promise<void> {
  const transport = await transportOf(s, SMTP_TEST_TIMEOUT_MS);
  try {
    await transport.verify();
  } catch (e) {
    const err = e as Error & { response?: string; code?: string };
    throw new AppError('SMTP_FAILED', (err.message || err.response || String(e)).slice(0, 500) || 'SMTP error');
  } finally {
    transport.close();
  }
}

/**
 * A sending timeout: a silent server fails the attempt (and the job retries) instead of hanging, well
 * within the mail jobs' expiry (JOB_EXPIRE_SEC, 30 s; platform/job-registry.ts, `short`).
 */
const SEND_TIMEOUT_MS = 8_000;

/** Sends one mail through the company's own SMTP server, from its sender address. */
export async function sendWithSmtp(s: CompanySmtp & { sender: string }, message: MailMessage): Promise<void> {
  const transport = await transportOf(s, SEND_TIMEOUT_MS);
  try {
    await transport.sendMail({ from: s.sender, ...message });
  } finally {
    transport.close();
  }
}

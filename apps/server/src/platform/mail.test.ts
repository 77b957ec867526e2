import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createMailer } from './mail.js';
import { startSmtp } from '../test/smtp.js';

function captureLog() {
  const lines: string[] = [];
  const log = { info: (_o: unknown, msg: string) => lines.push(msg) } as any;
  return { log, lines };
}

describe('mailer', () => {
  it('without SMTP settings writes the mail, link included, to the log', async () => {
    const { log, lines } = captureLog();
    const mailer = createMailer(loadConfig({}), log);
    await mailer.send({
      to: 'a@b.test',
      subject: 'Reimposta la password',
      text: 'link: http://x/access/reset-password?token=abc',
    });
    expect(lines.join('\n')).toContain('http://x/access/reset-password?token=abc');
    await expect(mailer.verify()).rejects.toThrow(/SMTP/);
  });

  it('with SMTP settings delivers over the protocol', async () => {
    const smtp = await startSmtp();
    try {
      const config = loadConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_IGNORE_TLS: 'true' });
      const mailer = createMailer(config, captureLog().log);
      await mailer.verify();
      await mailer.send({ to: 'c@d.test', subject: 'Prova', text: 'Ciao' });
      const mail = await smtp.waitFor('c@d.test');
      expect(mail.raw).toContain('Subject: Prova');
    } finally {
      await smtp.close();
    }
  });
});

import type { MailMessage } from '../../../platform/mail.js';

type Texts = { subject: string; hello: (n: string) => string; body: (until: string) => string };

const TEXTS: Record<string, Texts> = {
  IT: {
    subject: 'La tua esportazione dei dati è pronta',
    hello: (n) => `Ciao ${n},`,
    body: (u) => `l'esportazione dei dati che hai chiesto è pronta. Si scarica da questa pagina fino al ${u}:`,
  },
  EN: {
    subject: 'Your data export is ready',
    hello: (n) => `Hello ${n},`,
    body: (u) => `the data export you asked for is ready. Download it from this page until ${u}:`,
  },
  ES: {
    subject: 'Tu exportación de datos está lista',
    hello: (n) => `Hola ${n}:`,
    body: (u) =>
      `la exportación de datos que solicitaste está lista. Puedes descargarla desde esta página hasta el ${u}:`,
  },
  FR: {
    subject: 'Votre export de données est prêt',
    hello: (n) => `Bonjour ${n},`,
    body: (u) => `l'export de données que vous avez demandé est prêt. Téléchargez-le depuis cette page jusqu'au ${u} :`,
  },
  DE: {
    subject: 'Ihr Datenexport ist fertig',
    hello: (n) => `Hallo ${n},`,
    body: (u) => `der angeforderte Datenexport ist fertig. Sie können ihn bis zum ${u} auf dieser Seite herunterladen:`,
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail telling the requester the export is ready: the page's link (the file needs a signed-in session). */
export function readyMail(v: { to: string; name: string; lingua: string; link: string; until: string }): MailMessage {
  const t = TEXTS[v.lingua] ?? TEXTS.IT!;
  const lines = [t.hello(v.name), '', t.body(v.until), v.link];
  return {
    to: v.to,
    subject: t.subject,
    text: lines.join('\n'),
    html:
      `<p>${escape(t.hello(v.name))}</p><p>${escape(t.body(v.until))}</p>` +
      `<p><a href="${escape(v.link)}">${escape(v.link)}</a></p>`,
  };
}

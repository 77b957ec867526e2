import type { MailMessage } from '../../../platform/mail.js';

/** The mail with the signing link, in the company's default language (option lingua_default). */
type Texts = {
  subject: (numero: string, azienda: string) => string;
  body: (azienda: string, numero: string, giorni: number) => string;
  ignore: string;
};

const TEXTS: Record<string, Texts> = {
  IT: {
    subject: (n, a) => `Firma del rapportino ${n} di ${a}`,
    body: (a, n, g) =>
      `Gentile cliente, ${a} le chiede di controllare e firmare il rapportino d'intervento ${n}. ` +
      `Il link vale ${g} giorni e si può usare una sola volta:`,
    ignore: 'Se non aspettava questa email, la ignori.',
  },
  EN: {
    subject: (n, a) => `Please sign work report ${n} from ${a}`,
    body: (a, n, g) =>
      `Dear customer, ${a} asks you to review and sign work report ${n}. ` +
      `The link is valid for ${g} days and works once:`,
    ignore: 'If you were not expecting this email, please ignore it.',
  },
  ES: {
    subject: (n, a) => `Firma del parte de trabajo ${n} de ${a}`,
    body: (a, n, g) =>
      `Estimado cliente: ${a} le pide que revise y firme el parte de trabajo ${n}. ` +
      `El enlace es válido durante ${g} días y solo se puede usar una vez:`,
    ignore: 'Si no esperaba este correo, ignórelo.',
  },
  FR: {
    subject: (n, a) => `Signature du rapport d'intervention ${n} de ${a}`,
    body: (a, n, g) =>
      `Cher client, ${a} vous demande de vérifier et de signer le rapport d'intervention ${n}. ` +
      `Le lien est valable ${g} jours et ne peut servir qu'une fois :`,
    ignore: "Si vous n'attendiez pas cet e-mail, ignorez-le.",
  },
  DE: {
    subject: (n, a) => `Arbeitsbericht ${n} von ${a} unterschreiben`,
    body: (a, n, g) =>
      `Sehr geehrte Kundin, sehr geehrter Kunde, ${a} bittet Sie, den Arbeitsbericht ${n} zu prüfen und zu unterschreiben. ` +
      `Der Link ist ${g} Tage gültig und nur einmal verwendbar:`,
    ignore: 'Wenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie.',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function signatureMail(v: {
  to: string | string[];
  lingua: string;
  azienda: string;
  numero: string;
  link: string;
  giorni: number;
}): MailMessage {
  const t = TEXTS[v.lingua] ?? TEXTS.IT!;
  const body = t.body(v.azienda, v.numero, v.giorni);
  return {
    to: v.to,
    subject: t.subject(v.numero, v.azienda),
    text: [body, v.link, '', t.ignore].join('\n'),
    html:
      `<p>${escape(body)}</p><p><a href="${escape(v.link)}">${escape(v.link)}</a></p>` + `<p>${escape(t.ignore)}</p>`,
  };
}

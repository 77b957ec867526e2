import type { MailMessage } from '../../../platform/mail.js';

type Texts = { subject: string; hello: (n: string) => string; body: (min: number) => string; ignore: string };

const TEXTS: Record<string, Texts> = {
  IT: {
    subject: 'Reimposta la password',
    hello: (n) => `Ciao ${n},`,
    body: (m) =>
      `abbiamo ricevuto una richiesta di reimpostare la tua password. Il link vale ${m} minuti e si può usare una sola volta:`,
    ignore: 'Se non hai chiesto tu la reimpostazione, ignora questa email: la password resta quella di prima.',
  },
  EN: {
    subject: 'Reset your password',
    hello: (n) => `Hello ${n},`,
    body: (m) => `we received a request to reset your password. The link is valid for ${m} minutes and works once:`,
    ignore: 'If you did not ask for this, ignore this email: your password stays as it was.',
  },
  ES: {
    subject: 'Restablece tu contraseña',
    hello: (n) => `Hola ${n}:`,
    body: (m) =>
      `hemos recibido una solicitud para restablecer tu contraseña. El enlace es válido durante ${m} minutos y solo se puede usar una vez:`,
    ignore: 'Si no lo has solicitado tú, ignora este correo: tu contraseña no cambia.',
  },
  FR: {
    subject: 'Réinitialisez votre mot de passe',
    hello: (n) => `Bonjour ${n},`,
    body: (m) =>
      `nous avons reçu une demande de réinitialisation de votre mot de passe. Le lien est valable ${m} minutes et ne peut servir qu'une fois :`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  DE: {
    subject: 'Passwort zurücksetzen',
    hello: (n) => `Hallo ${n},`,
    body: (m) =>
      `wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Der Link ist ${m} Minuten gültig und nur einmal verwendbar:`,
    ignore: 'Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetMail(v: { to: string; name: string; lingua: string; link: string; minutes: number }): MailMessage {
  const t = TEXTS[v.lingua] ?? TEXTS.IT!;
  const lines = [t.hello(v.name), '', t.body(v.minutes), v.link, '', t.ignore];
  return {
    to: v.to,
    subject: t.subject,
    text: lines.join('\n'),
    html:
      `<p>${escape(t.hello(v.name))}</p><p>${escape(t.body(v.minutes))}</p>` +
      `<p><a href="${escape(v.link)}">${escape(v.link)}</a></p><p>${escape(t.ignore)}</p>`,
  };
}

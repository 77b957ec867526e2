import { expect, test, type Page } from '@playwright/test';
import { DEMO, loginLive } from './helpers';

/** A random partita IVA with a correct check digit. */
function randomPartitaIva(): string {
  const d = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10));
  const sum = d.reduce((s, x, i) => s + (i % 2 === 0 ? x : x * 2 > 9 ? x * 2 - 9 : x * 2), 0);
  return d.join('') + String((10 - (sum % 10)) % 10);
}

/** A field by its exact label (the required asterisk aside). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

const PASSWORD = 'Registrazione-Caldaie-2026';

test('registers a company through all four steps, with 3-D Secure, and signs in with its VAT number', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const piva = randomPartitaIva();
  const username = `giulia.${tag}`;
  const company = `Verdi Impianti ${tag} S.r.l.`;

  await page.goto('/login');
  await loginLive(page);
  await page.getByRole('link', { name: 'Registra la tua azienda' }).click();
  await expect(page).toHaveURL(/\/access\/register$/);

  // Step 1: the administrator; the passwords must match.
  await field(page, 'Nome').fill('Giulia');
  await field(page, 'Cognome').fill('Verdi');
  await field(page, 'Email').fill(`giulia.${tag}@nuova.test`);
  await field(page, 'Nome utente').fill(username);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Conferma password').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Avanti' }).click();
  await expect(page.getByText('Le password non coincidono')).toBeVisible();
  await field(page, 'Conferma password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Avanti' }).click();

  // Step 2: company and plan; check digit, terms, a VAT number already registered.
  await field(page, 'Ragione sociale').fill(company);
  await field(page, 'Partita IVA').fill('12345678901');
  await page.getByRole('button', { name: "Crea l'azienda" }).click();
  await expect(
    page.getByText('La cifra di controllo della partita IVA non è corretta: ricontrolla il numero'),
  ).toBeVisible();
  await expect(page.getByText('Per proseguire devi accettare le condizioni')).toBeVisible();
  await field(page, 'Partita IVA').fill(DEMO.piva);
  await page.getByRole('radio', { name: 'Platinum' }).check();
  await field(page, 'Licenze tecnico').fill('4');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: "Crea l'azienda" }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Questa partita IVA è già registrata' })).toBeVisible();
  await field(page, 'Partita IVA').fill(piva);
  await page.getByRole('button', { name: "Crea l'azienda" }).click();

  // Step 3: our own card page (hosted_page); this card asks for 3-D Secure.
  await expect(page).toHaveURL(/\/access\/register\?step=carta&token=/);
  await expect(page.getByText(/piano Platinum con 4 licenze tecnico/)).toBeVisible();
  await field(page, 'Intestatario').fill('Giulia Verdi');
  await field(page, 'Numero della carta').fill('4000 0000 0000 3220');
  await field(page, 'Scadenza').fill(`12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`);
  await field(page, 'Codice di sicurezza').fill('123');
  await page.getByRole('button', { name: 'Registra la carta' }).click();

  // The issuer's page (sandbox), then back to step 4.
  await expect(page).toHaveURL(/\/public\/3ds-sandbox\?challenge=/);
  await page.getByRole('button', { name: 'Autorizza' }).click();
  await expect(page).toHaveURL(/\/access\/register\?step=fatto/);
  await expect(page.getByRole('heading', { name: 'Registrazione completata' })).toBeVisible();
  await expect(page.getByText('Carta VISA che termina con 3220 registrata per dopo la prova.')).toBeVisible();
  await expect(page.getByText(`Accedi con la partita IVA ${piva} e il nome utente ${username}.`)).toBeVisible();

  // Sign in with the VAT number: the login page is filled in but the password.
  await page.getByRole('link', { name: "Vai all'accesso" }).click();
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByLabel('Partita IVA')).toHaveValue(piva);
  await expect(page.getByLabel('Nome utente')).toHaveValue(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText(company)).toBeVisible();
});

test('promo registration with an invalid coupon registers anyway and shows alert 0004', async ({ page }) => {
  const tag = Date.now().toString(36);
  const piva = randomPartitaIva();
  await page.goto('/access/register-promo?coupon=NONVALIDO');
  await field(page, 'Ragione sociale').fill(`Neri ${tag} S.n.c.`);
  await field(page, 'Partita IVA').fill(piva);
  await field(page, 'Nome').fill('Paolo');
  await field(page, 'Cognome').fill('Neri');
  await field(page, 'Email').fill(`paolo.${tag}@promo.test`);
  await field(page, 'Nome utente').fill(`paolo.${tag}`);
  await field(page, 'Password').fill(PASSWORD);
  await field(page, 'Conferma password').fill(PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Registrati' }).click();

  await expect(page).toHaveURL(/\/access\/errore-registrazione-promo\?token=/);
  await expect(
    page.getByText('Registrazione completata, ma il codice promozionale inserito non è valido.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Completa i dati aziendali' }).click();
  await expect(page).toHaveURL(/\/register-promo-completa-dati\?token=/);
  await field(page, 'Indirizzo').fill('Via Appia 10');
  await field(page, 'Città').fill('Roma');
  await field(page, 'CAP').fill('00100');
  await page.getByRole('button', { name: 'Salva i dati' }).click();
  await expect(page.getByText('Dati salvati')).toBeVisible();
  await page.getByRole('link', { name: "Vai all'accesso" }).click();
  await expect(page.getByLabel('Partita IVA')).toHaveValue(piva);
});

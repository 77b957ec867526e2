import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const JOBS = FIXTURES.jobs;

test('a job role held by a technician cannot be deleted: the translated 0032 alert; once released it goes', async ({
  page,
}) => {
  await signIn(page, { piva: JOBS.piva, password: FIXTURES.password });
  await page.getByRole('navigation').getByRole('link', { name: 'Mansioni' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Nessuna mansione: creane una per assegnarla ai tecnici.')).toBeVisible();

  // A job role with a check.
  await main.getByRole('button', { name: 'Nuova mansione' }).click();
  const jobForm = page.getByRole('form', { name: 'Nuova mansione' });
  await jobForm.getByRole('button', { name: 'Salva' }).click();
  await expect(jobForm.getByText('Campo obbligatorio')).toBeVisible();
  await jobForm.getByLabel('Nome').fill('Frigorista');
  await jobForm.getByLabel('Descrizione').fill('Impianti di refrigerazione');
  await jobForm.getByRole('button', { name: 'Salva' }).click();
  const card = main.getByRole('region', { name: 'Frigorista' });
  await expect(card).toContainText('Impianti di refrigerazione');
  await card.getByRole('button', { name: 'Aggiungi controllo' }).click();
  const checkForm = page.getByRole('form', { name: 'Nuovo controllo – Frigorista' });
  await checkForm.getByLabel('Controllo').fill('Pressione del gas');
  await checkForm.getByRole('switch', { name: 'Obbligatorio' }).check({ force: true });
  await checkForm.getByRole('button', { name: 'Salva' }).click();
  await expect(card.getByRole('table', { name: 'Controlli di Frigorista' })).toContainText('Pressione del gas');

  // The technician gets the job role from the technician form.
  await page.getByRole('navigation').getByRole('link', { name: 'I miei tecnici' }).click();
  await page.getByRole('button', { name: 'Modifica Franco Frigo' }).click();
  const userForm = page.getByRole('form', { name: 'Modifica utente' });
  await userForm.getByRole('combobox', { name: 'Mansioni' }).click();
  await page.getByRole('option', { name: 'Frigorista' }).click();
  await page.keyboard.press('Escape');
  await userForm.getByRole('button', { name: 'Salva' }).click();
  await expect(userForm).toBeHidden();

  // Deleting it now is refused with the translated alert, on the job role's card.
  await page.getByRole('navigation').getByRole('link', { name: 'Mansioni' }).click();
  await expect(card).toContainText('Franco Frigo');
  await card.getByRole('button', { name: 'Elimina la mansione Frigorista' }).click();
  const confirm = page.getByRole('dialog', { name: 'Eliminare la mansione?' });
  await expect(confirm).toContainText('sarà eliminata con il suo controllo');
  await confirm.getByRole('button', { name: 'Elimina' }).click();
  const alert = card.getByRole('alert');
  await expect(alert).toContainText('Eliminazione non possibile');
  await expect(alert).toContainText('Impossibile eliminare: la mansione è assegnata a un utente.');
  await expect(card).toBeVisible();

  // Released from the technician, it can be deleted.
  await page.getByRole('navigation').getByRole('link', { name: 'I miei tecnici' }).click();
  await page.getByRole('button', { name: 'Modifica Franco Frigo' }).click();
  // Backspace in the empty search of the multi-select takes off the last job role.
  await userForm.getByRole('combobox', { name: 'Mansioni' }).press('Backspace');
  await page.keyboard.press('Escape');
  await userForm.getByRole('button', { name: 'Salva' }).click();
  await expect(userForm).toBeHidden();
  await page.getByRole('navigation').getByRole('link', { name: 'Mansioni' }).click();
  await expect(card).toContainText('nessun utente');
  await card.getByRole('button', { name: 'Elimina la mansione Frigorista' }).click();
  await page.getByRole('dialog', { name: 'Eliminare la mansione?' }).getByRole('button', { name: 'Elimina' }).click();
  await expect(card).toBeHidden();
  await expect(main.getByText('Nessuna mansione: creane una per assegnarla ai tecnici.')).toBeVisible();
});

test('an article is created, a repeated code refused, a repeated reference confirmed, and found by the list’s search', async ({
  page,
}) => {
  await signIn(page, { piva: JOBS.piva, password: FIXTURES.password });
  await page.getByRole('navigation').getByRole('link', { name: 'Articoli' }).click();
  await expect(page).toHaveURL(/\/items$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Nessun articolo: creane uno o importali da un file CSV.')).toBeVisible();

  await main.getByRole('button', { name: 'Nuovo articolo' }).click();
  let form = page.getByRole('form', { name: 'Nuovo articolo' });
  await form.getByRole('textbox', { name: 'Codice articolo' }).fill('VITE-INOX-M6');
  await form.getByLabel('Riferimento esterno').fill('FORN-4411');
  await form.getByLabel('Prezzo di vendita').fill('0,355');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(form.getByText('Campo obbligatorio')).toBeVisible();
  await expect(form.getByText('Al massimo 2 decimali')).toBeVisible();
  await form.getByLabel('Descrizione').fill('Vite inox M6 x 20');
  await form.getByLabel('Unità di misura').fill('pz');
  // Typed the Italian way, with the thousands dot: shown the same way in the list.
  await form.getByLabel('Prezzo di vendita').fill('2.450,00');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(form).toBeHidden();
  await expect(main.getByRole('row', { name: /VITE-INOX-M6/ })).toContainText('2.450,00 €');

  // The same code again: the form says so before saving, and the save is refused on the field.
  await main.getByRole('button', { name: 'Nuovo articolo' }).click();
  form = page.getByRole('form', { name: 'Nuovo articolo' });
  await form.getByRole('textbox', { name: 'Codice articolo' }).fill('vite-inox-m6');
  await form.getByLabel('Riferimento esterno').click();
  await expect(form.getByRole('status')).toContainText(
    'Il codice è già usato da VITE-INOX-M6 – Vite inox M6 x 20: sceglierne un altro',
  );
  await form.getByLabel('Descrizione').fill('Vite inox M6 x 30');
  await form.getByRole('button', { name: 'Salva' }).click();
  await expect(form.getByText('Codice già usato da «VITE-INOX-M6 Vite inox M6 x 20»')).toBeVisible();
  // Another code with the same external reference: saved once the user confirms.
  await form.getByRole('textbox', { name: 'Codice articolo' }).fill('VITE-INOX-M6-30');
  await form.getByLabel('Riferimento esterno').fill('FORN-4411');
  await form.getByLabel('Riferimento esterno').press('Tab');
  // The warning under the field first (it moves the buttons), then the save.
  await expect(form.getByRole('status')).toContainText('lo stesso riferimento esterno è già usato da VITE-INOX-M6');
  await form.getByRole('button', { name: 'Salva' }).click();
  await page
    .getByRole('dialog', { name: 'Valori già presenti' })
    .getByRole('button', { name: 'Salva comunque' })
    .click();
  await expect(form).toBeHidden();
  await expect(main.getByText('2 elementi')).toBeVisible();

  // The list's one search box: part of the external reference finds the article; its row opens it.
  const search = main.getByRole('searchbox', { name: 'Cerca negli articoli' });
  await search.fill('inox m6 x 20');
  await expect(main.getByText('1 elemento')).toBeVisible();
  await search.fill('forn-44'); // both share the confirmed reference
  await expect(main.getByText('2 elementi')).toBeVisible();
  await main.getByRole('button', { name: "Apri l'articolo VITE-INOX-M6", exact: true }).click();
  const edit = page.getByRole('form', { name: 'Modifica articolo' });
  await expect(edit.getByRole('textbox', { name: 'Codice articolo' })).toHaveValue('VITE-INOX-M6');
  await expect(edit.getByLabel('Riferimento esterno')).toHaveValue('FORN-4411');
  await edit.getByRole('button', { name: 'Annulla' }).click();

  // Delete with confirmation.
  await main.getByRole('button', { name: "Elimina l'articolo VITE-INOX-M6-30", exact: true }).click();
  await page.getByRole('dialog', { name: "Eliminare l'articolo?" }).getByRole('button', { name: 'Elimina' }).click();
  await expect(main.getByText('1 elemento')).toBeVisible();
});

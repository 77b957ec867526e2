import { expect, type Page } from '@playwright/test';

export const DEMO = { piva: '12345670017', password: 'admin1234' };

/** Signs in through the login page, in Italian, and waits for the home page. */
export async function signIn(page: Page, username: string, path = '/') {
  await page.goto(path === '/' ? '/login' : `/login?redirectAfterLogin=${encodeURIComponent(path)}`);
  await page.getByLabel('Partita IVA').fill(DEMO.piva);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}`));
}

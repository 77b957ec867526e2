import { expect, type Page } from '@playwright/test';

export const DEMO = { piva: '12345670017', password: 'admin1234' };

/** Signs in to a company through the login page, in Italian, and waits for the home page. */
export async function signInTo(page: Page, piva: string, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Partita IVA').fill(piva);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Signs the demo company's user in through the login page, in Italian, and waits for the page asked for. */
export async function signIn(page: Page, username: string, path = '/') {
  await page.goto(path === '/' ? '/login' : `/login?redirectAfterLogin=${encodeURIComponent(path)}`);
  await page.getByLabel('Partita IVA').fill(DEMO.piva);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}`));
}

/**
 * Picks a language in the side menu's language menu and waits for the server to
 * save it. The dropdown can still move right after it opens (the side menu widens
 * while a menu is open), so a click that lands where the item was is tried again.
 */
export async function chooseLanguage(page: Page, menuName: RegExp, item: string) {
  await expect(async () => {
    const option = page.getByRole('menuitem', { name: item });
    if (!(await option.isVisible())) await page.getByRole('navigation').getByRole('button', { name: menuName }).click();
    const saved = page.waitForResponse((r) => r.url().includes('/api/session/language') && r.ok(), { timeout: 3_000 });
    await option.click({ timeout: 3_000 });
    await saved;
  }).toPass({ timeout: 20_000 });
}

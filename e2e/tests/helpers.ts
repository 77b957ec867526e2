import { expect, type Page } from '@playwright/test';

export const DEMO = { piva: '12345670017', password: 'admin1234' };

export interface SignIn {
  /** The company's VAT number (default: the demo company). */
  piva?: string;
  username?: string;
  password?: string;
  /** The page to land on after signing in (default: home). */
  path?: string;
  /** The URL expected once signed in (default: `path`); null waits for nothing. */
  landsOn?: RegExp | null;
}

/** Fills the login form, in Italian. */
export async function fillLogin(page: Page, piva: string, username: string, password: string) {
  await loginLive(page);
  await page.getByLabel('Partita IVA').fill(piva);
  await page.getByLabel('Nome utente').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
}

/**
 * Waits until React has taken the prerendered login page over (decision 0043): before, the page is marked
 * aria-disabled. Its code starts on the visitor's first interaction (decision 0053): a key press (Shift, which
 * types nothing) is that interaction.
 */
export async function loginLive(page: Page) {
  await page.keyboard.press('Shift');
  await expect(page.locator('[aria-disabled="true"]')).toHaveCount(0, { timeout: 30_000 });
}

/** The browser tests' one sign-in: through the login page, in Italian, waiting for the page it leads to. */
export async function signIn(page: Page, o: SignIn = {}) {
  const { piva = DEMO.piva, username = 'admin', password = DEMO.password, path = '/' } = o;
  await page.goto(path === '/' ? '/login' : `/login?redirectAfterLogin=${encodeURIComponent(path)}`);
  await fillLogin(page, piva, username, password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  const landsOn = o.landsOn === undefined ? new RegExp(path === '/' ? '/$' : `${path}$`) : o.landsOn;
  if (landsOn) await expect(page).toHaveURL(landsOn);
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

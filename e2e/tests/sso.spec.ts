/**
 * Single sign-on in the browser. The shared e2e server has no issuer (the button is disabled
 * there), so this file starts its own: a real OpenID provider (oidc-provider) in the test process
 * and a second server configured with it, on E2E_PORT + 1, with the demo company.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider';
import { loginLive } from './helpers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.E2E_PORT ?? 3100) + 1;
const site = `http://localhost:${port}`;
const dataDir = path.join(root, '.tmp', `e2e-sso-data-${port}`);

let provider: TestProvider;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startTestProvider({ redirectUris: [`${site}/login`, `${site}/ssorapp`] });
  provider.accounts.set('anna', { email: 'Admin@Demo-Impianti.example', email_verified: true, name: 'Anna Ferrari' });
  provider.accounts.set('estraneo', { email: 'nessuno@altrove.example', email_verified: true });
  rmSync(dataDir, { recursive: true, force: true });
  server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SMTP_HOST: '',
      SEED_DEMO: 'true',
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
  const deadline = Date.now() + 110_000;
  for (;;) {
    const ok = await fetch(`${site}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (server.exitCode !== null) throw new Error(`SSO e2e server exited with ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('SSO e2e server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** At the provider's development pages: any password, the login names the account. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('qualsiasi');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('the SSO button signs the demo admin in through the provider and returns to the asked page', async ({ page }) => {
  await page.goto(`${site}/company`);
  await expect(page).toHaveURL(`${site}/login?redirectAfterLogin=%2Fcompany`);
  await loginLive(page);
  const sso = page.getByRole('button', { name: 'Accedi con Single Sign-On' });
  await expect(sso).toBeEnabled();
  await sso.click();

  await signInAtProvider(page, 'anna');
  await expect(page).toHaveURL(`${site}/company`);
  await expect(page.getByLabel('Ragione sociale')).toHaveValue('Demo Impianti S.r.l.');
  // the first-access tour modal has a header of its own: pick the page's
  await expect(page.getByRole('banner').filter({ hasText: 'Anna Ferrari' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('fs.token'))).toBeTruthy();
  expect(await page.evaluate(() => sessionStorage.getItem('fs.sso'))).toBeNull();
});

test('an account whose email no user has gets a translated refusal on the login page', async ({ page }) => {
  await page.goto(`${site}/login`);
  await loginLive(page);
  await page.getByRole('button', { name: 'Accedi con Single Sign-On' }).click();
  await signInAtProvider(page, 'estraneo');
  await expect(page).toHaveURL(`${site}/login`);
  await expect(page.getByRole('alert')).toContainText(
    "Nessun utente è registrato con l'indirizzo email di questo account",
  );
  expect(await page.evaluate(() => localStorage.getItem('fs.token'))).toBeNull();
});

test('a return with a state other than ACCESS-RL is refused without calling the server', async ({ page }) => {
  const exchanges: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/login/login/sso')) exchanges.push(r.url());
  });
  await page.goto(`${site}/login?code=forged&state=OTHER`);
  await expect(page.getByRole('alert')).toContainText('Accesso con Single Sign-On non riuscito');
  await expect(page).toHaveURL(`${site}/login`);
  expect(exchanges).toEqual([]);
});

test('/ssorapp signs in for the app and hands the APP session to the hosting app', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { ReactNativeWebView: unknown; handed: string[] };
    w.handed = JSON.parse(sessionStorage.getItem('handed') ?? '[]') as string[];
    w.ReactNativeWebView = {
      postMessage: (m: string) => {
        w.handed.push(m);
        sessionStorage.setItem('handed', JSON.stringify(w.handed));
      },
    };
  });
  await page.goto(`${site}/ssorapp`);
  await page.getByRole('button', { name: 'Continua con Single Sign-On' }).click();
  await signInAtProvider(page, 'anna');
  await expect(page.getByRole('status')).toContainText("Accesso completato. Puoi tornare all'app.");
  const handed = await page.evaluate(() => (window as unknown as { handed: string[] }).handed);
  expect(handed).toHaveLength(1);
  const message = JSON.parse(handed[0]!) as { type: string; item: { username: string; token: string } };
  expect(message.type).toBe('fs:sso-login');
  expect(message.item.username).toBe('admin');
  // The web itself stays signed out: the APP session belongs to the app.
  expect(await page.evaluate(() => localStorage.getItem('fs.token'))).toBeNull();
});

test('on a server without an issuer the SSO button is disabled', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/login`);
  await loginLive(page);
  await expect(page.getByLabel('Partita IVA')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accedi con Single Sign-On' })).toBeDisabled();
});

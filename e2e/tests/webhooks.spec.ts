import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { DEMO, signIn } from './helpers';

// Issue 28 (webhooks): an administrator creates a webhook on /external-integrations to a receiver this test runs,
// subscribed to the report events, and copies its secret; completing a report delivers a `report.completed` message
// whose signature the Standard Webhooks reference library accepts; the delivery log shows it delivered (200), and
// resending it makes a second attempt and a second request with the same webhook-id. The e2e server allows private
// addresses (WEBHOOKS_ALLOW_PRIVATE=1 in start-server.mjs). Accessibility checked, screenshots at 1366 and 390 px.
const SHOTS = '/work/notes';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 (a random port) that answers 200 and records every request. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ricevuto');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks/fs`, received };
}

/** A closed report of the demo company, made through the API before the browser signs in (one device per user). */
async function closedReport(request: APIRequestContext): Promise<{ id: string; numero_assistenza: string }> {
  const device = 'e2ewebhooks00001';
  const login = await request.post('/api/login/login', {
    headers: { source: 'WEB', 'device-id': device },
    data: { piva: DEMO.piva, username: 'admin', password: DEMO.password },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).item.token}`, source: 'WEB', 'device-id': device };
  const customer = await request.post('/api/clienti/cliente', {
    headers,
    data: { ragione_sociale: `Webhook ${Date.now().toString(36)} S.r.l.`, citta: 'Torino' },
  });
  expect(customer.status(), await customer.text()).toBe(200);
  const cliente_id = (await customer.json()).item.id as string;
  const config = await (await request.get('/api/configuration/intervento', { headers })).json();
  const campi_personalizzati = (config.items as { id: string; obbligatorio: boolean }[])
    .filter((c) => c.obbligatorio)
    .map((c) => ({ campo_id: c.id, valore: 'X-1' }));
  const made = await request.post('/api/rapportini/rapportino/lavorazione', {
    headers,
    data: { cliente_id, richiesta_iniziale: 'Consegna webhook e2e', campi_personalizzati },
  });
  expect(made.status(), await made.text()).toBe(200);
  const report = (await made.json()).item as { id: string; numero_assistenza: string };
  const closed = await request.post('/api/rapportini/rapportino/chiusura', {
    headers,
    data: { id: report.id, azione: 'chiudi' },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  return report;
}

async function dismissTour(page: Page) {
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
}

test('an administrator creates a webhook, a completed report is delivered signed, and the log replays it', async ({
  page,
  context,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const report = await closedReport(request);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, { path: '/external-integrations' });
    await dismissTour(page);
    await expect(page.getByRole('tab', { name: 'Chiavi API' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Webhook' }).click();
    await expect(page).toHaveURL(/\/external-integrations\?tab=webhook$/);
    // The tab stays after a reload.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Webhook' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Nuovo webhook' }).first().click();
    const form = page.getByRole('dialog', { name: 'Nuovo webhook' });
    await form.getByRole('button', { name: 'Crea il webhook' }).click();
    await expect(form.getByText("L'URL è obbligatorio")).toBeVisible();
    await expect(form.getByText('Scegli almeno un evento')).toBeVisible();
    await form.getByRole('textbox', { name: 'URL' }).fill(receiver.url);
    await form.getByRole('textbox', { name: 'Descrizione' }).fill('Ricevitore e2e');
    await form.getByRole('checkbox', { name: 'Rapportini: seleziona tutti' }).check();
    await expect(form.getByRole('checkbox', { name: /Rapportino completato/ })).toBeChecked();
    await form.getByRole('button', { name: 'Esempio: report.completed' }).click();
    await expect(form.getByText('"type": "report.completed"')).toBeVisible();
    await assertAccessible(page, 'the new webhook form');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-1366-form.png` });
    await form.getByRole('button', { name: 'Crea il webhook' }).click();

    const shown = page.getByRole('dialog', { name: 'Il segreto del nuovo webhook' });
    const secret = (await shown.getByTestId('webhook-secret-value').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await expect(shown).toContainText('webhook-id, webhook-timestamp e webhook-signature');
    await shown.getByRole('button', { name: 'Copia', exact: true }).click();
    await expect(shown.getByRole('button', { name: 'Copiata' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await assertAccessible(page, 'the secret shown');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-1366-secret.png` });
    await shown.getByRole('button', { name: 'Ho copiato il segreto' }).click();

    const row = page.getByRole('row', { name: new RegExp(receiver.url.replace(/[.?/]/g, '\\$&')) });
    await expect(row).toContainText('Attivo');
    await expect(row).toContainText('5 eventi');
    await assertAccessible(page, 'the list of webhooks');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-1366-list.png`, fullPage: true });

    // The office completes the report on its page.
    await page.goto(`/interventions/${report.id}`);
    await page.getByRole('button', { name: 'Completa', exact: true }).click();
    await page
      .getByRole('dialog', { name: "Completare l'intervento?" })
      .getByRole('button', { name: 'Completa' })
      .click();
    await expect(page.getByText('Intervento completato', { exact: true })).toBeVisible();

    // The receiver gets it, signed as Standard Webhooks says.
    const completed = () =>
      receiver.received.filter((r) => {
        const b = JSON.parse(r.body) as { type: string; data: { id?: string } };
        return b.type === 'report.completed' && b.data.id === report.id;
      });
    await expect.poll(() => completed().length, { timeout: 45_000 }).toBe(1);
    const first = completed()[0]!;
    const verified = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as {
      type: string;
      data: { numero_assistenza: string };
    };
    expect(verified).toMatchObject({ type: 'report.completed', data: { numero_assistenza: report.numero_assistenza } });
    const webhookId = first.headers['webhook-id'] as string;
    expect(webhookId).toMatch(/^msg_/);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('a different secret!!!!!!').toString('base64')}`).verify(
        first.body,
        first.headers as Record<string, string>,
      ),
    ).toThrow();

    // The delivery log shows it delivered with a 200.
    await page.goto('/external-integrations?tab=webhook');
    await row.getByRole('button', { name: `Registro consegne: ${receiver.url}` }).click();
    const drawer = page.getByRole('dialog', { name: /Registro consegne/ });
    const log = drawer.getByRole('table', { name: 'Registro consegne' });
    const message = log.getByRole('row').filter({ hasText: 'report.completed' });
    await expect(message).toContainText('Consegnato');
    // Event, created, state, attempts, last HTTP status, next attempt.
    await expect(message.getByRole('cell').nth(4)).toHaveText('200');
    await assertAccessible(page, 'the delivery log');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-1366-log.png`, fullPage: true });

    // Its body and attempt, then a resend: a second attempt, a second request with the same webhook-id.
    await message.getByRole('button', { name: /^report\.completed .*: dettagli$/ }).click();
    await expect(drawer.getByText(webhookId)).toBeVisible();
    await expect(drawer.getByText(`"numero_assistenza": "${report.numero_assistenza}"`)).toBeVisible();
    const attempts = drawer.getByRole('table', { name: 'Tentativi' });
    await expect(attempts.getByRole('row')).toHaveCount(2);
    // When, HTTP status, latency, start of the answer.
    await expect(attempts.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('200');
    await expect(attempts.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('ricevuto');
    await drawer.getByRole('button', { name: 'Reinvia' }).click();
    await expect(page.getByText('Messaggio rimesso in coda con lo stesso webhook-id')).toBeVisible();
    await expect.poll(() => completed().length, { timeout: 45_000 }).toBe(2);
    const second = completed()[1]!;
    expect(second.headers['webhook-id']).toBe(webhookId);
    expect(new Webhook(secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
      type: 'report.completed',
    });
    await expect(attempts.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
    await expect(drawer.getByText('2 tentativi')).toBeVisible();
    await assertAccessible(page, 'a message with its attempts');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-1366-message.png`, fullPage: true });

    // On a phone: the endpoints and the log as cards.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const card = page.getByRole('list', { name: 'Webhook' }).getByRole('listitem').filter({ hasText: receiver.url });
    await expect(card).toContainText('Attivo');
    await assertAccessible(page, 'the webhooks on a phone');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-390-list.png`, fullPage: true });
    await page.getByRole('button', { name: 'Nuovo webhook' }).click();
    const phoneForm = page.getByRole('dialog', { name: 'Nuovo webhook' });
    await expect(phoneForm.getByRole('checkbox', { name: /Rapportino completato/ })).toBeVisible();
    await assertAccessible(page, 'the new webhook form on a phone');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-390-form.png` });
    await phoneForm.getByRole('button', { name: 'Annulla' }).click();
    await expect(phoneForm).toBeHidden();
    await card.getByRole('button', { name: `Registro consegne: ${receiver.url}` }).click();
    const phoneLog = drawer.getByRole('list', { name: 'Registro consegne' });
    await expect(phoneLog.getByRole('listitem').filter({ hasText: 'report.completed' })).toContainText('Consegnato');
    await assertAccessible(page, 'the delivery log on a phone');
    await page.screenshot({ path: `${SHOTS}/shots-webhooks-390-log.png`, fullPage: true });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.setViewportSize({ width: 1366, height: 900 });

    // Deleted (after confirming): the demo company's later flows send it nothing.
    await row.getByRole('button', { name: `Altre azioni: ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Elimina' }).click();
    await page.getByRole('dialog', { name: 'Eliminare il webhook?' }).getByRole('button', { name: 'Elimina' }).click();
    await expect(row).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

async function assertAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${what}: accessibility findings`).toEqual([]);
}

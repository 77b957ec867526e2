import { expect, test } from '@playwright/test';
import { FIXTURES } from '../fixtures';
import { signIn } from './helpers';

const CO = { piva: FIXTURES.reports.piva, password: FIXTURES.password };
const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe('on a phone', () => {
  // A phone's screen density: the pad's canvas must follow it (sharp strokes, right pointer positions).
  test.use({ deviceScaleFactor: 3, hasTouch: true });

  test('a technician on a phone has the customer sign the report on the pad, with the name', async ({
    page,
    request,
  }) => {
    // The office opens a report for Luca Bianchi.
    const device = 'e2esignature0001';
    // Access tokens live 8 seconds here: the office signs in again for the check at the end.
    const officeHeaders = async () => {
      const login = await request.post('/api/login/login', {
        headers: { source: 'WEB', 'device-id': device },
        data: { piva: CO.piva, username: 'admin', password: CO.password },
      });
      const token = (await login.json()).item.token as string;
      return { authorization: `Bearer ${token}`, source: 'WEB', 'device-id': device };
    };
    const headers = await officeHeaders();
    const users = await (await request.get('/api/users/users', { headers })).json();
    const luca = (users.items as { id: string; username: string }[]).find(
      (u) => u.username === FIXTURES.reports.technician,
    )!;
    const customers = await (await request.get('/api/clienti/clienti-filtered?size=1', { headers })).json();
    const created = await request.post('/api/rapportini/rapportino/lavorazione', {
      headers,
      data: {
        cliente_id: customers.items[0].id,
        tecnici_ids: [luca.id],
        richiesta_iniziale: 'Sostituzione del termostato in ufficio',
      },
    });
    expect(created.status()).toBe(200);
    const id = (await created.json()).item.id as string;

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, { ...CO, username: FIXTURES.reports.technician, path: `/interventions/${id}` });
    const section = page.getByRole('region', { name: 'Accettazione' });
    await expect(section).toBeVisible();
    const pad = section.getByTestId('signature-pad');
    await pad.scrollIntoViewIfNeeded();
    // Saving an empty pad or without a name is refused on the spot.
    await section.getByRole('button', { name: 'Salva la firma' }).click();
    await expect(section.getByText('Indica il nome di chi firma')).toBeVisible();
    await expect(section.getByText('Disegna la firma prima di salvare')).toBeVisible();

    // A signature drawn with the mouse: two strokes.
    const box = (await pad.boundingBox())!;
    expect(box.width).toBeGreaterThan(250);
    const stroke = async (points: [number, number][]) => {
      await page.mouse.move(box.x + points[0]![0] * box.width, box.y + points[0]![1] * box.height);
      await page.mouse.down();
      for (const [x, y] of points.slice(1))
        await page.mouse.move(box.x + x * box.width, box.y + y * box.height, { steps: 6 });
      await page.mouse.up();
    };
    await stroke([
      [0.1, 0.7],
      [0.2, 0.3],
      [0.3, 0.75],
      [0.4, 0.35],
      [0.5, 0.7],
    ]);
    await stroke([
      [0.55, 0.5],
      [0.7, 0.3],
      [0.8, 0.6],
      [0.9, 0.4],
    ]);
    // A finger too: a touch stroke underlines it (touch events through the DevTools protocol).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', fx = 0, fy = 0) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: box.x + fx * box.width, y: box.y + fy * box.height }],
      });
    await touch('touchStart', 0.1, 0.9);
    for (let i = 1; i <= 10; i++) await touch('touchMove', 0.1 + 0.08 * i, 0.9);
    await touch('touchEnd');
    await section.getByLabel('Nome di chi firma').fill('Giulia Verdi');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/rapportini/rapportino/firma') && r.ok());
    await section.getByRole('button', { name: 'Salva la firma' }).click();
    await saved;
    await expect(page.getByText('Firma salvata').first()).toBeVisible();
    await expect(section.getByTestId('signature-caption')).toHaveText(
      /^Firmato da Giulia Verdi il \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    const image = section.getByRole('img', { name: 'Firma di Giulia Verdi' });
    await expect(image).toBeVisible();
    // The image is what was drawn: a real PNG with ink on it, not an empty canvas.
    const ink = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      let underline = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i]! < 100 && d[i + 3]! > 200) {
          dark++;
          // below the mouse strokes: the finger's line
          if (i / 4 / c.width > c.height * 0.85) underline++;
        }
      }
      return { dark, underline, width: c.width };
    });
    expect(ink.dark).toBeGreaterThan(200);
    expect(ink.underline).toBeGreaterThan(100);
    // Drawn at the phone's pixel density.
    expect(ink.width).toBe(Math.round(box.width * 3));
    const report = await (
      await request.get(`/api/rapportini/rapportini/admin/${id}`, { headers: await officeHeaders() })
    ).json();
    expect(report.item.firma).toMatchObject({ firmatario: 'Giulia Verdi', remoto: false });

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/signature-390.png` });
    // Signing again shows the pad again, for a new signature that replaces the old one.
    await section.getByRole('button', { name: 'Firma di nuovo' }).click();
    await expect(section.getByTestId('signature-pad')).toBeVisible();
    await section.getByRole('button', { name: 'Annulla' }).click();
    await expect(section.getByTestId('signature-pad')).toHaveCount(0);
  });
});

test('the office mails the customer a signing link; a spent or unknown link says so outside the shell', async ({
  page,
}) => {
  await signIn(page, CO);
  const no = page.getByRole('button', { name: 'No, grazie' });
  if (await no.isVisible({ timeout: 1_500 }).catch(() => false)) await no.click();
  await page.goto('/new-intervention');
  const customer = page.getByRole('combobox', { name: 'Cliente', exact: true });
  await customer.click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Crea intervento' }).click();
  await expect(page).toHaveURL(/\/interventions\/[0-9a-f-]{36}$/);
  const section = page.getByRole('region', { name: 'Accettazione' });
  await section.getByRole('button', { name: 'Invia il link di firma al cliente' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link di firma per il cliente' });
  await expect(dialog.getByText('vale 7 giorni e si usa una sola volta')).toBeVisible();
  await dialog.getByLabel('Email del cliente').fill('non-valida');
  await dialog.getByRole('button', { name: 'Invia il link' }).click();
  await expect(dialog.getByText('Indirizzo email non valido').first()).toBeVisible();
  await dialog.getByLabel('Email del cliente').fill('cliente.firma@example.test');
  await dialog.getByRole('button', { name: 'Invia il link' }).click();
  await expect(
    page.getByText(/^Link inviato a cliente\.firma@example\.test: vale fino al \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The customer's page of a link that is not (or no longer) valid: no menu, a clear message.
  await page.goto(`/firma/${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'Firma del rapportino' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Link non valido' })).toContainText(
    'Il link di firma non è più valido',
  );
  // Outside the signed-in shell: no side menu, though this browser is signed in.
  await expect(page.getByRole('link', { name: 'Interventi', exact: true })).toHaveCount(0);
  // The page speaks for the company that sent the link: the product's name and links are not on it.
  await expect(page.getByText(/Gestionale interventi/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Privacy' })).toHaveCount(0);
  await expect(page).toHaveTitle('Firma del rapportino');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/signature-link-invalid.png` });
});

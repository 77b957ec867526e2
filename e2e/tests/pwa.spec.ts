import { expect, test } from '@playwright/test';

// The installable app (spec platform 7): a manifest and a service worker at the site root that
// caches the app shell, so the sign-in page opens without a network; data never comes from the cache.
test.use({ serviceWorkers: 'allow' });

test('the app is installable and its shell opens offline, while the API is never cached', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Gestionale interventi', start_url: '/', scope: '/', display: 'standalone' });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i: { sizes: string }) => i.sizes === size);
    const r = await page.request.get(icon.src);
    expect([r.status(), r.headers()['content-type']]).toEqual([200, 'image/png']);
  }
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);
  // The worker takes control; the page it controls is the one served offline next.
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  await page.goto('/interventions'); // any route answers the shell, which sends to sign-in
  await expect(page.getByLabel('Partita IVA')).toBeVisible();
  const api = await page.evaluate(() =>
    fetch('/api/health').then(
      (r) => `answered ${r.status}`,
      () => 'network error',
    ),
  );
  expect(api).toBe('network error');
  await context.setOffline(false);
});

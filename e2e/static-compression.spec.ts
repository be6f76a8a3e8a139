import { expect, test, type Page } from '@playwright/test';

/**
 * What Chromium really downloads for /login and for the families' /solicitud (its first screen, on a phone:
 * issue goal and docs/decisions/0035): the compressed bodies of every response, against the 160 KB budget; the
 * response headers (about 1 KB each, mostly the security headers) are printed beside them, since HTTP/2 behind
 * a proxy compresses those away.
 */
const BUDGET_BYTES = 160 * 1024;

type Descarga = { url: string; body: number; headers: number; encoding?: string; cache?: string };

/** Every response the page finishes, with its sizes and caching headers. */
function registrarDescargas(page: Page): Promise<Descarga>[] {
  const responses: Promise<Descarga>[] = [];
  page.on('requestfinished', (request) =>
    responses.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
        url: request.url(),
        body: sizes.responseBodySize,
        headers: sizes.responseHeadersSize,
        encoding: response?.headers()['content-encoding'],
        cache: response?.headers()['cache-control'],
      })),
    ),
  );
  return responses;
}

test('the login page downloads at most 160 KB, its scripts and styles compressed and cached for a year', async ({
  page,
}) => {
  const responses = registrarDescargas(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const all = await Promise.all(responses);
  const body = all.reduce((sum, r) => sum + r.body, 0);
  const headers = all.reduce((sum, r) => sum + r.headers, 0);
  console.log(
    `/login: ${all.length} responses, ${(body / 1024).toFixed(1)} KB of bodies + ${(headers / 1024).toFixed(1)} KB of headers`,
  );
  expect(body).toBeLessThanOrEqual(BUDGET_BYTES);
  // The entry's script and styles, and any small chunk Vite names after an index module it splits out.
  const bundles = all.filter((r) => /\/assets\/index-[\w-]+\.(js|css)$/.test(r.url));
  expect(bundles.filter((r) => r.url.endsWith('.css'))).toHaveLength(1);
  expect(bundles.length).toBeGreaterThanOrEqual(2);
  for (const bundle of bundles) {
    expect(bundle.encoding, bundle.url).toBe('br');
    expect(bundle.cache, bundle.url).toBe('public, max-age=31536000, immutable');
  }
  const html = all.find((r) => r.url.endsWith('/login'));
  expect(html?.cache).toBe('no-cache');
});

test("the online application's first screen downloads at most 160 KB on a phone (the form loads after it)", async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
  const page = await phone.newPage();
  const responses = registrarDescargas(page);
  await page.goto('/solicitud');
  await expect(page.getByRole('button', { name: 'Empezar la solicitud' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(responses);
  // Transferred, as the issue counts it (and bench:solicitudes, with CDP): bodies and headers.
  const transferred = all.reduce((sum, r) => sum + r.body + r.headers, 0);
  console.log(`/solicitud: ${all.length} responses, ${(transferred / 1024).toFixed(1)} KB transferred`);
  expect(transferred).toBeLessThanOrEqual(BUDGET_BYTES);
  // The form's chunk (and zod with it) is not part of the first screen.
  expect(all.filter((r) => /solicitud-formulario/.test(r.url))).toEqual([]);
  await phone.close();
});

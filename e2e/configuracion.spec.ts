import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { TContenido, TContenidoEstado } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { preguntasFrecuentes } from '@inscripciones/shared/configuracion/preguntas.ts';
import { lineasDeHorario, textosSorteo } from '@inscripciones/shared/configuracion/textos.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { E2E_ADMIN, apiLogin, seedInscriptos, seedUser, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * The school's content (docs/decisions/0011): /consultas (FAQ, maps, out-of-zone note, contact cards), the
 * settings screen /admin/configuracion, and the finalised modal reading the same content.
 */

const URL_CONTENIDO = '/api/configuracion/contenido';

async function adminHeaders(request: APIRequestContext) {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  return { authorization: `Bearer ${token}` };
}

async function leerContenido(request: APIRequestContext): Promise<TContenidoEstado> {
  const res = await request.get(URL_CONTENIDO, { headers: await adminHeaders(request) });
  expect(res.status()).toBe(200);
  return (await res.json()) as TContenidoEstado;
}

async function guardarContenido(request: APIRequestContext, cambios: Partial<TContenido>): Promise<TContenidoEstado> {
  const actual = await leerContenido(request);
  const res = await request.put(URL_CONTENIDO, {
    headers: await adminHeaders(request),
    data: { ...actual.contenido, ...cambios, version: actual.version },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TContenidoEstado;
}

const main = (page: Page) => page.getByRole('main');
const faqGroup = (page: Page, titulo: string) => main(page).getByRole('region', { name: titulo, exact: true });

let original: TContenido;

test.beforeAll(async ({ request }) => {
  original = (await leerContenido(request)).contenido;
});

// Later suites (the enrolment form's modal) expect the defaults: put them back.
test.afterAll(async ({ request }) => {
  await guardarContenido(request, original);
});

test.describe('/consultas', () => {
  test('the FAQ shows every item in its two groups and opens one at a time', async ({ page }) => {
    const errors = watchForPageErrors(page);
    const vol = await seedUser(page.request, { role: 'voluntario' });
    await signInAs(page, vol.username, vol.password, '/consultas');
    await expect(page.getByRole('heading', { level: 1, name: 'Consultas' })).toBeVisible();
    const { contenido } = await leerContenido(page.request);
    const grupos = preguntasFrecuentes(contenido);

    for (const grupo of grupos) {
      await expect(faqGroup(page, grupo.titulo).getByRole('heading', { level: 3 })).toHaveText(grupo.titulo);
      const buttons = faqGroup(page, grupo.titulo).getByRole('button');
      await expect(buttons).toHaveText(grupo.preguntas.map((p) => p.pregunta));
      for (const button of await buttons.all()) await expect(button).toHaveAttribute('aria-expanded', 'false');
    }

    const [primera, segunda] = [grupos[0]!.preguntas[0]!, grupos[1]!.preguntas[1]!];
    const boton = (pregunta: string) => main(page).getByRole('button', { name: pregunta, exact: true });
    const respuesta = (pregunta: string) => main(page).getByRole('region', { name: pregunta, exact: true });

    await boton(primera.pregunta).click();
    await expect(boton(primera.pregunta)).toHaveAttribute('aria-expanded', 'true');
    await expect(respuesta(primera.pregunta)).toContainText(primera.respuesta[0]!);

    // Opening a question of the other group closes the first one.
    await boton(segunda.pregunta).click();
    await expect(boton(segunda.pregunta)).toHaveAttribute('aria-expanded', 'true');
    await expect(respuesta(segunda.pregunta)).toContainText(segunda.respuesta[0]!);
    await expect(boton(primera.pregunta)).toHaveAttribute('aria-expanded', 'false');
    await expect(respuesta(primera.pregunta)).toBeHidden();
    await expect(main(page).locator('.accordion-collapse.show')).toHaveCount(1);

    // And a second click closes it.
    await boton(segunda.pregunta).click();
    await expect(boton(segunda.pregunta)).toHaveAttribute('aria-expanded', 'false');
    await expect(main(page).locator('.accordion-collapse.show')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('contact cards, out-of-zone note and map notices show the configured content', async ({ page }) => {
    const errors = watchForPageErrors(page);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/consultas');
    const { contenido } = await leerContenido(page.request);
    const contacto = main(page).getByRole('region', { name: 'Contacto' });
    await expect(contacto.getByRole('link', { name: contenido.telefono })).toHaveAttribute(
      'href',
      `tel:${contenido.telefono.replace(/\D/g, '')}`,
    );
    await expect(contacto.getByRole('link', { name: contenido.email })).toHaveAttribute(
      'href',
      `mailto:${contenido.email}`,
    );
    await expect(contacto.getByRole('listitem')).toHaveText(lineasDeHorario(contenido.horarios));
    await expect(contacto.getByRole('listitem')).toHaveText([
      'Lunes a viernes de 8:00 a 18:00',
      'Sábados de 9:00 a 13:00',
    ]);
    await expect(page.getByTestId('fuera-de-zona')).toContainText(`Consultá con ${contenido.contactoNombre}`);
    // The example values are flagged until changed.
    await expect(contacto.getByText(/valores de ejemplo/)).toContainText('Nombre de la escuela, Teléfono, Email');

    // No map configured: a notice, not a broken frame.
    const mapas = main(page).getByRole('region', { name: 'Mapas de la zona' });
    await expect(mapas.locator('iframe')).toHaveCount(0);
    await expect(mapas.getByRole('status')).toHaveText([/Mapa no disponible/, /Mapa no disponible/]);
    expect(errors).toEqual([]);
  });

  test('configured maps are framed (CSP allows only their origin) and give way to a notice offline', async ({
    page,
    context,
  }) => {
    const errors = watchForPageErrors(page);
    // The map provider, served by the test: this machine has no internet.
    await context.route('https://mapas.example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mapa</title><p>Mapa de prueba</p>' }),
    );
    await guardarContenido(page.request, {
      mapaZonasUrl: 'https://mapas.example.org/zonas?z=1',
      mapaCalleUrl: '<iframe src="https://mapas.example.org/calle?c=2" width="600"></iframe>',
    });
    try {
      const res = await page.request.get('/consultas');
      expect(/(?:^|;)frame-src ([^;]*)/.exec(res.headers()['content-security-policy'] ?? '')?.[1]).toBe(
        'https://mapas.example.org',
      );

      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/consultas');
      const mapas = main(page).getByRole('region', { name: 'Mapas de la zona' });
      await expect(mapas.locator('iframe')).toHaveCount(2);
      await expect(
        page.frameLocator('iframe[title="Mapa de límites de la zona"]').getByText('Mapa de prueba'),
      ).toBeVisible();
      await expect(
        page.frameLocator('iframe[title="Mapa de vista de calle"]').getByText('Mapa de prueba'),
      ).toBeVisible();
      await expect(mapas.locator('iframe').nth(1)).toHaveAttribute('src', 'https://mapas.example.org/calle?c=2');

      await context.setOffline(true);
      await expect(mapas.locator('iframe')).toHaveCount(0);
      await expect(mapas.getByRole('status')).toHaveText([/Sin conexión a internet/, /Sin conexión a internet/]);
      await context.setOffline(false);
      await expect(mapas.locator('iframe')).toHaveCount(2);
      expect(errors).toEqual([]);
    } finally {
      await context.setOffline(false);
      await guardarContenido(page.request, { mapaZonasUrl: '', mapaCalleUrl: '' });
    }
  });

  test('a map configured after the page was loaded: a notice asks to reload instead of a refused frame', async ({
    page,
    context,
  }) => {
    await context.route('https://mapas.example.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mapa</title><p>Mapa de prueba</p>' }),
    );
    // The page is loaded while no map is configured: its CSP frames nothing.
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/');
    await guardarContenido(page.request, { mapaZonasUrl: 'https://mapas.example.org/zonas' });
    try {
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Consultas' }).click();
      const mapas = main(page).getByRole('region', { name: 'Mapas de la zona' });
      await expect(mapas.getByRole('status').first()).toContainText('El mapa cambió');
      await mapas.getByRole('button', { name: 'Recargar la página' }).click();
      await expect(
        page.frameLocator('iframe[title="Mapa de límites de la zona"]').getByText('Mapa de prueba'),
      ).toBeVisible();
    } finally {
      await guardarContenido(page.request, { mapaZonasUrl: '' });
    }
  });

  test('accessibility: /consultas with a question open has no serious or critical violation', async ({ page }) => {
    // An administrator's page has the links to the settings in the map notices.
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/consultas');
    await expect(page.getByRole('heading', { level: 2, name: 'Contacto' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await seriousA11yViolations(page)).toEqual([]);

    const vol = await seedUser(page.request, { role: 'voluntario' });
    await signInAs(page, vol.username, vol.password, '/consultas');
    await expect(page.getByRole('heading', { level: 2, name: 'Contacto' })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await main(page).getByRole('button', { name: '¿Qué actividades ofrece la escuela?' }).click();
    await expect(main(page).getByRole('region', { name: '¿Qué actividades ofrece la escuela?' })).toContainText(
      'Robótica',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

test.describe('/admin/configuracion', () => {
  test('an administrator changes the phone and the lottery date; Consultas and the finalised modal show them', async ({
    page,
  }) => {
    const errors = watchForPageErrors(page);
    const [pendiente] = await seedInscriptos(page.request, 1);
    await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/consultas');
    // Consultas is open first, so the change must reach a screen that already read the content.
    await expect(main(page).getByRole('link', { name: original.telefono })).toBeVisible();

    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Configuración' }).click();
    await expect(page).toHaveURL('/admin/configuracion');
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
    await expect(page.getByLabel('Teléfono')).toHaveValue(original.telefono);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Invalid values are refused with the field's message.
    await page.getByLabel('Teléfono').fill('llamar');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Teléfono: solo números, espacios y los signos + - ( ) / .')).toBeVisible();
    await expect(page.getByLabel('Teléfono')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Nombre de la escuela').fill('Escuela N.º 123 Artigas');
    await page.getByLabel('Teléfono').fill('2901 5555');
    await page.getByLabel('Fecha del sorteo').fill('2026-11-07');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Configuración guardada correctamente' })).toBeVisible();
    await expect(page.getByText(/^Última modificación: .* por admin\.$/)).toBeVisible();
    const saved = await leerContenido(page.request);
    expect(saved.contenido).toMatchObject({
      escuelaNombre: 'Escuela N.º 123 Artigas',
      telefono: '2901 5555',
      sorteoFecha: '2026-11-07',
    });

    // Consultas: the contact card and the lottery answer, without reloading the page.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Consultas' }).click();
    await expect(main(page).getByRole('link', { name: '2901 5555' })).toHaveAttribute('href', 'tel:29015555');
    await main(page).getByRole('button', { name: '¿Cuándo y dónde es el sorteo?' }).click();
    await expect(main(page).getByRole('region', { name: '¿Cuándo y dónde es el sorteo?' })).toContainText(
      'El sorteo es el 7 de noviembre a las 14:00 horas',
    );
    // The home page too.
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Inicio' }).click();
    await expect(main(page).getByText('Sorteo: 7 de noviembre a las 14:00 horas')).toBeVisible();

    // The finalised modal of the enrolment form.
    await page.goto(`/inscriptos/${pendiente!.id}`);
    await page.getByRole('button', { name: INSCRIPTO_MSG.finalize }).click();
    const modal = page.getByRole('dialog', { name: INSCRIPTO_MSG.finalizedTitle });
    await expect(modal).toBeVisible();
    const textos = textosSorteo(saved.contenido);
    expect(textos.fecha).toBe('7 de noviembre');
    await expect(modal).toContainText(textos.info);
    await expect(modal).toContainText(`Fecha: ${textos.fecha}`);
    await expect(modal).not.toContainText(INSCRIPTO_MSG.lotteryDate);
    expect(errors).toEqual([]);
  });

  test('a voluntario cannot open the settings screen (redirect to /) and its API answers 403', async ({ page }) => {
    const vol = await seedUser(page.request, { role: 'voluntario' });
    await signInAs(page, vol.username, vol.password);
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link')).toHaveText([
      'Inicio',
      'Panel',
      'Inscriptos',
      /^Posibles duplicados/,
      'Consultas',
      'Sorteo',
      'Plazas',
    ]);
    await page.goto('/admin/configuracion');
    await expect(page).toHaveURL('/');

    const { token } = await apiLogin(page.request, vol.username, vol.password);
    const headers = { authorization: `Bearer ${token}` };
    const read = await page.request.get(URL_CONTENIDO, { headers });
    expect(read.status()).toBe(200);
    const { contenido, version } = (await read.json()) as TContenidoEstado;
    const write = await page.request.put(URL_CONTENIDO, {
      headers,
      data: { ...contenido, telefono: '2000 1111', version },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).code).toBe('FORBIDDEN');
    expect((await page.request.get('/api/configuracion/historial', { headers })).status()).toBe(403);
  });
});

import { expect, test, type Page } from '@playwright/test';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { E2E_ADMIN, apiLogin, freshCi, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';

/**
 * Messages to the families in the browser (decision 0029): the consent in section 2 of the form, and the record's
 * "Avisos a la familia" panel with its states and Reenviar. This server has no SMTP_URL or webhook: every
 * message is written and then discarded as "sin canal configurado", which is what the panel shows.
 */
const SHOTS = process.env.E2E_SCREENSHOTS;
const CONSENTIMIENTO = '¿Acepta recibir avisos sobre la inscripción por correo y celular?';
const header = (page: Page, n: SectionNumber) =>
  page.getByRole('button', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });
const region = (page: Page, n: SectionNumber) =>
  page.getByRole('region', { name: `${n}. ${SECTION_TITLES[n]}`, exact: true });

for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 90_000 });

    test('section 2 asks for the consent and an e-mail; the record lists its messages with Reenviar', async ({
      page,
    }) => {
      const errors = watchForPageErrors(page);
      const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
      const headers = { authorization: `Bearer ${token}` };
      const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...base } = completeInscripto(new Date());
      const datos = {
        ...base,
        nombre1: 'Renata',
        apellido1: `Avisos${width}`,
        ci: freshCi(),
        email: undefined,
        avisosConsentimiento: undefined,
      };
      const created = await page.request.post('/api/inscriptos', { data: datos, headers });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = (await created.json()) as { id: string };

      // The form: section 2 without an answer to the consent cannot advance.
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, `/inscriptos/${id}`);
      await header(page, 2).click();
      const s2 = region(page, 2);
      await s2.getByRole('button', { name: 'Siguiente' }).click();
      await expect(s2.getByRole('alert').filter({ hasText: CONSENTIMIENTO })).toBeVisible();
      await s2.getByLabel('Correo electrónico (del adulto referente)').fill('renata.familia@correo.com.uy');
      await s2.getByRole('radiogroup', { name: CONSENTIMIENTO }).getByLabel('Sí', { exact: true }).check();
      await s2.getByRole('radiogroup', { name: CONSENTIMIENTO }).scrollIntoViewIfNeeded();
      if (SHOTS) await s2.screenshot({ path: `${SHOTS}/avisos-seccion-2-${width}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await s2.getByRole('button', { name: 'Siguiente' }).click();
      await expect(header(page, 3)).toHaveAttribute('aria-expanded', 'true');
      const stored = await page.request.get(`/api/inscriptos/${id}`, { headers });
      expect(await stored.json()).toMatchObject({
        email: 'renata.familia@correo.com.uy',
        avisosConsentimiento: 'SI',
        consentimientoAvisos: { por: E2E_ADMIN.username },
      });

      // Finalised: the family is told on both channels; with no channel configured, both are discarded.
      const version = ((await stored.json()) as { version: number }).version;
      const fin = await page.request.post(`/api/inscriptos/${id}/finalizar`, {
        data: { ...datos, email: 'renata.familia@correo.com.uy', avisosConsentimiento: 'SI', version },
        headers,
      });
      expect(fin.status(), await fin.text()).toBe(200);
      await page.goto(`/inscriptos/${id}`);
      const panel = page.getByRole('region', { name: 'Avisos a la familia' });
      const items = panel.getByRole('listitem');
      await expect(items).toHaveCount(2, { timeout: 15_000 });
      await expect(panel.getByText('Descartado (sin canal configurado)')).toHaveCount(2, { timeout: 15_000 });
      await panel.getByRole('button', { name: 'Actualizar' }).click();
      await expect(panel.getByText('Correo electrónico · re•••@correo.com.uy')).toBeVisible();
      await expect(panel.getByText(/Mensaje al teléfono · ••• ••• 456/)).toBeVisible();
      await expect(panel.getByText(/1 intento/).first()).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      if (SHOTS) await panel.screenshot({ path: `${SHOTS}/avisos-panel-${width}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // An administrator sends one again: a new message, listed first.
      await panel.getByRole('button', { name: 'Reenviar' }).first().click();
      await expect(items).toHaveCount(3);
      await expect(panel.getByText(/reenvío de/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
    });

    test('Configuración: an administrator edits a message with its preview, and sees the failures', async ({
      page,
    }) => {
      const errors = watchForPageErrors(page);
      await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/admin/configuracion');
      const textos = page.getByRole('region', { name: 'Textos de los avisos a las familias' });
      await textos.getByLabel('Aviso').selectOption({ label: 'Recordatorio (24 horas antes del plazo)' });
      const texto = textos.getByLabel('Texto (correo y celular)');
      await texto.fill('{escuela}: el lugar de la N° {numero} vence el {vence}. Confirmalo en la escuela. {enlace}');
      const vista = textos.getByRole('region', { name: 'Vista previa (con datos de ejemplo)' });
      await expect(vista).toContainText(': el lugar de la N° 042 vence el 12/12/2026 18:00. Confirmalo en la escuela.');
      await vista.scrollIntoViewIfNeeded();
      if (SHOTS) await textos.screenshot({ path: `${SHOTS}/avisos-textos-${width}.png` });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await textos.getByRole('button', { name: 'Guardar textos' }).click();
      await expect(textos.getByText('Textos guardados.')).toBeVisible();
      // Put back: the other width's run starts from the defaults.
      await textos.getByLabel('Aviso').selectOption({ label: 'Recordatorio (24 horas antes del plazo)' });
      await textos.getByRole('button', { name: 'Volver al texto original de este aviso' }).click();
      await textos.getByRole('button', { name: 'Guardar textos' }).click();
      await expect(textos.getByText('Textos guardados.')).toBeVisible();
      const fallidos = page.getByRole('region', { name: 'Avisos que no se pudieron enviar' });
      await expect(fallidos.getByText('Ningún aviso falló.')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(errors).toEqual([]);
    });
  });
}

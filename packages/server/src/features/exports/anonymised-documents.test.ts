import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import { SYSTEM_COLUMNS } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { anonimizarInscriptos } from '../../domain/anonimizacion/anonimizar-inscriptos.ts';

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * An anonymised record keeps the stratum and "condicional" worked out before its data went;
 * every document shows those, as the API does (document-view.ts), never values worked out again from the few
 * fields left (which would read NORMAL / No).
 */
describe.each(DIALECTS)('documents of an anonymised record on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  let id = '';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const created = await postInscripto(
      t.app,
      admin,
      buildInscripto(new Date(), { nombre1: 'Anonimizable', ingresosAclarar: '12.000', totalIntegrantesHogar: '4' }),
    );
    id = created.id;
    expect(created).toMatchObject({ estrato: 'BAJO', condicional: true });
    // What the retention's anonymisation keeps of it (barrio and sexo), the derived values frozen.
    const now = new Date().toISOString();
    await t.app.ctx.db.transaction().execute((tx) =>
      anonimizarInscriptos(
        tx,
        [
          {
            id,
            datos: JSON.stringify({ barrio: created.barrio, sexo: created.sexo }),
            estrato: 'BAJO',
            condicional: 1,
          },
        ],
        ADMIN.username,
        now,
      ),
    );
  });
  afterAll(() => t.close());

  it('the record PDF, the mass PDF and the Excel show the estrato and condicional the API shows', async () => {
    const api = (await t.app.inject({ url: `/api/inscriptos/${id}`, headers: bearer(admin) })).json();
    expect(api).toMatchObject({ estrato: 'BAJO', condicional: true });
    expect(api.anonimizadoEn).toBeTruthy();
    expect(api.ingresosAclarar).toBeUndefined();

    const pdf = await t.app.inject({ url: `/api/inscriptos/export/pdf?id=${id}`, headers: bearer(admin) });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Inscripción condicional Sí');
    expect(text).toContain('Estrato socioeconómico BAJO');

    const all = await t.app.inject({ url: '/api/inscriptos/export/pdf-all', headers: bearer(admin) });
    expect(all.statusCode).toBe(200);
    const allText = await pdfText(all.rawPayload);
    expect(allText).toContain('Inscripción condicional Sí');
    expect(allText).toContain('Estrato socioeconómico BAJO');

    const excel = await t.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(admin) });
    expect(excel.statusCode).toBe(200);
    const wb = XLSX.read(excel.rawPayload);
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]!]!);
    expect(rows).toHaveLength(1);
    expect(rows[0]![SYSTEM_COLUMNS.condicional]).toBe('Sí');
    expect(rows[0]![SYSTEM_COLUMNS.estrato]).toBe(api.estrato);
  });
});

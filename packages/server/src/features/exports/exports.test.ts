import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(DIALECTS)('PDF exports on %s', (dialect) => {
  let t: TestApp;
  const tok: Partial<Record<Who, string>> = {};
  let record: { id: string; version: number } & Record<string, unknown>;
  const h = (who: Who) => (who === 'none' ? {} : bearer(tok[who]!));

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    const data = buildInscripto(new Date(), { nombre1: 'Agustín', apellido1: 'Muñoz' });
    const created = await postInscripto(t.app, tok.administrador, data);
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${created.id}/finalizar`,
      headers: h('administrador'),
      payload: { ...data, version: created.version },
    });
    record = fin.json();
  });
  afterAll(() => t.close());

  it.each([
    ['none', 401],
    ['visitado', 200],
    ['voluntario', 200],
    ['administrador', 200],
  ] as const)('GET /export/pdf as %s → %i', async (who, status) => {
    const res = await t.app.inject({ url: `/api/inscriptos/export/pdf?id=${record.id}`, headers: h(who) });
    expect(res.statusCode).toBe(status);
    if (status !== 200) return;
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inscripcion_${record.numeroInscripcion}.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Agustín');
    expect(text).toContain('Muñoz');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = '019a0000-0000-7000-8000-00000000ffff';
    expect(
      (await t.app.inject({ url: `/api/inscriptos/export/pdf?id=${unknown}`, headers: h('administrador') })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/inscriptos/export/pdf?id=x', headers: h('administrador') })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/api/inscriptos/export/pdf', headers: h('administrador') })).statusCode).toBe(
      400,
    );
  });

  it.each([
    ['none', 401],
    ['visitado', 403],
    ['voluntario', 200],
    ['administrador', 200],
  ] as const)('POST /export/pdf-backup as %s → %i, storing nothing', async (who, status) => {
    const before = (await t.app.inject({ url: '/api/inscriptos', headers: h('administrador') })).json().resumen.total;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inscriptos/export/pdf-backup',
      headers: h(who),
      payload: { formData: { nombre1: 'Sofía', apellido1: 'Núñez', telFijo: '24001234', campoRaro: { a: 1 } } },
    });
    expect(res.statusCode).toBe(status);
    if (status === 200) {
      expect(res.headers['content-disposition']).toMatch(/respaldo_inscripcion_\d{14}\.pdf/);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain('COPIA DE RESPALDO');
      expect(text).toContain('Sofía');
      expect(text).toContain('24001234');
    }
    expect((await t.app.inject({ url: '/api/inscriptos', headers: h('administrador') })).json().resumen.total).toBe(
      before,
    );
  });

  it('refuses a backup request without formData', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inscriptos/export/pdf-backup',
      headers: h('voluntario'),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });
});

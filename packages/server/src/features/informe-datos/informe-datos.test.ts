import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TInformeDatos } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import type { TAccesoList } from '@inscripciones/shared/accesos/accesos-schema.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { displayValue } from '@inscripciones/shared/inscriptos/display-value.ts';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';

const oneSpace = (s: string) => s.replace(/\s+/g, ' ');
const pdfText = async (payload: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(payload)), { mergePages: true })).text;

describe.each(DIALECTS)('personal-data report on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-11-10T15:00:00Z'));
  const tok = { administrador: '', visitado: '', voluntario: '' };
  let vol = '';
  let record: Record<string, unknown> & { id: string; version: number };
  const data = buildInscripto(new Date('2026-11-10T15:00:00Z'), {
    nombre1: 'Rigoberta',
    apellido1: 'Informeza',
    ingresos: 'Marcador ingresos Informe',
    cel1: '099123987',
  });

  const get = (who: keyof typeof tok | 'none', url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(who === 'none' ? {} : bearer(tok[who])), ...headers } });
  const url = () => `/api/inscriptos/${record.id}/informe-datos`;
  const accesos = async () =>
    ((await get('administrador', `/api/accesos?inscriptoId=${record.id}&pageSize=100`)).json() as TAccesoList).items;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    vol = u.username;
    tok.voluntario = await tokenFor(t.app, u.username, u.password);
    record = await postInscripto(t.app, tok.voluntario, data);
    time.advance(60_000);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/inscriptos/${record.id}`,
      headers: bearer(tok.voluntario),
      payload: { ...data, observaciones: 'Observación del informe', version: record.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    time.advance(60_000);
    expect((await get('visitado', `/api/inscriptos/${record.id}`)).statusCode).toBe(200);
    expect((await get('voluntario', `/api/inscriptos/export/pdf?id=${record.id}`)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('only an administrator gets it: 403 for volunteers (even its creator) and the guest, 401 without a session', async () => {
    expect((await get('none', url())).statusCode).toBe(401);
    expect((await get('visitado', url())).statusCode).toBe(403);
    expect((await get('voluntario', url())).statusCode).toBe(403);
    expect((await get('administrador', url())).statusCode).toBe(200);
  });

  it('404 for an unknown record and 400 for an unknown format, in Spanish', async () => {
    const missing = await get('administrador', '/api/inscriptos/01890000-0000-7000-8000-000000000000/informe-datos');
    expect(missing.statusCode).toBe(404);
    const bad = await get('administrador', `${url()}?formato=docx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('El formato debe ser json o pdf');
  });

  it('holds every field with a value, its change history and every access, itself included', async () => {
    // What is stored, as an administrator reads it (admin-only fields a volunteer sent were dropped).
    const stored = (await get('administrador', `/api/inscriptos/${record.id}`)).json() as Record<string, unknown>;
    const before = await accesos();
    const res = await get('administrador', url());
    expect(res.statusCode, res.body).toBe(200);
    const informe = res.json() as TInformeDatos;
    const after = await accesos();
    // Asking for the report wrote exactly one entry, and the report already lists it.
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({ accion: 'informe', usuario: ADMIN.username, detalle: 'json' });

    const campos = new Map(informe.secciones.flatMap((s) => s.campos).map((c) => [c.campo, c.valor]));
    for (const field of INSCRIPTO_FIELDS) {
      const value = stored[field.name];
      if (value === undefined || value === '' || (Array.isArray(value) && !value.length)) continue;
      expect(campos.has(field.name), field.name).toBe(true);
      if (!Array.isArray(value)) expect(campos.get(field.name), field.name).toBe(displayValue(field.name, value));
    }
    expect(campos.get('ingresos')).toBe('Marcador ingresos Informe');
    expect(campos.get('observaciones')).toBe('Observación del informe');
    expect(informe.inscripto).toMatchObject({ id: record.id, nombre: expect.stringContaining('Rigoberta') });

    expect(informe.historial.map((h) => [h.accion, h.usuario])).toEqual([
      ['crear', vol],
      ['editar', vol],
    ]);
    expect(informe.historial[1]!.campos).toEqual(['Observaciones']);

    // Every access the log holds for this record, in time order, the report's own last.
    const logged = after
      .filter((a) => a.inscriptoId === record.id)
      .map((a) => [a.accion, a.usuario])
      .reverse();
    expect(informe.accesos.map((a) => [a.accion, a.usuario])).toEqual(logged);
    expect(logged.slice(0, 2)).toEqual([
      ['ver', GUEST_CREDENTIALS.username],
      ['pdf', vol],
    ]);
    expect(logged.slice(-2)).toEqual([
      ['ver', ADMIN.username],
      ['informe', ADMIN.username],
    ]);
    expect(informe.accesos.at(-1)).toMatchObject({ accion: 'informe', ip: '127.0.0.1' });
    expect(informe.eventos).toEqual([]);
  });

  it('lists a bulk export made since the record was created, with how many records it held', async () => {
    expect((await get('administrador', '/api/inscriptos/export/excel')).statusCode).toBe(200);
    const informe = (await get('administrador', url())).json() as TInformeDatos;
    expect(informe.accesos.find((a) => a.accion === 'exportar')?.descripcion).toBe(
      'Exportación masiva (excel) de 1 inscripciones, que pudo incluir esta inscripción',
    );
  });

  it('comes as a PDF with ?formato=pdf or Accept: application/pdf, each logged once', async () => {
    for (const [query, headers] of [
      ['?formato=pdf', {}],
      ['', { accept: 'application/pdf' }],
    ] as const) {
      const before = (await accesos()).length;
      const res = await get('administrador', `${url()}${query}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.headers['content-disposition']).toContain('informe_datos_');
      const text = await pdfText(res.rawPayload);
      for (const expected of ['Informe de datos personales', 'Rigoberta', 'Marcador ingresos Informe', 'Accesos']) {
        expect(text).toContain(expected);
      }
      const after = await accesos();
      expect(after.length).toBe(before + 1);
      expect(after[0]).toMatchObject({ accion: 'informe', detalle: 'pdf' });
    }
  });

  it('the PDF prints what the JSON says, row for row', async () => {
    const json = (await get('administrador', url())).json() as TInformeDatos;
    const text = oneSpace(await pdfText((await get('administrador', `${url()}?formato=pdf`)).rawPayload));
    // Label and value side by side: short ones read back in order (a long one wraps beside its label).
    const filas = [...json.registro, ...json.secciones.flatMap((s) => s.campos)].filter(
      (c) => c.etiqueta.length <= 30 && c.valor.length <= 40,
    );
    expect(filas.length).toBeGreaterThan(20);
    for (const c of filas) expect(text).toContain(oneSpace(`${c.etiqueta} ${c.valor || '—'}`));
    for (const s of json.secciones.filter((x) => x.campos.length)) expect(text).toContain(`${s.numero}. ${s.titulo}`);
    expect(json.historial.length).toBeGreaterThan(1);
    for (const h of json.historial) expect(text).toContain(oneSpace(h.descripcion));
    // The PDF was asked for after the JSON: it has every access the JSON listed, and its own.
    for (const a of json.accesos) expect(text).toContain(oneSpace(`${a.descripcion} (IP ${a.ip})`));
  });
});

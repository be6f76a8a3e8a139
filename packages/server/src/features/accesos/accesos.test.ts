import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TAccesoList } from '@inscripciones/shared/accesos/accesos-schema.ts';
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
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

describe.each(DIALECTS)('access log on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-11-10T15:00:00Z'));
  const tok = { administrador: '', visitado: '', voluntario: '' };
  let vol = '';
  let volPassword = '';
  let record: { id: string; ci: string; nombre1: string; apellido1: string };

  const as = (who: keyof typeof tok | 'none', url: string) =>
    t.app.inject({ method: 'GET', url, headers: who === 'none' ? {} : bearer(tok[who]) });
  const accesos = async (query: string) => {
    const res = await as('administrador', `/api/accesos?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAccesoList;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    vol = u.username;
    volPassword = u.password;
    tok.voluntario = await tokenFor(t.app, u.username, u.password);
    const created = await postInscripto(t.app, tok.voluntario, buildInscripto(time.clock()));
    record = {
      id: created.id,
      ci: String(created.ci),
      nombre1: String(created.nombre1),
      apellido1: String(created.apellido1),
    };
  });
  afterAll(() => t.close());

  it('each read of one enrolment writes exactly one entry: who, when, what, from where', async () => {
    const before = (await accesos(`inscriptoId=${record.id}`)).total;
    expect((await as('visitado', `/api/inscriptos/${record.id}`)).statusCode).toBe(200);
    const after = await accesos(`inscriptoId=${record.id}`);
    expect(after.total).toBe(before + 1);
    expect(after.items[0]).toEqual({
      id: expect.any(String),
      fecha: time.clock().toISOString(),
      usuario: GUEST_CREDENTIALS.username,
      accion: 'ver',
      inscriptoId: record.id,
      detalle: null,
      cantidad: null,
      ip: '127.0.0.1',
    });
  });

  it("the record's PDF writes one 'pdf' entry", async () => {
    const before = (await accesos(`inscriptoId=${record.id}&accion=pdf`)).total;
    expect((await as('voluntario', `/api/inscriptos/export/pdf?id=${record.id}`)).statusCode).toBe(200);
    const after = await accesos(`inscriptoId=${record.id}&accion=pdf`);
    expect(after.total).toBe(before + 1);
    expect(after.items[0]).toMatchObject({ usuario: vol, accion: 'pdf', inscriptoId: record.id });
  });

  it('each export writes one entry with which export and how many records', async () => {
    const total = (await as('administrador', '/api/inscriptos')).json().total as number;
    for (const kind of ['excel', 'pdf-all', 'pdf-zip', 'sql']) {
      const before = (await accesos('accion=exportar')).total;
      expect((await as('administrador', `/api/inscriptos/export/${kind}`)).statusCode).toBe(200);
      const after = await accesos('accion=exportar');
      expect(after.total, kind).toBe(before + 1);
      expect(after.items[0]).toMatchObject({ usuario: ADMIN.username, detalle: kind, cantidad: total });
    }
  });

  it('refused or missing reads write nothing; a list page writes one entry', async () => {
    const before = (await accesos('')).total;
    expect((await as('none', `/api/inscriptos/${record.id}`)).statusCode).toBe(401);
    expect((await as('visitado', '/api/inscriptos/export/excel')).statusCode).toBe(403);
    expect((await as('visitado', '/api/inscriptos/01a20a76-e03e-753a-b5b0-8f7d03ff15b0')).statusCode).toBe(404);
    expect((await accesos('')).total).toBe(before);
    expect((await as('visitado', '/api/inscriptos')).statusCode).toBe(200);
    expect((await accesos('')).total).toBe(before + 1);
    expect((await accesos('accion=listar')).items[0]).toMatchObject({ usuario: GUEST_CREDENTIALS.username });
  });

  it("holds no personal data beyond the record's id and the user", async () => {
    const rows = await t.app.ctx.db.selectFrom('accesos').selectAll().execute();
    const text = JSON.stringify(rows);
    for (const value of [record.ci, record.nombre1, record.apellido1]) expect(text).not.toContain(value);
  });

  it('filters by user, record, action and day (Montevideo), newest first, paginated', async () => {
    time.advance(24 * 3600_000); // 2026-11-11 12:00 in Montevideo; sessions expired meanwhile
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.voluntario = await tokenFor(t.app, vol, volPassword);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    await as('voluntario', `/api/inscriptos/${record.id}`);
    await as('voluntario', `/api/inscriptos/${record.id}`);
    const byUser = await accesos(`usuario=${vol}&accion=ver`);
    expect(byUser.total).toBe(2);
    expect(byUser.items.every((i) => i.usuario === vol && i.accion === 'ver')).toBe(true);

    const day = await accesos('desde=2026-11-11&hasta=2026-11-11');
    expect(day.items.map((i) => i.fecha.slice(0, 10))).toEqual(['2026-11-11', '2026-11-11']);
    expect((await accesos('hasta=2026-11-10')).items.every((i) => i.fecha < '2026-11-11T03:00:00.000Z')).toBe(true);

    const page1 = await accesos('pageSize=2&page=1');
    const page2 = await accesos('pageSize=2&page=2');
    expect(page1.items).toHaveLength(2);
    expect(page1.total).toBeGreaterThan(3);
    expect(page1.items[0]!.fecha >= page2.items[0]!.fecha).toBe(true);
    expect(page2.items.map((i) => i.id)).not.toContain(page1.items[0]!.id);
  });

  it('rejects bad filters with a Spanish 400', async () => {
    const res = await as('administrador', '/api/accesos?accion=borrar&desde=ayer');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/acción no es válida|AAAA-MM-DD/);
  });

  it("each of the raffle's and the places' documents writes one export entry with how many lines it holds", async () => {
    await insertFamilies(
      t.app.ctx.db,
      time.clock(),
      [0, 1, 2].map((i) => ({ children: [{ nombre1: `Documento${i}`, sexo: i % 2 ? 'M' : 'F' }] })),
    );
    const sorteoId = await runRaffle(t.app, tok.administrador, { nenas: 1, varones: 1 });
    const documentos = [
      ['/api/plazas/nomina.pdf', 'plazas-nomina-pdf'],
      ['/api/plazas/nomina.xlsx', 'plazas-nomina-xlsx'],
      ['/api/plazas/suplentes.pdf', 'plazas-suplentes-pdf'],
      ['/api/plazas/adenda.pdf', 'plazas-adenda-pdf'],
      [`/api/sorteo/actas/${sorteoId}/acta.json`, 'sorteo-acta-json'],
      [`/api/sorteo/actas/${sorteoId}/acta.pdf`, 'sorteo-acta-pdf'],
    ] as const;
    for (const [url, detalle] of documentos) {
      const before = (await accesos('accion=exportar')).total;
      const res = await as('administrador', url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      const after = await accesos('accion=exportar');
      expect(after.total, url).toBe(before + 1);
      expect(after.items[0], url).toMatchObject({ usuario: ADMIN.username, detalle, cantidad: expect.any(Number) });
    }
  });

  it.each([
    ['none', 401],
    ['visitado', 403],
    ['voluntario', 403],
    ['administrador', 200],
  ] as const)('GET /api/accesos as %s → %i', async (who, status) => {
    expect((await as(who, '/api/accesos')).statusCode).toBe(status);
  });
});

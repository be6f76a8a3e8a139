import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TDuplicadosList, TResueltosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { auditHead, listAuditFor } from '../../data/auditoria/audit-repository.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const WHO: Who[] = ['none', 'visitado', 'voluntario', 'administrador'];
const today = new Date();

/**
 * Possible duplicates caught at the table (the form's check before saving, POST /api/duplicados/verificar) and
 * resolved by deleting the record left over (POST /api/duplicados/{id}/eliminar), which "Resueltos" keeps.
 */
describe.each(DIALECTS)('posibles duplicados: verificar sin escribir y eliminar el que sobra (%s)', (dialect) => {
  let t: TestApp;
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  const inject = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who === 'none' ? {} : bearer(tok[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await inject(who, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const total = async () => (await ok('administrador', 'GET', '/api/inscriptos')).resumen.total as number;
  const fecha = `${today.getFullYear() - 6}-07-21`;
  const martina = buildInscripto(today, {
    nombre1: 'Martina',
    nombre2: undefined,
    apellido1: 'Suárez',
    apellido2: 'Olivera',
    fechaNacimiento: fecha,
  });
  const copia = buildInscripto(today, { ...martina, nombre1: 'MARTINA', apellido1: 'suarez', ci: undefined });
  let martinaId = '';
  let numeroMartina = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    const saved = await postInscripto(t.app, tok.administrador, martina);
    const fin = await ok('administrador', 'POST', `/api/inscriptos/${saved.id}/finalizar`, {
      ...martina,
      version: saved.version,
    });
    martinaId = saved.id;
    numeroMartina = fin.numeroInscripcion;
  });
  afterAll(() => t.close());

  it('checks a record being typed for staff only, the same answer for both, writing nothing', async () => {
    const [y, m, d] = fecha.split('-');
    const body = { nombre1: 'martina', apellido1: 'SUAREZ', fechaNacimiento: `${d}/${m}/${y}` };
    const before = { head: await auditHead(t.app.ctx.db), total: await total() };
    const answers: Partial<Record<Who, unknown>> = {};
    for (const who of WHO) {
      const res = await inject(who, 'POST', '/api/duplicados/verificar', body);
      const expected = { none: 401, visitado: 403, voluntario: 200, administrador: 200 }[who];
      expect(res.statusCode, who).toBe(expected);
      if (res.statusCode === 200) answers[who] = res.json();
      else expect(res.json().message, who).toMatch(/\S/);
    }
    // The warning names the other child and why; the advice in words for each role is the form's (shared messages).
    const mensajes = (who: Who) => (answers[who] as { items: { mensaje: string }[] }).items.map((a) => a.mensaje);
    expect(mensajes('voluntario')).toEqual([
      `Posible duplicado de Martina Suárez Olivera, N° ${numeroMartina}: misma fecha de nacimiento y nombre`,
    ]);
    expect(mensajes('administrador')).toEqual(mensajes('voluntario'));
    // Nothing written: no audit entry, no record, no open pair.
    expect(await auditHead(t.app.ctx.db)).toEqual(before.head);
    expect(await total()).toBe(before.total);
    expect(((await ok('administrador', 'GET', '/api/duplicados')) as TDuplicadosList).total).toBe(0);
  });

  it('deletes the record left over (administrators, a record of the pair), and "Resueltos" keeps who and when', async () => {
    const saved = await postInscripto(t.app, tok.voluntario!, copia);
    const [grupo] = ((await ok('voluntario', 'GET', '/api/duplicados')) as TDuplicadosList).items;
    expect(grupo).toBeDefined();
    const url = `/api/duplicados/${grupo!.id}/eliminar`;

    // Every role but the administrator is refused before the body is read; nothing is deleted.
    const refused = { none: 401, visitado: 403, voluntario: 403 } as const;
    for (const who of ['none', 'visitado', 'voluntario'] as const) {
      const res = await inject(who, 'POST', url, { inscriptoId: saved.id });
      expect(res.statusCode, who).toBe(refused[who]);
      expect(res.json().message, who).toMatch(/\S/);
    }
    // A record outside the pair, a malformed id, an unknown pair: Spanish 4xx, nothing deleted.
    const otro = await inject('administrador', 'POST', url, { inscriptoId: '0190a000-0000-7000-8000-000000000000' });
    expect(otro.statusCode).toBe(400);
    expect(otro.json().message).toBe(DUPLICADO_MSG.noEsDelGrupo);
    expect((await inject('administrador', 'POST', url, { inscriptoId: 'x' })).statusCode).toBe(400);
    const nadie = await inject('administrador', 'POST', `/api/duplicados/${'ab'.repeat(16)}/eliminar`, {
      inscriptoId: saved.id,
    });
    expect(nadie.statusCode).toBe(404);
    expect(nadie.json().message).toBe(DUPLICADO_MSG.noAbierto);
    expect((await inject('administrador', 'GET', `/api/inscriptos/${saved.id}`)).statusCode).toBe(200);

    const before = await total();
    const res = await ok('administrador', 'POST', url, { inscriptoId: saved.id });
    expect(res).toMatchObject({
      id: grupo!.id,
      eliminado: { inscriptoId: saved.id, numeroInscripcion: null },
      conservados: [
        { inscriptoId: martinaId, numeroInscripcion: numeroMartina, nombreCompleto: 'Martina Suárez Olivera' },
      ],
      resueltoPor: ADMIN.username,
    });
    expect(Date.parse(res.resueltoEn)).not.toBeNaN();

    // The record is gone (as the list's "Eliminar" leaves it, audited), the pair is no longer open.
    expect(await total()).toBe(before - 1);
    expect((await inject('administrador', 'GET', `/api/inscriptos/${saved.id}`)).statusCode).toBe(404);
    expect((await listAuditFor(t.app.ctx.db, saved.id)).map((e) => e.accion)).toContain('eliminar');
    expect(((await ok('administrador', 'GET', '/api/duplicados')) as TDuplicadosList).total).toBe(0);
    // "Resueltos" keeps it, for the volunteer who typed it too; deleting again is a 404.
    const resueltos = (await ok('voluntario', 'GET', '/api/duplicados/resueltos')) as TResueltosList;
    expect(resueltos.eliminados).toEqual([res]);
    expect(resueltos.items).toEqual([]);
    expect((await inject('administrador', 'POST', url, { inscriptoId: saved.id })).statusCode).toBe(404);
    // The child's own data never went into the resolution: only the number deleted and the kept record's id.
    const row = await t.app.ctx.db.selectFrom('duplicados_resueltos').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toMatch(/martina/i);
  });
});

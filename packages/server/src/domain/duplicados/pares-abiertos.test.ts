import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TDuplicadosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';

/*
 * Detection kept up to date per write: after every save, edit, deletion or resolution the badge,
 * the list and the form's check answer as if they detected over the whole cycle now, on the instance that
 * wrote and on another one on the same database; and writes that skip the audit chain (the seed, a restored
 * copy) are still seen.
 */
describe.each(DIALECTS)('possible duplicates kept up to date on %s', (dialect) => {
  let t: TestApp;
  let otra: FastifyInstance;
  let token = '';
  const today = new Date();
  const fecha = `${today.getFullYear() - 6}-07-21`;
  const call = async (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.statusCode === 204 ? null : res.json();
  };
  const badge = async (app: FastifyInstance) =>
    ((await call(app, 'GET', '/api/duplicados?limite=0')) as TDuplicadosList).total;
  const pairs = async (app: FastifyInstance) =>
    ((await call(app, 'GET', '/api/duplicados')) as TDuplicadosList).items.map((p) =>
      [p.a, p.b]
        .map((n) => `${n.inscriptoId}${n.hermano === null ? '' : `#${n.hermano}`}`)
        .sort()
        .concat(p.motivo)
        .join(' '),
    );
  const both = async () => {
    const [a, b] = [await pairs(t.app), await pairs(otra)];
    expect(b, 'the other instance').toEqual(a);
    expect(await badge(otra)).toBe(a.length);
    return a;
  };
  const tomas = buildInscripto(today, {
    nombre1: 'Tomás',
    nombre2: undefined,
    apellido1: 'Urrutia',
    apellido2: 'Sosa',
    fechaNacimiento: fecha,
  });
  let tomasId = '';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    otra = await t.reopen();
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    // Both instances have detected (and kept) the empty cycle before the writes below.
    expect(await badge(t.app)).toBe(0);
    expect(await badge(otra)).toBe(0);
    tomasId = (await postInscripto(t.app, token, tomas)).id;
  });
  afterAll(async () => {
    await otra.close();
    await t.close();
  });

  it('shows a save at once on both instances, and forgets the pair when an edit or a deletion parts them', async () => {
    const copia = await postInscripto(otra, token, { ...tomas, nombre1: 'TOMAS', ci: undefined });
    expect(await badge(t.app)).toBe(1);
    expect(await both()).toEqual([[tomasId, copia.id].sort().join(' ') + ' nombre_y_fecha']);
    // Another birth date, saved through the first instance: no pair anywhere.
    const otraFecha = await call(t.app, 'PUT', `/api/inscriptos/${copia.id}`, {
      ...tomas,
      nombre1: 'TOMAS',
      ci: undefined,
      fechaNacimiento: `${today.getFullYear() - 6}-07-22`,
      version: copia.version,
    });
    expect(await both()).toEqual([]);
    await call(otra, 'PUT', `/api/inscriptos/${copia.id}`, {
      ...tomas,
      nombre1: 'TOMAS',
      ci: undefined,
      version: otraFecha.version,
    });
    expect(await both()).toHaveLength(1);
    await call(otra, 'DELETE', `/api/inscriptos/${copia.id}`);
    expect(await badge(t.app)).toBe(0);
    expect(await both()).toEqual([]);
    expect((await call(t.app, 'GET', `/api/duplicados/inscripto/${tomasId}`)).items).toEqual([]);
  });

  it('checks a record being typed against the records as saved a moment ago through the other instance', async () => {
    const typed = { nombre1: 'Tomas', apellido1: 'Sosa', apellido2: 'Urrutia', fechaNacimiento: fecha };
    expect((await call(t.app, 'POST', '/api/duplicados/verificar', typed)).items).toHaveLength(1);
    // A sibling listed by name in a new record, saved through the other instance.
    const hermana = await postInscripto(otra, token, {
      ...buildInscripto(today, {
        nombre1: 'Julia',
        apellido1: 'Urrutia',
        fechaNacimiento: `${today.getFullYear() - 4}-01-02`,
      }),
      cantidadHermanosInscriben: 1,
      hermanosInscriben: [{ nombre: 'Tomás Urrutia Sosa', nivel: 'Inicial', sexo: 'M' }],
    });
    expect(await both()).toEqual([[tomasId, `${hermana.id}#0`].sort().join(' ') + ' hermano_e_inscripto']);
    const check = await call(t.app, 'POST', '/api/duplicados/verificar', typed);
    expect(check.items.map((i: { par: { motivo: string } }) => i.par.motivo).sort()).toEqual([
      'apellidos_invertidos',
      'hermano_e_inscripto',
    ]);
    await call(t.app, 'DELETE', `/api/inscriptos/${hermana.id}`);
    expect(await both()).toEqual([]);
  });

  it('keeps a resolved pair hidden on both instances while other records are written', async () => {
    const copia = await postInscripto(t.app, token, { ...tomas, apellido1: 'urrutia', ci: undefined });
    const [par] = ((await call(otra, 'GET', '/api/duplicados')) as TDuplicadosList).items;
    await call(otra, 'POST', `/api/duplicados/${par!.id}/resolver`, { decision: 'distintos' });
    expect(await both()).toEqual([]);
    await postInscripto(t.app, token, buildInscripto(today));
    expect(await both()).toEqual([]);
    expect((await call(t.app, 'GET', '/api/duplicados/resueltos')).items).toHaveLength(1);
    await call(t.app, 'DELETE', `/api/inscriptos/${copia.id}`);
    expect((await call(otra, 'GET', '/api/duplicados/resueltos')).items).toEqual([]);
  });

  it('sees records written without the audit chain (the seed) and a chain that does not go on (a restored copy)', async () => {
    const db = t.app.ctx.db;
    const row = await db.selectFrom('inscriptos').selectAll().where('id', '=', tomasId).executeTakeFirstOrThrow();
    // A copy of Tomás without a CI, inserted as the seed does: no audit entry, the count changes.
    const sinAuditoria = newId(Date.now());
    await db
      .insertInto('inscriptos')
      .values({
        ...row,
        id: sinAuditoria,
        ci: null,
        numero_inscripcion: null,
        datos: JSON.stringify({ ...tomas, ci: undefined }),
      })
      .execute();
    expect(await both()).toEqual([[tomasId, sinAuditoria].sort().join(' ') + ' nombre_y_fecha']);
    // A restored copy: the record differs, the count does not, and the chain's last entry is another one.
    await db
      .updateTable('inscriptos')
      .set({ datos: JSON.stringify({ ...tomas, ci: undefined, fechaNacimiento: `${today.getFullYear() - 5}-01-01` }) })
      .where('id', '=', sinAuditoria)
      .execute();
    const head = await db.selectFrom('auditoria_cabeza').selectAll().executeTakeFirstOrThrow();
    const otroHash = 'f'.repeat(64);
    await db.updateTable('auditoria').set({ hash: otroHash }).where('seq', '=', head.ultimo_seq).execute();
    await db.updateTable('auditoria_cabeza').set({ ultimo_hash: otroHash }).execute();
    expect(await both()).toEqual([]);
  });
});

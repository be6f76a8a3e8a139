import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { Kysely } from 'kysely';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
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
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';
import { migrateTo } from '../../db/migrations.ts';
import { appendAudit, allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const ROLES: Who[] = ['none', 'visitado', 'voluntario', 'administrador'];

/** A multipart body with one file field, as a browser sends it. */
function multipart(filename: string, content: Buffer) {
  const boundary = `----ciclos${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="${filename}"\r\n` +
        'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(DIALECTS)('admission cycles on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-10-01T12:00:00Z'));
  const today = time.clock();
  const tok: Partial<Record<Who, string>> = {};
  const h = (who: Who) => (who === 'none' ? {} : bearer(tok[who]!));
  const inject = (who: Who, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: h(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (who: Who, method: string, url: string, payload?: unknown) => {
    const res = await inject(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const ciclos = async () => (await ok('administrador', 'GET', '/api/ciclos')).items as Record<string, unknown>[];
  const finalise = async (who: Who, data: Record<string, unknown>) => {
    const rec = await postInscripto(t.app, tok[who]!, data);
    return ok(who, 'POST', `/api/inscriptos/${rec.id}/finalizar`, { ...data, version: rec.version });
  };
  const excelRows = async (query: string) => {
    const res = await inject('administrador', 'GET', `/api/inscriptos/export/excel${query}`);
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload);
    return XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]!]!);
  };

  let c2027: string;
  let c2028: string;
  const oldCi = uniqueCi();
  let oldRecord: Record<string, unknown>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  });
  afterAll(() => t.close());

  it('starts with one current, open cycle named after the intake year', async () => {
    const items = await ciclos();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ nombre: 'Ingresos 2027', anioIngreso: 2027, estado: 'abierto', actual: true });
    c2027 = items[0]!.id as string;
  });

  it('authorization: everyone signed in lists cycles; only administrators create and change them', async () => {
    const expected: Record<Who, { list: number; create: number; update: number }> = {
      none: { list: 401, create: 401, update: 401 },
      visitado: { list: 200, create: 403, update: 403 },
      voluntario: { list: 200, create: 403, update: 403 },
      administrador: { list: 200, create: 201, update: 200 },
    };
    for (const who of ROLES) {
      const e = expected[who];
      expect((await inject(who, 'GET', '/api/ciclos')).statusCode, `${who} list`).toBe(e.list);
      const update = await inject(who, 'PUT', `/api/ciclos/${c2027}`, { sorteoLugar: 'Gimnasio' });
      expect(update.statusCode, `${who} update`).toBe(e.update);
      if (who !== 'administrador') {
        expect((await inject(who, 'POST', '/api/ciclos', {})).statusCode, `${who} create`).toBe(e.create);
      }
    }
    const created = await inject('administrador', 'POST', '/api/ciclos', {});
    expect(created.statusCode).toBe(201);
    // The next year, with the current cycle's lottery texts and places (the place just changed above).
    expect(created.json()).toMatchObject({
      nombre: 'Ingresos 2028',
      anioIngreso: 2028,
      estado: 'abierto',
      actual: false,
      sorteoLugar: 'Gimnasio',
      sorteoFecha: '2027-10-31',
      plazasNenas: 28,
    });
    c2028 = created.json().id;
    const again = await inject('administrador', 'POST', '/api/ciclos', { anioIngreso: 2028 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CICLO_MSG.anioRepetido(2028));
  });

  it('the OpenAPI document describes the cycle endpoints and ?ciclo on the list and the exports', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/ciclos'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/api/ciclos/{id}'])).toContain('put');
    const params = (p: string) => doc.paths[p].get.parameters.map((x: { name: string }) => x.name);
    expect(params('/api/inscriptos')).toContain('ciclo');
    expect(params('/api/inscriptos/export/excel')).toContain('ciclo');
  });

  it('the offer deadline days: only administrators change them, validated, audited and kept with their time', async () => {
    const plazo = async () => (await ciclos()).find((c) => c.id === c2027)!.plazoOfertaDias;
    expect(await plazo()).toBe(7);
    const expected: Record<Who, number> = { none: 401, visitado: 403, voluntario: 403, administrador: 200 };
    for (const who of ROLES) {
      const res = await inject(who, 'PUT', `/api/ciclos/${c2027}`, { plazoOfertaDias: 10 });
      expect(res.statusCode, who).toBe(expected[who]);
      expect(await plazo(), who).toBe(who === 'administrador' ? 10 : 7);
    }
    for (const bad of [0, 61, 2.5, '7', null]) {
      const res = await inject('administrador', 'PUT', `/api/ciclos/${c2027}`, { plazoOfertaDias: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields[0]).toMatchObject({ field: 'plazoOfertaDias', message: CICLO_MSG.plazoOferta });
    }
    expect(await plazo()).toBe(10);
    // Audited like every cycle change; the change is kept with its time for the roll-up (decision 0015).
    const entry = await t.app.ctx.db
      .selectFrom('auditoria')
      .selectAll()
      .where('inscripto_id', '=', c2027)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ accion: 'editar', usuario: ADMIN.username });
    expect(JSON.parse(entry.cambios)).toEqual({ plazo_oferta_dias: { antes: 7, despues: 10 } });
    const kept = await t.app.ctx.db
      .selectFrom('ciclo_plazos_oferta')
      .selectAll()
      .where('ciclo_id', '=', c2027)
      .execute();
    expect(kept.map((k) => [k.desde, Number(k.dias)])).toEqual([[time.clock().toISOString(), 10]]);
    // The same value again changes nothing and keeps no new change.
    await ok('administrador', 'PUT', `/api/ciclos/${c2027}`, { plazoOfertaDias: 10 });
    expect(await t.app.ctx.db.selectFrom('ciclo_plazos_oferta').selectAll().execute()).toHaveLength(1);
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const body = doc.paths['/api/ciclos/{id}'].put.requestBody.content['application/json'].schema;
    expect(body.properties.plazoOfertaDias).toMatchObject({ type: 'integer', minimum: 1, maximum: 60 });
    await ok('administrador', 'PUT', `/api/ciclos/${c2027}`, { plazoOfertaDias: 7 });
  });

  it('numbering restarts in the new cycle; each list, summary and export sees only its own records', async () => {
    oldRecord = await finalise('voluntario', buildInscripto(today, { ci: oldCi, nombre1: 'Antigua' }));
    await finalise('administrador', buildInscripto(today, { nombre1: 'Otra' }));
    await postInscripto(t.app, tok.administrador!, buildInscripto(today, { nombre1: 'Pendiente' }));
    expect(oldRecord.numeroInscripcion).toBe(1);
    expect(oldRecord.ciclo).toEqual({ id: c2027, nombre: 'Ingresos 2027', estado: 'abierto' });

    const made = await ok('administrador', 'PUT', `/api/ciclos/${c2028}`, { actual: true });
    expect(made).toMatchObject({ actual: true });
    const items = await ciclos();
    expect(items.filter((c) => c.actual).map((c) => c.id)).toEqual([c2028]);

    // The same child applies again: accepted, numbered from 1, and the check reports the earlier cycle.
    const check = await ok('voluntario', 'GET', `/api/inscriptos/verificar-ci?ci=${oldCi}`);
    expect(check).toMatchObject({ duplicado: false });
    expect(check.anteriores).toEqual([
      { ciclo: 'Ingresos 2027', numeroInscripcion: 1, mensaje: 'Ya se inscribió en Ingresos 2027 (N° 1)' },
    ]);
    const again = await finalise('voluntario', buildInscripto(today, { ci: oldCi, nombre1: 'Nueva' }));
    expect(again.numeroInscripcion).toBe(1);
    expect(again.ciclo).toMatchObject({ id: c2028, nombre: 'Ingresos 2028' });
    // Within a cycle the CI stays unique.
    const dup = await inject('administrador', 'POST', '/api/inscriptos', buildInscripto(today, { ci: oldCi }));
    expect(dup.statusCode).toBe(409);

    const current = await ok('visitado', 'GET', '/api/inscriptos');
    expect(current.ciclo.id).toBe(c2028);
    expect(current.resumen).toEqual({ total: 1, pendientes: 0, finalizados: 1 });
    expect(current.items.map((i: { nombre1: string }) => i.nombre1)).toEqual(['Nueva']);
    const old = await ok('visitado', 'GET', `/api/inscriptos?ciclo=${c2027}`);
    expect(old.resumen).toEqual({ total: 3, pendientes: 1, finalizados: 2 });
    expect(old.items.every((i: { ciclo: { id: string } }) => i.ciclo.id === c2027)).toBe(true);
    expect((await ok('visitado', 'GET', `/api/inscriptos?ciclo=${c2027}&q=${oldCi}`)).total).toBe(1);
    expect((await inject('visitado', 'GET', `/api/inscriptos?ciclo=${crypto.randomUUID()}`)).statusCode).toBe(404);

    expect(await excelRows('')).toHaveLength(1);
    expect(await excelRows(`?ciclo=${c2027}`)).toHaveLength(3);
    const zip = await inject('administrador', 'GET', `/api/inscriptos/export/pdf-zip?ciclo=${c2027}`);
    expect(zip.statusCode).toBe(200);
    // One PDF per enrolment of that cycle (each name appears in the entry's header and in the directory).
    expect(new Set(zip.rawPayload.toString('latin1').match(/(?:inscripcion|pendiente)_[\w-]+\.pdf/g)).size).toBe(3);
    // The SQL backup is the whole system: both cycles and every record.
    const sql = (await inject('administrador', 'GET', '/api/inscriptos/export/sql')).body;
    expect(sql).toContain('Ingresos 2027');
    expect(sql).toContain('Ingresos 2028');
    expect(sql.match(/Antigua|Nueva/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("the new cycle's raffle never includes the old cycle's children; its acta stays downloadable", async () => {
    const start = await ok('administrador', 'POST', '/api/sorteo/start', {
      fuenteValorPublico: { tipo: 'dados', cantidad: 2 },
    });
    expect(start.estadisticas.total).toBe(1);
    const status = await ok('none', 'GET', '/api/sorteo/status');
    expect(status.anio).toBe(2028);
    await ok('administrador', 'POST', '/api/sorteo/valor-publico', { valor: '4 2', origen: 'Dados en la sala' });
    const next = await ok('administrador', 'POST', '/api/sorteo/next');
    expect(next.participante.nombreCompleto).toContain('Nueva');

    // Closing is refused while the raffle runs.
    const close = await inject('administrador', 'PUT', `/api/ciclos/${c2028}`, { estado: 'cerrado' });
    expect(close.statusCode).toBe(409);
    expect(close.json().message).toBe(CICLO_MSG.cerrarConSorteo('Ingresos 2028'));
    await ok('administrador', 'POST', '/api/sorteo/end', { motivo: 'Prueba del ciclo' });
    const actas = await ok('administrador', 'GET', '/api/sorteo/actas');
    expect(actas[0] ?? actas.items?.[0]).toMatchObject({ anio: 2028 });
  });

  it('a closed cycle refuses every write for every role and keeps every read', async () => {
    // The 2027 record is edited as it was read, before closing.
    const rec = await ok('administrador', 'GET', `/api/inscriptos/${oldRecord.id as string}`);
    const exported = await inject('administrador', 'GET', `/api/inscriptos/export/excel?ciclo=${c2027}`);
    const closed = await ok('administrador', 'PUT', `/api/ciclos/${c2027}`, { estado: 'cerrado' });
    expect(closed).toMatchObject({ estado: 'cerrado', actual: false });
    const message = CICLO_MSG.cerrado('Ingresos 2027');

    const body = { ...completeInscripto(today), ci: oldCi, nombre1: 'Antigua', version: rec.version };
    for (const who of ['voluntario', 'administrador'] as const) {
      for (const [method, url] of [
        ['PUT', `/api/inscriptos/${rec.id}`],
        ['POST', `/api/inscriptos/${rec.id}/finalizar`],
      ] as const) {
        const res = await inject(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(409);
        expect(res.json().message).toBe(message);
      }
    }
    const del = await inject('administrador', 'DELETE', `/api/inscriptos/${rec.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(message);
    // Its data cannot change either; it can be reopened.
    const edit = await inject('administrador', 'PUT', `/api/ciclos/${c2027}`, { sorteoLugar: 'Patio' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(message);
    // The visitor cannot write anywhere anyway: still 403, before the cycle is looked at.
    expect((await inject('visitado', 'PUT', `/api/inscriptos/${rec.id}`, body)).statusCode).toBe(403);

    // Reads keep working for everyone.
    for (const who of ['visitado', 'voluntario', 'administrador'] as const) {
      expect((await inject(who, 'GET', `/api/inscriptos?ciclo=${c2027}`)).json().resumen.total).toBe(3);
      expect((await inject(who, 'GET', `/api/inscriptos/${rec.id}`)).json().ciclo.estado).toBe('cerrado');
    }
    expect(await excelRows(`?ciclo=${c2027}`)).toHaveLength(3);

    // Made current while closed: creating, importing and the raffle are refused too.
    await ok('administrador', 'PUT', `/api/ciclos/${c2027}`, { actual: true });
    for (const who of ['voluntario', 'administrador'] as const) {
      const res = await inject(who, 'POST', '/api/inscriptos', buildInscripto(today));
      expect(res.statusCode, `${who} create`).toBe(409);
      expect(res.json().message).toBe(message);
    }
    const { payload, contentType } = multipart('inscriptos.xlsx', exported.rawPayload);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/inscriptos/import/excel',
      headers: { ...h('administrador'), 'content-type': contentType },
      payload,
    });
    expect(imported.statusCode).toBe(409);
    expect(imported.json().message).toBe(message);
    const raffle = await inject('administrador', 'POST', '/api/sorteo/start', {
      confirmarNuevo: true,
      fuenteValorPublico: { tipo: 'dados', cantidad: 2 },
    });
    expect(raffle.statusCode).toBe(409);

    // Reopened and 2028 current again: writes work.
    await ok('administrador', 'PUT', `/api/ciclos/${c2027}`, { estado: 'abierto' });
    await ok('administrador', 'PUT', `/api/ciclos/${c2028}`, { actual: true });
    expect((await inject('administrador', 'PUT', `/api/inscriptos/${rec.id}`, body)).statusCode).toBe(200);
  });

  it('the school content shows the current cycle: its year and lottery texts', async () => {
    const publico = await ok('none', 'GET', '/api/configuracion/publico');
    expect(publico).toMatchObject({ anioIngreso: 2028, sorteoLugar: 'Gimnasio', sorteoFecha: '2027-10-31' });
    await ok('administrador', 'PUT', `/api/ciclos/${c2028}`, { sorteoLugar: 'Salón de actos' });
    expect((await ok('none', 'GET', '/api/configuracion/publico')).sorteoLugar).toBe('Salón de actos');

    // Saving the settings screen as read changes nothing; a changed place goes to the current cycle.
    const leido = await ok('administrador', 'GET', '/api/configuracion/contenido');
    const same = await ok('administrador', 'PUT', '/api/configuracion/contenido', {
      ...leido.contenido,
      version: leido.version,
    });
    expect(same.version).toBe(leido.version);
    await ok('administrador', 'PUT', '/api/configuracion/contenido', {
      ...leido.contenido,
      sorteoLugar: 'Patio cubierto',
      version: leido.version,
    });
    const actual = (await ciclos()).find((c) => c.id === c2028);
    expect(actual).toMatchObject({ sorteoLugar: 'Patio cubierto' });
    const anterior = (await ciclos()).find((c) => c.id === c2027);
    expect(anterior).toMatchObject({ sorteoLugar: 'Gimnasio' });
  });
});

describe.each(DIALECTS)('upgrade of a database from the release before cycles on %s', (dialect) => {
  let t: TestApp;
  const ids: string[] = [];
  let headBefore: { ultimo_seq: number; ultimo_hash: string };

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      before: async ({ db }, pgSchema) => {
        await migrateTo(db, '0008_rate_limits', pgSchema);
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the previous release's schema
        const old = db as Kysely<any>;
        const now = '2026-09-15T12:00:00.000Z';
        for (let i = 0; i < 5; i += 1) {
          const id = crypto.randomUUID();
          ids.push(id);
          const finalizado = i < 3;
          await old
            .insertInto('inscriptos')
            .values({
              id,
              numero_inscripcion: finalizado ? i + 1 : null,
              estado: finalizado ? 'finalizado' : 'pendiente',
              ci: uniqueCi(),
              sexo: 'F',
              nombre_busqueda: `nena ${i}`,
              created_by: 'admin',
              funcionario: 'admin',
              updated_by: 'admin',
              fecha_inscripcion: now,
              created_at: now,
              updated_at: now,
              version: 1,
              datos: JSON.stringify({ nombre1: `Nena${i}`, apellido1: 'Previa' }),
            })
            .execute();
          await db.transaction().execute((tx) =>
            appendAudit(tx as never, {
              fecha: now,
              usuario: 'admin',
              accion: 'crear',
              inscripto_id: id,
              cambios: { nombre1: { despues: `Nena${i}` } },
            }),
          );
        }
        await old.updateTable('secuencias').set({ valor: 3 }).where('nombre', '=', 'numero_inscripcion').execute();
        await old
          .insertInto('configuracion')
          .values({
            clave: 'contenido',
            valor: JSON.stringify({ anioIngreso: 2026, sorteoLugar: 'Comedor viejo', plazasNenas: 20 }),
            version: 1,
            actualizado_por: 'admin',
            actualizado_en: now,
          })
          .execute();
        headBefore = await auditHead(db);
      },
    });
  });
  afterAll(() => t.close());

  it('keeps every record in one cycle named after the configured year, numbering on, audit chain intact', async () => {
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const ciclos = (await t.app.inject({ url: '/api/ciclos', headers: bearer(token) })).json().items;
    expect(ciclos).toHaveLength(1);
    expect(ciclos[0]).toMatchObject({
      nombre: 'Ingresos 2026',
      anioIngreso: 2026,
      estado: 'abierto',
      actual: true,
      sorteoLugar: 'Comedor viejo',
      plazasNenas: 20,
    });
    const list = (await t.app.inject({ url: '/api/inscriptos?pageSize=100', headers: bearer(token) })).json();
    expect(list.resumen).toEqual({ total: 5, pendientes: 2, finalizados: 3 });
    expect(list.items.map((i: { id: string }) => i.id).sort()).toEqual([...ids].sort());

    // The counter carried over: the next finalised enrolment is number 4.
    const data = buildInscripto(new Date());
    const rec = await postInscripto(t.app, token, data);
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${rec.id}/finalizar`,
      headers: bearer(token),
      payload: { ...data, version: rec.version },
    });
    expect(fin.json().numeroInscripcion).toBe(4);

    const db = t.app.ctx.db;
    const head = await auditHead(db);
    expect(head.ultimo_seq).toBe(headBefore.ultimo_seq + 2); // the create and the finalisation
    expect(await verifyChain(allAuditEntries(db), head)).toEqual({ ok: true, checked: head.ultimo_seq });
  });
});

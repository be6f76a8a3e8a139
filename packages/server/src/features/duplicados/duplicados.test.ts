import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { type TDuplicadosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { anonimizarTextosDelCiclo } from '../../domain/anonimizacion/anonimizar-textos.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const today = new Date();
/** The fields POST /api/duplicados/verificar takes, from a record's data. */
const pick = (d: ReturnType<typeof buildInscripto>) => ({
  nombre1: d.nombre1,
  apellido1: d.apellido1,
  apellido2: d.apellido2,
  fechaNacimiento: d.fechaNacimiento,
  ci: d.ci,
});

describe.each(DIALECTS)('posibles duplicados on %s', (dialect) => {
  let t: TestApp;
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  const inject = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who === 'none' ? {} : bearer(tok[who]!),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await inject(who, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const abiertos = async () => ((await ok('administrador', 'GET', '/api/duplicados')) as TDuplicadosList).items;

  // Lucía Pérez, finalised (N° shown in the warning), and the same child typed again by a volunteer.
  const lucia = buildInscripto(today, {
    nombre1: 'Lucía',
    nombre2: undefined,
    apellido1: 'Pérez',
    apellido2: 'García',
    fechaNacimiento: `${today.getFullYear() - 6}-03-05`,
  });
  const copia = buildInscripto(today, {
    nombre1: 'LUCIA',
    nombre2: undefined,
    apellido1: 'perez ',
    apellido2: 'García',
    fechaNacimiento: lucia.fechaNacimiento,
  });
  let luciaId = '';
  let copiaId = '';
  let numeroLucia = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    // Raffle participants that look like nobody else (each its own name and birth date).
    for (const [i, nombre1] of ['Ana', 'Bruno', 'Carla', 'Diego'].entries()) {
      const datos = buildInscripto(today, {
        nombre1,
        apellido1: `Apellido${i}`,
        sexo: i % 2 ? 'M' : 'F',
        fechaNacimiento: `${today.getFullYear() - 6}-0${i + 5}-1${i}`,
      });
      const saved = await postInscripto(t.app, tok.administrador, datos);
      await ok('administrador', 'POST', `/api/inscriptos/${saved.id}/finalizar`, { ...datos, version: saved.version });
    }
    const a = await postInscripto(t.app, tok.administrador, lucia);
    const fin = await ok('administrador', 'POST', `/api/inscriptos/${a.id}/finalizar`, {
      ...lucia,
      version: a.version,
    });
    luciaId = a.id;
    numeroLucia = fin.numeroInscripcion;
  });
  afterAll(() => t.close());

  it('decides every route on the server, for every role', async () => {
    const rutas: [string, 'GET' | 'POST', string, unknown?][] = [
      ['list', 'GET', '/api/duplicados'],
      ['avisos', 'GET', `/api/duplicados/inscripto/${luciaId}`],
      ['resolver', 'POST', `/api/duplicados/${'0'.repeat(32)}/resolver`, { decision: 'distintos' }],
      ['resueltos', 'GET', '/api/duplicados/resueltos'],
      ['verificar', 'POST', '/api/duplicados/verificar', { nombre1: 'Nadie' }],
    ];
    const expected: Record<Who, number[]> = {
      none: [401, 401, 401, 401, 401],
      visitado: [403, 403, 403, 403, 403],
      voluntario: [200, 200, 403, 200, 200],
      // An unknown pair: found to be no open pair, after the permission passed.
      administrador: [200, 200, 404, 200, 200],
    };
    for (const who of ['none', 'visitado', 'voluntario', 'administrador'] as const) {
      for (const [i, [name, method, url, payload]] of rutas.entries()) {
        const res = await inject(who, method, url, payload);
        expect(res.statusCode, `${who} ${name}`).toBe(expected[who][i]);
        if (res.statusCode >= 400) expect(res.json().message, `${who} ${name}`).toMatch(/\S/);
      }
    }
  });

  it('is documented in the OpenAPI document the server serves, with the override of the start', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/duplicados',
        '/api/duplicados/{id}/resolver',
        '/api/duplicados/inscripto/{id}',
        '/api/duplicados/verificar',
        '/api/duplicados/resueltos',
      ]),
    );
    const start = doc.paths['/api/sorteo/start'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(start.properties ?? start.anyOf?.[0]?.properties ?? {})).toContain('motivoDuplicados');
  });

  it('warns about a record before it is saved (new or edited), and refuses malformed data with a 400', async () => {
    const fecha = lucia.fechaNacimiento!;
    const [y, m, d] = fecha.split('-');
    const res = await ok('voluntario', 'POST', '/api/duplicados/verificar', {
      nombre1: 'Lucia',
      apellido1: 'PÉREZ',
      // As the form types it.
      fechaNacimiento: `${d}/${m}/${y}`,
    });
    expect(res.items.map((a: { mensaje: string }) => a.mensaje)).toEqual([
      `Posible duplicado de Lucía Pérez García, N° ${numeroLucia}: misma fecha de nacimiento y nombre`,
    ]);
    // Lucía's own record, edited without a change of the matched fields: no warning against itself.
    const propio = await ok('voluntario', 'POST', '/api/duplicados/verificar', { id: luciaId, ...pick(lucia) });
    expect(propio.items).toEqual([]);
    // Another birth date: a look-alike, not a duplicate.
    const otra = await ok('voluntario', 'POST', '/api/duplicados/verificar', {
      ...pick(lucia),
      fechaNacimiento: '2019-01-01',
    });
    expect(otra.items).toEqual([]);
    // Nothing was stored: the pair exists only once the record is saved.
    expect(await abiertos()).toEqual([]);
    for (const bad of [{ fechaNacimiento: '31/02/2020' }, { ci: '123' }, { id: 'x' }, { otro: 1 }]) {
      const r = await inject('voluntario', 'POST', '/api/duplicados/verificar', bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().message).toMatch(/\S/);
    }
  });

  it('warns a volunteer who enters a near-duplicate, and lists the pair with its reason', async () => {
    const saved = await postInscripto(t.app, tok.voluntario!, copia);
    copiaId = saved.id;
    const avisos = await ok('voluntario', 'GET', `/api/duplicados/inscripto/${copiaId}`);
    expect(avisos.items.map((a: { mensaje: string }) => a.mensaje)).toEqual([
      `Posible duplicado de Lucía Pérez García, N° ${numeroLucia}: misma fecha de nacimiento y nombre`,
    ]);
    const pares = await abiertos();
    expect(pares).toHaveLength(1);
    expect(pares[0]!.motivo).toBe('nombre_y_fecha');
    expect(new Set([pares[0]!.a.inscriptoId, pares[0]!.b.inscriptoId])).toEqual(new Set([luciaId, copiaId]));
    // The id is derived from the pair: the same on every read.
    expect((await abiertos())[0]!.id).toBe(pares[0]!.id);
  });

  it('refuses to start the raffle while a pair is open, and writes nothing', async () => {
    const res = await inject('administrador', 'POST', '/api/sorteo/start', {
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DUPLICADO_MSG.sorteoBloqueado(1));
    expect(res.json().message).toBe(
      'Hay 1 posible duplicado sin resolver. Resolvelo o indicá un motivo para iniciar igual.',
    );
    expect((await ok('administrador', 'GET', '/api/sorteo/status')).isActive).toBe(false);
    const blank = await inject('administrador', 'POST', '/api/sorteo/start', {
      motivoDuplicados: '   ',
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('starts with a written reason, which the acta (JSON and PDF) and the audit chain keep', async () => {
    const motivo = 'Las dos Lucía son mellizas: lo confirmó la familia por teléfono.';
    const started = await ok('administrador', 'POST', '/api/sorteo/start', {
      motivoDuplicados: motivo,
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    await ok('administrador', 'POST', '/api/sorteo/end', { motivo: 'Prueba de duplicados' });
    const acta = await ok('administrador', 'GET', `/api/sorteo/actas/${started.id}/acta.json`);
    expect(acta.motivoDuplicados).toBe(motivo);
    const pdf = await inject('administrador', 'GET', `/api/sorteo/actas/${started.id}/acta.pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain(motivo);
    const audit = await t.app.ctx.db
      .selectFrom('auditoria')
      .select(['usuario', 'cambios'])
      .where('inscripto_id', '=', `sorteo:${started.id}`)
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.cambios)).toMatchObject({
      motivoDuplicados: { despues: motivo },
      duplicadosAbiertos: { despues: 1 },
    });
    expect(await verifyChain(allAuditEntries(t.app.ctx.db, 2), await auditHead(t.app.ctx.db))).toMatchObject({
      ok: true,
    });
  });

  it('resolves a pair as two children (administrator), then the raffle starts without a reason', async () => {
    const [par] = await abiertos();
    const bad = await inject('administrador', 'POST', `/api/duplicados/${par!.id}/resolver`, { decision: 'iguales' });
    expect(bad.statusCode).toBe(400);
    const res = await ok('administrador', 'POST', `/api/duplicados/${par!.id}/resolver`, {
      decision: 'distintos',
      nota: 'Mellizas',
    });
    expect(res).toMatchObject({ id: par!.id, decision: 'distintos', nota: 'Mellizas', resueltoPor: ADMIN.username });
    expect(await abiertos()).toEqual([]);
    // Kept as resolved, with who and when: the screen lists it.
    const resueltos = await ok('voluntario', 'GET', '/api/duplicados/resueltos');
    expect(resueltos.items).toEqual([
      {
        par: expect.objectContaining({ id: par!.id, motivo: 'nombre_y_fecha' }),
        resolucion: {
          nota: 'Mellizas',
          resueltoPor: ADMIN.username,
          resueltoPorNombre: expect.any(String),
          resueltoEn: res.resueltoEn,
        },
      },
    ]);
    const again = await inject('administrador', 'POST', `/api/duplicados/${par!.id}/resolver`, {
      decision: 'distintos',
    });
    expect(again.statusCode).toBe(404);
    const started = await ok('administrador', 'POST', '/api/sorteo/start', {
      confirmarNuevo: true,
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    await ok('administrador', 'POST', '/api/sorteo/end', { motivo: 'Prueba de duplicados' });
    const acta = await ok('administrador', 'GET', `/api/sorteo/actas/${started.id}/acta.json`);
    expect(acta).not.toHaveProperty('motivoDuplicados');
  });

  it("audits the note as a digest; anonymising either child's cycle clears the note and the digest's key", async () => {
    const [{ par }] = (await ok('voluntario', 'GET', '/api/duplicados/resueltos')).items;
    const db = t.app.ctx.db;
    const entry = await db
      .selectFrom('auditoria')
      .select('cambios')
      .where('inscripto_id', '=', `duplicado:${par.id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.cambios).nota.despues).toMatch(/^hmac:[0-9a-f]{32}$/);
    expect(entry.cambios).not.toContain('Mellizas');
    const key = db.selectFrom('auditoria_claves').select('clave').where('inscripto_id', '=', `duplicado:${par.id}`);
    expect(await key.execute()).toHaveLength(1);

    const cicloId = (await findActual(db)).id;
    await db
      .transaction()
      .execute((tx) => anonimizarTextosDelCiclo(tx, cicloId, () => () => true, new Set([par.b.inscriptoId as string])));
    const [after] = (await ok('voluntario', 'GET', '/api/duplicados/resueltos')).items;
    expect(after.resolucion.nota).toBeNull();
    expect(await key.execute()).toEqual([]);
  });

  it('keeps the pair resolved after an edit elsewhere, and reopens it when a matched field changes', async () => {
    const current = await ok('voluntario', 'GET', `/api/inscriptos/${copiaId}`);
    const domicilio = await ok('voluntario', 'PUT', `/api/inscriptos/${copiaId}`, {
      ...copia,
      domicilio: 'Av. Italia 1234',
      version: current.version,
    });
    expect(domicilio.domicilio).toBe('Av. Italia 1234');
    expect(await abiertos()).toEqual([]);
    expect((await ok('voluntario', 'GET', `/api/duplicados/inscripto/${copiaId}`)).items).toEqual([]);
    // The form's check of the same edit in progress: no warning either.
    const enCurso = await ok('voluntario', 'POST', '/api/duplicados/verificar', { id: copiaId, ...pick(copia) });
    expect(enCurso.items).toEqual([]);
    await ok('voluntario', 'PUT', `/api/inscriptos/${copiaId}`, {
      ...copia,
      domicilio: 'Av. Italia 1234',
      apellido1: 'Pérez',
      version: domicilio.version,
    });
    const reabiertos = await abiertos();
    expect(reabiertos).toHaveLength(1);
    expect(new Set([reabiertos[0]!.a.inscriptoId, reabiertos[0]!.b.inscriptoId])).toEqual(new Set([luciaId, copiaId]));
  });

  it('counts the open groups for the badge without listing them, and another instance sees a third look-alike', async () => {
    const total = (await abiertos()).length;
    const cuenta = async (app: TestApp['app']) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/duplicados?limite=0',
        headers: bearer(tok.voluntario!),
      });
      expect(res.statusCode).toBe(200);
      return res.json() as TDuplicadosList;
    };
    expect(await cuenta(t.app)).toEqual({ items: [], total, page: 1, pageSize: 0 });
    const limitado = (await ok('administrador', 'GET', '/api/duplicados?limite=1')) as TDuplicadosList;
    expect(limitado.items).toEqual((await abiertos()).slice(0, 1));
    const malo = await inject('administrador', 'GET', '/api/duplicados?limite=uno');
    expect(malo.statusCode).toBe(400);
    expect(malo.json().message).toMatch(/límite/i);
    // Two servers on one database: the other one read the count before the write, and must not keep it.
    const otro = await t.reopen();
    try {
      expect((await cuenta(otro)).total).toBe(total);
      await postInscripto(
        t.app,
        tok.administrador!,
        buildInscripto(today, {
          nombre1: 'Lucia',
          nombre2: undefined,
          apellido1: 'Perez',
          apellido2: 'Garcia',
          fechaNacimiento: lucia.fechaNacimiento,
        }),
      );
      // A third Lucía joins the open pair: one group of three, not three pairs.
      expect((await cuenta(otro)).total).toBe(total);
      expect((await cuenta(t.app)).total).toBe(total);
      const grupo = (await abiertos()).find((g) => g.ninos.some((n) => n.inscriptoId === luciaId))!;
      expect(grupo.cantidad).toBe(3);
      expect(grupo.ninos.map((n) => n.inscriptoId)).toContain(copiaId);
    } finally {
      await otro.close();
    }
  });
});

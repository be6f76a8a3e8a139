import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
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

type Who = 'none' | 'visitado' | 'volOwner' | 'volOther' | 'administrador';
const WHO: Who[] = ['none', 'visitado', 'volOwner', 'volOther', 'administrador'];

describe.each(DIALECTS)('inscriptos API on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-11-10T15:00:00Z'));
  const today = time.clock();
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  const users: Record<string, string> = {};
  const h = (who: Who) => (who === 'none' ? {} : bearer(tok[who]!));
  const inject = (who: Who, method: string, url: string, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: h(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = async (id: string) => (await inject('administrador', 'GET', `/api/inscriptos/${id}`)).json();
  const list = async (query = '') => (await inject('administrador', 'GET', `/api/inscriptos?${query}`)).json();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const who of ['volOwner', 'volOther'] as const) {
      const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
      users[who] = u.username;
      tok[who] = await tokenFor(t.app, u.username, u.password);
    }
  });
  afterAll(() => t.close());

  describe('authorization matrix (every endpoint × every kind of user)', () => {
    const expected: Record<Who, Record<string, number>> = {
      none: {
        list: 401,
        get: 401,
        ci: 401,
        funcionarios: 401,
        create: 401,
        update: 401,
        finalize: 401,
        historial: 401,
        remove: 401,
      },
      visitado: {
        list: 200,
        get: 200,
        ci: 200,
        funcionarios: 403,
        create: 403,
        update: 403,
        finalize: 403,
        historial: 403,
        remove: 403,
      },
      volOwner: {
        list: 200,
        get: 200,
        ci: 200,
        funcionarios: 403,
        create: 201,
        update: 200,
        finalize: 200,
        historial: 403,
        remove: 403,
      },
      volOther: {
        list: 200,
        get: 200,
        ci: 200,
        funcionarios: 403,
        create: 201,
        update: 403,
        finalize: 403,
        historial: 403,
        remove: 403,
      },
      administrador: {
        list: 200,
        get: 200,
        ci: 200,
        funcionarios: 200,
        create: 201,
        update: 200,
        finalize: 200,
        historial: 200,
        remove: 200,
      },
    };
    it.each(WHO)('%s', async (who) => {
      const rec = await postInscripto(t.app, tok.volOwner!, buildInscripto(today));
      const e = expected[who];
      const status = async (method: string, url: string, payload?: unknown) =>
        (await inject(who, method, url, payload)).statusCode;
      expect(await status('GET', '/api/inscriptos'), 'list').toBe(e.list);
      expect(await status('GET', `/api/inscriptos/${rec.id}`), 'get').toBe(e.get);
      expect(await status('GET', `/api/inscriptos/verificar-ci?ci=${uniqueCi()}`), 'ci').toBe(e.ci);
      expect(await status('GET', '/api/inscriptos/funcionarios'), 'funcionarios').toBe(e.funcionarios);
      expect(await status('POST', '/api/inscriptos', buildInscripto(today)), 'create').toBe(e.create);
      const body = { ...buildInscripto(today, { ci: rec.ci as string, nombre1: 'Cambiado' }), version: rec.version };
      expect(await status('PUT', `/api/inscriptos/${rec.id}`, body), 'update').toBe(e.update);
      const version = (await get(rec.id)).version;
      expect(await status('POST', `/api/inscriptos/${rec.id}/finalizar`, { ...body, version }), 'finalize').toBe(
        e.finalize,
      );
      expect(await status('GET', `/api/inscriptos/${rec.id}/historial`), 'historial').toBe(e.historial);
      expect(await status('DELETE', `/api/inscriptos/${rec.id}`), 'remove').toBe(e.remove);
      // What was refused left the record as it was.
      if (e.update !== 200) expect((await get(rec.id)).nombre1).toBe('Valentina');
      if (e.remove !== 200)
        expect((await inject('administrador', 'GET', `/api/inscriptos/${rec.id}`)).statusCode).toBe(200);
    });

    it('refuses a guest before validating the body (403, not 400)', async () => {
      expect((await inject('visitado', 'POST', '/api/inscriptos', { basura: true })).statusCode).toBe(403);
    });
  });

  describe('what a voluntario may set', () => {
    it('is always their own official and never sets "fuera de zona autorizado"', async () => {
      const rec = await postInscripto(t.app, tok.volOwner!, {
        ...buildInscripto(today),
        funcionario: ADMIN.username,
        fueraDeZonaAutorizado: true,
      });
      expect(rec.funcionario).toBe(users.volOwner);
      expect(rec.createdBy).toEqual({ username: users.volOwner });
      expect(rec.fueraDeZonaAutorizado).toBeUndefined();
    });

    it('keeps the stored official and zone flag when a voluntario saves', async () => {
      const rec = await postInscripto(t.app, tok.administrador!, {
        ...buildInscripto(today),
        funcionario: users.volOwner,
        fueraDeZonaAutorizado: true,
      });
      expect(rec).toMatchObject({ funcionario: users.volOwner, fueraDeZonaAutorizado: true });
      // The official (not the creator) may edit it; their attempt to change both fields is ignored.
      const res = await inject('volOwner', 'PUT', `/api/inscriptos/${rec.id}`, {
        ...buildInscripto(today, { ci: rec.ci as string }),
        version: rec.version,
        funcionario: users.volOther,
        fueraDeZonaAutorizado: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ funcionario: users.volOwner, fueraDeZonaAutorizado: true });
    });

    it('an administrator may only name an active user as official', async () => {
      const res = await inject('administrador', 'POST', '/api/inscriptos', {
        ...buildInscripto(today),
        funcionario: 'nadie',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INSCRIPTO_MSG.funcionarioUnknown('nadie'));
    });

    it('offers administrators the active users who may enrol, never the guest nor an inactive user', async () => {
      const inactivo = await createUser(t.app, tok.administrador!, { role: 'voluntario', activo: false });
      const res = await inject('administrador', 'GET', '/api/inscriptos/funcionarios');
      expect(res.statusCode).toBe(200);
      const usernames = (res.json() as { username: string; nombre: string }[]).map((u) => u.username);
      expect(usernames).toEqual(expect.arrayContaining([ADMIN.username, users.volOwner, users.volOther]));
      expect(usernames).not.toContain(GUEST_CREDENTIALS.username);
      expect(usernames).not.toContain(inactivo.username);
      // Only what the select shows: no role, e-mail or hash.
      expect(Object.keys(res.json()[0]).sort()).toEqual(['nombre', 'username']);
    });

    it('refuses the guest account as official, writing nothing', async () => {
      const before = (await list()).total;
      const res = await inject('administrador', 'POST', '/api/inscriptos', {
        ...buildInscripto(today),
        funcionario: GUEST_CREDENTIALS.username,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INSCRIPTO_MSG.funcionarioUnknown(GUEST_CREDENTIALS.username));
      expect((await list()).total).toBe(before);
    });
  });

  describe('finalising', () => {
    it('refuses an incomplete record with the missing labels and changes nothing', async () => {
      const { apellido1: _a, sexo: _s, ...partial } = buildInscripto(today);
      const rec = await postInscripto(t.app, tok.administrador!, partial);
      const res = await inject('administrador', 'POST', `/api/inscriptos/${rec.id}/finalizar`, {
        ...partial,
        version: rec.version,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INSCRIPTO_MSG.cannotFinalize('Primer Apellido, Sexo'));
      expect(res.json().fields.map((f: { label: string }) => f.label)).toEqual(['Primer Apellido', 'Sexo']);
      expect(await get(rec.id)).toMatchObject({ estado: 'pendiente', numeroInscripcion: null, version: rec.version });
    });

    it('finalises a complete record with a number; a later section save keeps the number and sets pendiente', async () => {
      const data = buildInscripto(today);
      const rec = await postInscripto(t.app, tok.volOwner!, data);
      const fin = await inject('volOwner', 'POST', `/api/inscriptos/${rec.id}/finalizar`, {
        ...data,
        version: rec.version,
      });
      expect(fin.statusCode).toBe(200);
      const numero = fin.json().numeroInscripcion;
      expect(fin.json().estado).toBe('finalizado');
      expect(Number.isInteger(numero) && numero > 0).toBe(true);
      const save = await inject('volOwner', 'PUT', `/api/inscriptos/${rec.id}`, {
        ...data,
        observaciones: 'Llamar de tarde',
        version: fin.json().version,
      });
      expect(save.json()).toMatchObject({
        estado: 'pendiente',
        numeroInscripcion: numero,
        observaciones: 'Llamar de tarde',
      });
      const again = await inject('volOwner', 'POST', `/api/inscriptos/${rec.id}/finalizar`, {
        ...data,
        version: save.json().version,
      });
      expect(again.json()).toMatchObject({ estado: 'finalizado', numeroInscripcion: numero });
    });

    it('gives 50 concurrent finalisations 50 different numbers', async () => {
      const records = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const data = buildInscripto(today);
          return { data, rec: await postInscripto(t.app, tok.administrador!, data) };
        }),
      );
      const results = await Promise.all(
        records.map(({ data, rec }) =>
          inject('administrador', 'POST', `/api/inscriptos/${rec.id}/finalizar`, { ...data, version: rec.version }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
      const numbers = results.map((r) => r.json().numeroInscripcion as number);
      expect(new Set(numbers).size).toBe(50);
    });

    it('siblings enrolled together share one number, whichever is finalised first', async () => {
      const [ciA, ciB, ciC] = [uniqueCi(), uniqueCi(), uniqueCi()];
      const sibling = (ci: string, nombre: string) => ({ nombre, nivel: 'Inicial' as const, ci, sexo: 'M' as const });
      const a = buildInscripto(today, {
        ci: ciA,
        cantidadHermanosInscriben: 1,
        hermanosInscriben: [sibling(ciB, 'Bruno')],
      });
      const b = buildInscripto(today, { ci: ciB, nombre1: 'Bruno', sexo: 'M' });
      const c = buildInscripto(today, { ci: ciC });
      const ra = await postInscripto(t.app, tok.administrador!, a);
      const rb = await postInscripto(t.app, tok.administrador!, b);
      const rc = await postInscripto(t.app, tok.administrador!, c);
      const fin = async (id: string, data: object, version: number) =>
        (await inject('administrador', 'POST', `/api/inscriptos/${id}/finalizar`, { ...data, version })).json()
          .numeroInscripcion;
      // A lists B; B does not list A. B first, then A; and the unrelated C gets its own number.
      const nb = await fin(rb.id, b, rb.version);
      const na = await fin(ra.id, a, ra.version);
      const nc = await fin(rc.id, c, rc.version);
      expect(na).toBe(nb);
      expect(nc).not.toBe(nb);

      // The other way round: the one that lists its sibling goes first.
      const [ciD, ciE] = [uniqueCi(), uniqueCi()];
      const d = buildInscripto(today, {
        ci: ciD,
        cantidadHermanosInscriben: 1,
        hermanosInscriben: [sibling(ciE, 'Ema')],
      });
      const e = buildInscripto(today, { ci: ciE, nombre1: 'Ema' });
      const rd = await postInscripto(t.app, tok.administrador!, d);
      const re = await postInscripto(t.app, tok.administrador!, e);
      const nd = await fin(rd.id, d, rd.version);
      expect(await fin(re.id, e, re.version)).toBe(nd);
      expect(nd).not.toBe(na);
    });
  });

  describe('concurrent edits', () => {
    it('answers a stale version with 409 naming who changed it, and keeps their change', async () => {
      const data = buildInscripto(today);
      const rec = await postInscripto(t.app, tok.volOwner!, data);
      const first = await inject('administrador', 'PUT', `/api/inscriptos/${rec.id}`, {
        ...data,
        observaciones: 'Primero',
        version: rec.version,
      });
      expect(first.statusCode).toBe(200);
      const stale = await inject('volOwner', 'PUT', `/api/inscriptos/${rec.id}`, {
        ...data,
        observaciones: 'Segundo',
        version: rec.version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('STALE_VERSION');
      expect(stale.json().message).toMatch(/^La inscripción fue modificada por admin el 10\/11\/2026 a las 12:00/);
      expect((await get(rec.id)).observaciones).toBe('Primero');
      const missing = await inject('volOwner', 'PUT', `/api/inscriptos/${rec.id}`, { ...data });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain(INSCRIPTO_MSG.versionRequired);
    });

    it('a create retried three times with the same id makes one record', async () => {
      const id = '019a0000-0000-7000-8000-00000000abcd';
      const body = { ...buildInscripto(today), id };
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await inject('volOwner', 'POST', '/api/inscriptos', body)).statusCode);
      expect(statuses).toEqual([201, 200, 200]);
      const history = (await inject('administrador', 'GET', `/api/inscriptos/${id}/historial`)).json();
      expect(history.filter((e: { accion: string }) => e.accion === 'crear')).toHaveLength(1);
      const other = await inject('volOther', 'POST', '/api/inscriptos', { ...buildInscripto(today), id });
      expect(other.statusCode).toBe(409);
      expect(other.json().message).toBe(INSCRIPTO_MSG.idTaken);
    });
  });

  describe('CI', () => {
    it('refuses a second enrolment of the same child, and the check endpoint names the first', async () => {
      const ci = uniqueCi();
      const first = await postInscripto(
        t.app,
        tok.administrador!,
        buildInscripto(today, { ci, nombre1: 'Lucía', apellido1: 'Núñez' }),
      );
      const dotted = `${ci.slice(0, 1)}.${ci.slice(1, 4)}.${ci.slice(4, 7)}-${ci.slice(7)}`;
      const dup = await inject('administrador', 'POST', '/api/inscriptos', buildInscripto(today, { ci: dotted }));
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(INSCRIPTO_MSG.ciDuplicate('Lucía', 'Núñez'));
      const check = (
        await inject('volOther', 'GET', `/api/inscriptos/verificar-ci?ci=${encodeURIComponent(dotted)}`)
      ).json();
      expect(check).toEqual({
        duplicado: true,
        inscripto: { id: first.id, nombre1: 'Lucía', apellido1: 'Núñez' },
        mensaje: INSCRIPTO_MSG.ciDuplicate('Lucía', 'Núñez'),
        anteriores: [],
      });
      const own = (
        await inject('administrador', 'GET', `/api/inscriptos/verificar-ci?ci=${ci}&excluir=${first.id}`)
      ).json();
      expect(own.duplicado).toBe(false);
      expect((await inject('administrador', 'GET', '/api/inscriptos/verificar-ci?ci=123')).statusCode).toBe(400);
    });
  });

  describe('list, search and summary', () => {
    let fresh: TestApp;
    let admin: string;
    beforeAll(async () => {
      fresh = await buildTestApp(dialect, { clock: time.clock });
      admin = await tokenFor(fresh.app, ADMIN.username, ADMIN.password);
      const vol = await createUser(fresh.app, admin, { role: 'voluntario' });
      const volTok = await tokenFor(fresh.app, vol.username, vol.password);
      // The others' CIs are fixed apart from José's: uniqueCi's depend on the process id and can start with 612.
      const ci = (first7: string) => `${first7}${ciCheckDigit(first7)}`;
      const people = [
        { nombre1: 'José', apellido1: 'Martínez', apellido2: 'Núñez', ci: '61234568' },
        { nombre1: 'Ana', apellido1: 'MUÑOZ', apellido2: 'Gómez', ci: ci('6500001') },
        { nombre1: 'Zoe', apellido1: 'Álvarez', apellido2: 'Silva', ci: ci('6500002') },
      ];
      for (const p of people) {
        time.advance(1000);
        await postInscripto(fresh.app, admin, buildInscripto(today, p));
      }
      time.advance(1000);
      const mine = buildInscripto(today, { nombre1: 'Carla', apellido1: 'Suárez', ci: ci('6500003') });
      const rec = await postInscripto(fresh.app, volTok, mine);
      await fresh.app.inject({
        method: 'POST',
        url: `/api/inscriptos/${rec.id}/finalizar`,
        headers: bearer(volTok),
        payload: { ...mine, version: rec.version },
      });
      (fresh as TestApp & { volTok?: string }).volTok = volTok;
    });
    afterAll(() => fresh.close());
    const q = async (query: string, token = admin) =>
      (await fresh.app.inject({ url: `/api/inscriptos?${query}`, headers: bearer(token) })).json();

    it('finds names with or without accents and in any case', async () => {
      for (const term of ['martinez', 'MARTÍNEZ', 'Martinez Nuñez', 'jose', 'munoz', 'Muñoz', 'alvarez']) {
        const res = await q(`q=${encodeURIComponent(term)}`);
        expect(res.total, term).toBe(1);
      }
      expect((await q('q=sofia')).total).toBe(4);
      expect((await q('q=nadie')).items).toEqual([]);
    });

    it('finds a CI typed with or without dots and hyphen, and by its first digits', async () => {
      for (const term of ['61234568', '6.123.456-8', '6.123.456', '612']) {
        const res = await q(`q=${encodeURIComponent(term)}`);
        expect(
          res.items.map((i: { nombre1: string }) => i.nombre1),
          term,
        ).toEqual(['José']);
      }
    });

    it('filters by estado and "mis inscripciones" while the summary counts everything', async () => {
      const all = await q('');
      expect(all.resumen).toEqual({ total: 4, pendientes: 3, finalizados: 1 });
      const fin = await q('estado=finalizado');
      expect(fin.items.map((i: { nombre1: string }) => i.nombre1)).toEqual(['Carla']);
      expect(fin.resumen).toEqual(all.resumen);
      const volTok = (fresh as TestApp & { volTok?: string }).volTok!;
      const mine = await q('mias=true', volTok);
      expect(mine.total).toBe(1);
      expect(mine.resumen).toEqual(all.resumen);
      expect((await q('mias=true&estado=pendiente', volTok)).total).toBe(0);
    });

    it('pages newest first, 10 by default and at most 100', async () => {
      const page = await q('pageSize=2&page=1');
      expect(page).toMatchObject({ total: 4, page: 1, pageSize: 2 });
      expect(page.items.map((i: { nombre1: string }) => i.nombre1)).toEqual(['Carla', 'Zoe']);
      expect((await q('pageSize=2&page=2')).items.map((i: { nombre1: string }) => i.nombre1)).toEqual(['Ana', 'José']);
      expect((await q('page=9')).items).toEqual([]);
      expect((await q('')).pageSize).toBe(10);
      for (const bad of [
        'pageSize=101',
        'pageSize=0',
        'page=0',
        'page=abc',
        'estado=borrado',
        'mias=quizas',
        'orden=x',
      ]) {
        const res = await fresh.app.inject({ url: `/api/inscriptos?${bad}`, headers: bearer(admin) });
        expect(res.statusCode, bad).toBe(400);
      }
    });
  });

  describe('audit trail', () => {
    it('records who changed which fields, with digests of the values, for every kind of write', async () => {
      const data = buildInscripto(today);
      const rec = await postInscripto(t.app, tok.volOwner!, data);
      const upd = await inject('volOwner', 'PUT', `/api/inscriptos/${rec.id}`, {
        ...data,
        domicilio: 'Nueva 123',
        version: rec.version,
      });
      await inject('volOwner', 'POST', `/api/inscriptos/${rec.id}/finalizar`, {
        ...data,
        domicilio: 'Nueva 123',
        version: upd.json().version,
      });
      await inject('administrador', 'DELETE', `/api/inscriptos/${rec.id}`);
      const history = (await inject('administrador', 'GET', `/api/inscriptos/${rec.id}/historial`)).json();
      expect(history.map((e: { accion: string; usuario: string }) => [e.accion, e.usuario])).toEqual([
        ['crear', users.volOwner],
        ['editar', users.volOwner],
        ['finalizar', users.volOwner],
        ['eliminar', 'admin'],
      ]);
      // Field names and keyed digests, never the child's values (docs/privacy.md).
      const digest = expect.stringMatching(/^hmac:[0-9a-f]{32}$/);
      expect(history[1].cambios).toEqual({ domicilio: { antes: digest, despues: digest } });
      expect(history[1].cambios.domicilio.antes).not.toBe(history[1].cambios.domicilio.despues);
      expect(Object.keys(history[2].cambios).sort()).toEqual(['estado', 'numeroInscripcion']);
      expect(history[3].cambios.nombre1).toEqual({ antes: digest });
      expect(JSON.stringify(history)).not.toContain(data.nombre1!);
    });
  });

  describe('bad input is refused with a Spanish message, writes nothing and is never a 5xx', () => {
    const cases: [string, () => unknown, number][] = [
      ['wrong types', () => ({ ...buildInscripto(today), nombre1: 42, caif: 'tal vez' }), 400],
      ['an unknown field', () => ({ ...buildInscripto(today), colorFavorito: 'azul' }), 400],
      ['a string over its limit', () => ({ ...buildInscripto(today), nombre1: 'x'.repeat(1_000_000) }), 400],
      ['an invalid CI', () => buildInscripto(today, { ci: '5.999.999-9' }), 400],
      ['a CI of 7 digits', () => buildInscripto(today, { ci: '6123456' }), 400],
      ['a birth date outside the window', () => buildInscripto(today, { fechaNacimiento: '2017-12-31' }), 400],
      ['an impossible date', () => buildInscripto(today, { fechaNacimiento: '2020-02-30' }), 400],
      ['start year after end year', () => buildInscripto(today, { caif: true, caifInicio: 2025, caifFin: 2023 }), 400],
      [
        '500 siblings',
        () => ({
          ...buildInscripto(today),
          hermanosInscriben: Array.from({ length: 500 }, () => ({
            nombre: 'X',
            nivel: 'Inicial',
            ci: uniqueCi(),
            sexo: 'M',
          })),
        }),
        400,
      ],
      ['a 5 MB body', () => ({ ...buildInscripto(today), observaciones: 'x'.repeat(5 * 1024 * 1024) }), 413],
      ['an array', () => [buildInscripto(today)], 400],
    ];
    it.each(cases)('%s', async (_name, body, status) => {
      const before = (await list()).resumen.total;
      const res = await inject('administrador', 'POST', '/api/inscriptos', body());
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toMatch(/[a-záéíóúñ]{3}/i);
      expect((await list()).resumen.total).toBe(before);
    });

    it.each([
      [
        "a sibling with the child's own CI",
        (ci: string) => ({
          ci,
          cantidadHermanosInscriben: 1,
          hermanosInscriben: [
            {
              nombre: 'Mateo',
              nivel: 'Inicial' as const,
              ci: ci.replace(/^(\d)(\d{3})(\d{3})(\d)$/, '$1.$2.$3-$4'),
              sexo: 'M' as const,
            },
          ],
        }),
        'hermanosInscriben.0.ci',
        INSCRIPTO_MSG.siblingCi(1, INSCRIPTO_MSG.siblingCiIsChild),
      ],
      [
        '"Sí" to siblings in primary with none named',
        () => ({ tieneHermanosPrimaria: true, hermanosPrimaria: [{ nombre: ' ', grupo: '' }] }),
        'tieneHermanosPrimaria',
        INSCRIPTO_MSG.siblingPrimariaRequired,
      ],
    ])(
      'refuses %s on create and on update (400, naming the field), writing nothing',
      async (_name, change, path, message) => {
        const rec = await postInscripto(t.app, tok.administrador!, buildInscripto(today));
        const before = (await list()).resumen.total;
        const body = buildInscripto(today);
        const created = await inject('administrador', 'POST', '/api/inscriptos', { ...body, ...change(body.ci!) });
        expect(created.statusCode).toBe(400);
        expect(created.json().message).toContain(message);
        expect(created.json().fields).toEqual([expect.objectContaining({ field: path, message })]);
        expect((await list()).resumen.total).toBe(before);

        const updated = await inject('administrador', 'PUT', `/api/inscriptos/${rec.id}`, {
          ...buildInscripto(today, { ci: rec.ci as string }),
          ...change(rec.ci as string),
          version: rec.version,
        });
        expect(updated.statusCode).toBe(400);
        expect(updated.json().fields).toEqual([expect.objectContaining({ field: path, message })]);
        expect(await get(rec.id)).toMatchObject({ version: rec.version });
        expect((await get(rec.id)).hermanosPrimaria).toEqual(rec.hermanosPrimaria);
      },
    );

    it('accepts the form names of SPEC 3 as aliases', async () => {
      const { tel: _tel, ...data } = buildInscripto(today);
      const res = await inject('administrador', 'POST', '/api/inscriptos', { ...data, telFijo: '24001234' });
      expect(res.statusCode).toBe(201);
      expect(res.json().tel).toBe('24001234');
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const unknown = '019a0000-0000-7000-8000-00000000ffff';
      expect((await inject('administrador', 'GET', `/api/inscriptos/${unknown}`)).statusCode).toBe(404);
      expect((await inject('administrador', 'DELETE', `/api/inscriptos/${unknown}`)).statusCode).toBe(404);
      expect(
        (await inject('administrador', 'PUT', `/api/inscriptos/${unknown}`, { ...buildInscripto(today), version: 1 }))
          .statusCode,
      ).toBe(404);
      expect((await inject('administrador', 'GET', '/api/inscriptos/no-es-un-id')).statusCode).toBe(400);
    });
  });
});

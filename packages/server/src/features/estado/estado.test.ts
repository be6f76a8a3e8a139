import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import {
  CODIGO_ALFABETO,
  codigoLegible,
  type TCodigoEstado,
  type TEstadoFamilia,
} from '@inscripciones/shared/estado/estado-schema.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
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
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';
import { ESTADO_LIMITS } from './estado-service.ts';
import { DIRECCION_MSG } from '@inscripciones/shared/configuracion/direccion-publica.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const MINUTE = 60 * 1000;

/** The link the constancia prints, spaces removed: the PDF may break a long address across lines. */
async function enlace(body: Buffer) {
  return (await pdfText(body)).replace(/\s+/g, '').match(/entráa(.*?)eingresá/)?.[1];
}

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    { nombre1: `Estado${sexo}${i}`, nombre2: undefined, apellido1: `Familia${i}`, apellido2: 'Consulta', sexo },
  ],
});

describe.each(DIALECTS)('families status page on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-10-20T13:00:00Z'));
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  let vol: { username: string; password: string };
  let ip = 0;
  /** Every status answer the test saw: none may hold personal data. */
  const answers: string[] = [];
  const inject = (who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, remoteAddress?: string) =>
    t.app.inject({
      method,
      url,
      headers: who === 'none' ? {} : bearer(tok[who]!),
      ...(payload ? { payload } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  /** A lookup from an address of its own (the per-address limit has its own test). */
  const consulta = async (numeroInscripcion: number, codigo: string, from = `10.1.${++ip >> 8}.${ip & 255}`) => {
    const res = await inject('none', 'POST', '/api/estado', { numeroInscripcion, codigo }, from);
    answers.push(res.body);
    return res;
  };
  const estadoDe = async (numero: number): Promise<TEstadoFamilia> => {
    const res = await consulta(numero, codigos.get(numero)!);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const codigoDe = async (id: string, who: Who = 'administrador', method: 'GET' | 'POST' = 'GET') => {
    const res = await inject(who, method, `/api/inscriptos/${id}/codigo-estado`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TCodigoEstado;
  };
  const plazas = async (): Promise<TPlazasEstado> => (await inject('administrador', 'GET', '/api/plazas')).json();
  /** Saves the public address in Configuración (the constancia's link). */
  const guardarUrlPublica = async (urlPublica: string) => {
    const { contenido, version } = (await inject('administrador', 'GET', '/api/configuracion/contenido')).json();
    const res = await inject('administrador', 'PUT', '/api/configuracion/contenido', {
      ...contenido,
      urlPublica,
      version,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The per-number window closes: a phase of the season starts with fresh counts. */
  const nextPhase = async () => {
    time.advance(ESTADO_LIMITS.windowMs + MINUTE);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  };

  let rows: Awaited<ReturnType<typeof insertFamilies>>;
  const codigos = new Map<number, string>();
  const numeros: number[] = [];
  let pendiente: { id: string; numero: number };
  let pareja: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    rows = await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 5 }, (_, i) => lone('F', i)),
      lone('M', 0),
      {
        children: [
          { nombre1: 'Pareja', nombre2: undefined, apellido1: 'Hermana', apellido2: 'Consulta', sexo: 'F' },
          { nombre1: 'Pareja', nombre2: undefined, apellido1: 'Hermano', apellido2: 'Consulta', sexo: 'M' },
        ],
      },
    ]);
    for (const r of rows) if (!numeros.includes(r.numero_inscripcion!)) numeros.push(r.numero_inscripcion!);
    pareja = rows.at(-1)!.numero_inscripcion!;
    // The last lone girl was finalised, then saved again with her address cleared: pendiente, with her number.
    const last = rows[4]!;
    const datos = JSON.parse(last.datos as string) as Record<string, unknown>;
    delete datos.domicilio;
    await t.app.ctx.db
      .updateTable('inscriptos')
      .set({ estado: 'pendiente', datos: JSON.stringify(datos) })
      .where('id', '=', last.id)
      .execute();
    pendiente = { id: last.id as string, numero: last.numero_inscripcion! };
    // The volunteer enrolled the boy.
    await t.app.ctx.db
      .updateTable('inscriptos')
      .set({ created_by: vol.username })
      .where('id', '=', rows[5]!.id)
      .execute();
    for (const r of rows) codigos.set(r.numero_inscripcion!, (await codigoDe(r.id as string)).codigo);
  }, 60_000);
  afterAll(() => t.close());

  it('gives each number a random code of 10 unambiguous characters, the same on every read, stored hashed', async () => {
    expect(new Set(codigos.values()).size).toBe(numeros.length);
    for (const codigo of codigos.values()) {
      expect(codigo).toHaveLength(10);
      for (const c of codigo) expect(CODIGO_ALFABETO).toContain(c);
    }
    // Siblings share their number's code.
    const [a, b] = rows.slice(-2);
    expect((await codigoDe(a!.id as string)).codigo).toBe((await codigoDe(b!.id as string)).codigo);
    const stored = await t.app.ctx.db.selectFrom('codigos_estado').selectAll().execute();
    expect(stored).toHaveLength(numeros.length);
    const dump = JSON.stringify(stored);
    for (const codigo of codigos.values()) expect(dump).not.toContain(codigo);
    for (const s of stored) expect(s.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('before the raffle: pendiente with the sections missing, finalizada with the raffle date and time', async () => {
    const p = await estadoDe(pendiente.numero);
    expect(p).toMatchObject({ estado: 'pendiente', faltan: ['Domicilio y contacto'], ciclo: expect.any(String) });
    expect(p.ninos).toEqual([{ iniciales: 'E. F. C.', estado: 'pendiente' }]);
    const f = await estadoDe(numeros[0]!);
    expect(f).toMatchObject({
      estado: 'finalizada',
      faltan: [],
      // A family reads it at home, maybe a year later: the date has its year.
      sorteo: { fecha: '31 de octubre de 2026', hora: '14:00 horas', lugar: 'Comedor de Secundaria (presencial)' },
    });
    const pair = await estadoDe(pareja);
    expect(pair.ninos.map((n) => n.iniciales)).toEqual(['P. H. C.', 'P. H. C.']);
    // Lookups work with the code as printed (dashes, lower case).
    const printed = codigoLegible(codigos.get(numeros[0]!)!).toLowerCase();
    expect((await consulta(numeros[0]!, printed)).statusCode).toBe(200);
  });

  it('gives a wrong code and a wrong number byte-identical answers', async () => {
    const wrongCode = await consulta(numeros[0]!, 'ZZZZZ-ZZZZZ');
    const otherCode = await consulta(numeros[0]!, codigos.get(numeros[1]!)!);
    const wrongNumber = await consulta(99_999, codigos.get(numeros[0]!)!);
    expect(wrongCode.statusCode).toBe(404);
    expect(wrongCode.json()).toEqual({ code: 'NOT_FOUND', message: ESTADO_MSG.noEncontrada });
    expect(otherCode.body).toBe(wrongCode.body);
    expect(wrongNumber.statusCode).toBe(404);
    expect(wrongNumber.body).toBe(wrongCode.body);
    expect(wrongNumber.headers['content-type']).toBe(wrongCode.headers['content-type']);
    expect(wrongNumber.headers['content-length']).toBe(wrongCode.headers['content-length']);
    const bad = await consulta(0, '');
    expect(bad.statusCode).toBe(400);
  });

  it('limits lookups per number and per address: 429, a Spanish message and Retry-After', async () => {
    await nextPhase();
    const numero = numeros[1]!;
    for (let i = 0; i < ESTADO_LIMITS.perNumero; i++)
      expect((await consulta(numero, 'AAAAAAAAAA')).statusCode).toBe(404);
    // From another address, and with the right code: this number waits out its window.
    const limited = await consulta(numero, codigos.get(numero)!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(ESTADO_MSG.demasiadas(15));
    expect(Number(limited.headers['retry-after'])).toBe(15 * 60);
    expect((await consulta(numeros[2]!, codigos.get(numeros[2]!)!)).statusCode).toBe(200);

    const school = '10.9.9.9';
    for (let i = 0; i < ESTADO_LIMITS.perIp; i++) await consulta(70_000 + i, 'AAAAAAAAAA', school);
    const fromSchool = await consulta(numeros[2]!, codigos.get(numeros[2]!)!, school);
    expect(fromSchool.statusCode).toBe(429);
    expect(fromSchool.headers['retry-after']).toBeDefined();
    await nextPhase();
    expect((await consulta(numero, codigos.get(numero)!, school)).statusCode).toBe(200);
  });

  it('holds both limits exactly under a burst of simultaneous lookups on two instances', async () => {
    await nextPhase();
    // A second app on the same data is a second connection pool, as another instance would have.
    const other = await t.reopen();
    try {
      const burst = (n: number, lookup: (i: number) => [numero: number, from: string]) =>
        Promise.all(
          Array.from({ length: n }, async (_, i) => {
            const [numeroInscripcion, remoteAddress] = lookup(i);
            const app = i % 2 ? other : t.app;
            const res = await app.inject({
              method: 'POST',
              url: '/api/estado',
              payload: { numeroInscripcion, codigo: 'AAAAAAAAAA' },
              remoteAddress,
            });
            return res.statusCode;
          }),
        );
      const answered = (codes: number[]) => codes.filter((c) => c !== 429).length;
      // One number from 40 addresses: 10 lookups answered, whichever order they land in.
      const porNumero = await burst(40, (i) => [91_000, `10.5.0.${i + 1}`]);
      expect(answered(porNumero)).toBe(ESTADO_LIMITS.perNumero);
      expect(porNumero.filter((c) => c !== 429 && c !== 404)).toEqual([]);
      // 45 numbers from one address: 30 answered.
      const porIp = await burst(45, (i) => [92_000 + i, '10.6.6.6']);
      expect(answered(porIp)).toBe(ESTADO_LIMITS.perIp);
    } finally {
      await other.close();
    }
  });

  it('records every lookup in the access log, by record id only', async () => {
    const rowsLog = await t.app.ctx.db
      .selectFrom('accesos')
      .selectAll()
      .where('accion', '=', 'consultar-estado')
      .execute();
    expect(rowsLog.length).toBeGreaterThan(ESTADO_LIMITS.perIp + ESTADO_LIMITS.perNumero);
    expect(new Set(rowsLog.map((r) => r.detalle))).toEqual(new Set(['encontrada', 'no encontrada', 'demasiadas']));
    expect(new Set(rowsLog.map((r) => r.usuario))).toEqual(new Set(['anónimo']));
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rowsLog) if (r.inscripto_id !== null) expect(ids.has(r.inscripto_id)).toBe(true);
  });

  it('after the raffle: titular with the deadline, suplente N° k with the offers pending, no participó', async () => {
    await nextPhase();
    await runRaffle(t.app, tok.administrador!, { nenas: 2, varones: 1 });
    const p = await plazas();
    for (const o of p.ofertas) {
      const e = await estadoDe(o.numeroInscripcion);
      expect(e.estado).toBe('sorteada');
      expect(e.ninos[o.miembro]).toMatchObject({ estado: 'titular', lista: o.lista, vence: o.vence });
    }
    for (const lista of ['nenas', 'varones'] as const) {
      for (const c of p.cola[lista]) {
        const e = await estadoDe(c.numeroInscripcion);
        expect(e.ninos[c.miembro]).toMatchObject({
          estado: 'suplente',
          lista,
          posicion: c.posicionActual,
          ofertasPendientes: p.listas[lista].ofrecidas,
        });
      }
    }
    expect(p.cola.nenas.length).toBeGreaterThanOrEqual(2);
    const n = await estadoDe(pendiente.numero);
    expect(n).toMatchObject({ estado: 'no-participo', ninos: [{ iniciales: 'E. F. C.', estado: 'no-participo' }] });
  });

  it('moves a suplente up after a decline, and shows the accepted and declined places', async () => {
    await nextPhase();
    const before = await plazas();
    const second = before.cola.nenas[1]!;
    expect((await estadoDe(second.numeroInscripcion)).ninos[second.miembro]!.posicion).toBe(2);
    const declined = before.ofertas.find((o) => o.lista === 'nenas' && o.integrantes === 1)!;
    const res = await inject('administrador', 'POST', `/api/plazas/${declined.id}/respuesta`, {
      respuesta: 'rechazada',
      motivo: 'Se mudan de barrio',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await estadoDe(second.numeroInscripcion)).ninos[second.miembro]).toMatchObject({
      estado: 'suplente',
      posicion: 1,
    });
    expect((await estadoDe(declined.numeroInscripcion)).ninos[0]).toMatchObject({ estado: 'rechazada' });

    const after = await plazas();
    const promoted = after.ofertas.find((o) => o.origen === 'suplente')!;
    expect((await estadoDe(promoted.numeroInscripcion)).ninos[promoted.miembro]).toMatchObject({
      estado: 'titular',
      vence: promoted.vence,
    });
    const accept = await inject('voluntario', 'POST', `/api/plazas/${promoted.id}/respuesta`, {
      respuesta: 'aceptada',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect((await estadoDe(promoted.numeroInscripcion)).ninos[promoted.miembro]).toMatchObject({
      estado: 'aceptada',
      lista: 'nenas',
    });
  });

  it('regenerating a code invalidates the old one; the constancia prints the new one', async () => {
    await nextPhase();
    const id = rows[0]!.id as string;
    const numero = rows[0]!.numero_inscripcion!;
    const old = codigos.get(numero)!;
    const fresh = await codigoDe(id, 'administrador', 'POST');
    expect(fresh.codigo).not.toBe(old);
    expect((await codigoDe(id)).codigo).toBe(fresh.codigo);
    expect((await consulta(numero, old)).statusCode).toBe(404);
    codigos.set(numero, fresh.codigo);
    expect((await consulta(numero, fresh.codigo)).statusCode).toBe(200);

    // No public address yet: refused, saying where to set it; a local one (this computer, the school's network)
    // is refused too, whatever Host the staff member's browser used.
    const sinDireccion = await inject('administrador', 'GET', `/api/inscriptos/${id}/constancia`);
    expect(sinDireccion.statusCode).toBe(409);
    expect(sinDireccion.json()).toEqual({ code: 'CONFLICT', message: DIRECCION_MSG.falta });
    expect(DIRECCION_MSG.falta).toContain('Configuración → Dirección pública');
    for (const local of [
      'http://127.0.0.1:3277',
      'http://localhost:3000',
      'http://192.168.1.20:3000',
      'http://10.0.0.5',
      'http://172.20.1.1:8080',
      'http://[::1]:3000',
    ]) {
      await guardarUrlPublica(local);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/inscriptos/${id}/constancia`,
        headers: { ...bearer(tok.administrador!), host: 'escuela.example' },
      });
      expect(res.statusCode, local).toBe(409);
      expect(res.json().message).toBe(DIRECCION_MSG.local(local));
      expect(res.json().message).toContain('Configuración → Dirección pública');
    }
    await guardarUrlPublica('https://inscripciones.escuela.example/');

    const pdf = await inject('administrador', 'GET', `/api/inscriptos/${id}/constancia`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Número de inscripción: ${String(numero).padStart(3, '0')}`);
    expect(text).toContain(codigoLegible(fresh.codigo));
    expect(text).toContain('EstadoF0 Familia0 Consulta');
    expect(text).toContain('31 de octubre de 2026');
    expect(text).toContain('Escuela de ejemplo (a completar)');
    // The configured address, without its trailing slash, whatever Host the request named.
    for (const host of ['192.168.1.20:3000', 'escuela.example/falsa?x=']) {
      const lan = await t.app.inject({
        method: 'GET',
        url: `/api/inscriptos/${id}/constancia`,
        headers: { ...bearer(tok.administrador!), host },
      });
      expect(await enlace(lan.rawPayload)).toBe('https://inscripciones.escuela.example/estado');
    }
    const pair = await inject('administrador', 'GET', `/api/inscriptos/${rows.at(-1)!.id}/constancia`);
    expect(await pdfText(pair.rawPayload)).toContain('Pareja Hermana Consulta');
    const logged = await t.app.ctx.db
      .selectFrom('accesos')
      .select('inscripto_id')
      .where('detalle', '=', 'constancia')
      .execute();
    expect(logged.map((r) => r.inscripto_id)).toContain(id);
  });

  it('no status answer holds a CI, a full name, an address or a phone', async () => {
    expect(answers.length).toBeGreaterThan(20);
    const all = answers.join('\n');
    for (const r of rows) {
      const d = JSON.parse(r.datos as string) as Record<string, string | undefined>;
      const values = [d.ci, `${d.nombre1} ${d.apellido1}`, d.nombre1, d.apellido1, d.domicilio, d.cel1, d.cel2];
      for (const v of values) if (v && v.length > 3) expect(all).not.toContain(v);
    }
  });

  it('gives simultaneous first requests for a number one code', async () => {
    const row = rows[3]!;
    await t.app.ctx.db.deleteFrom('codigos_estado').where('numero', '=', row.numero_inscripcion!).execute();
    const seen = await Promise.all([1, 2, 3].map(() => codigoDe(row.id as string)));
    expect(new Set(seen.map((c) => c.codigo)).size).toBe(1);
    expect((await consulta(row.numero_inscripcion!, seen[0]!.codigo)).statusCode).toBe(200);
    codigos.set(row.numero_inscripcion!, seen[0]!.codigo);
  });

  it('refuses to regenerate the code of a record of a closed cycle: 409, nothing written', async () => {
    const row = rows[0]!;
    const id = row.id as string;
    const codigosDelCiclo = () =>
      t.app.ctx.db.selectFrom('codigos_estado').selectAll().where('ciclo_id', '=', row.ciclo_id).execute();
    const ciclo = await t.app.ctx.db
      .selectFrom('ciclos')
      .select(['id', 'nombre'])
      .where('id', '=', row.ciclo_id)
      .executeTakeFirstOrThrow();
    const before = await codigosDelCiclo();
    const accesos = await t.app.ctx.db.selectFrom('accesos').select('id').execute();
    await t.app.ctx.db.updateTable('ciclos').set({ estado: 'cerrado' }).where('id', '=', ciclo.id).execute();
    try {
      for (const who of ['administrador', 'voluntario'] as const) {
        const own = who === 'voluntario' ? (rows[5]!.id as string) : id;
        const res = await inject(who, 'POST', `/api/inscriptos/${own}/codigo-estado`);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toEqual({ code: 'CONFLICT', message: CICLO_MSG.cerrado(ciclo.nombre) });
      }
      expect(await codigosDelCiclo()).toEqual(before);
      expect(await t.app.ctx.db.selectFrom('accesos').select('id').execute()).toHaveLength(accesos.length);
      // Reading the code it has still works, and so does the family's lookup with it.
      expect((await codigoDe(id)).codigo).toBe(codigos.get(row.numero_inscripcion!));
    } finally {
      await t.app.ctx.db.updateTable('ciclos').set({ estado: 'abierto' }).where('id', '=', ciclo.id).execute();
    }
  });

  it('documents its endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/estado'].post.responses)).toEqual(['200', '400', '404', '429']);
    expect(doc.paths['/api/estado'].post.requestBody.content['application/json'].schema.required).toEqual([
      'numeroInscripcion',
      'codigo',
    ]);
    expect(Object.keys(doc.paths['/api/inscriptos/{id}/codigo-estado'])).toEqual(['get', 'post']);
    expect(doc.paths['/api/inscriptos/{id}/constancia'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  describe('who may do what', () => {
    const boy = () => rows[5]!.id as string; // the volunteer's
    const girl = () => rows[1]!.id as string; // the administrator's
    const cases = [
      ['none', 401, 401],
      ['visitado', 403, 403],
      ['voluntario', 200, 403],
      ['administrador', 200, 200],
    ] as const;
    it.each(cases)('GET and POST codigo-estado, GET constancia as %s: own %i, other %i', async (who, own, other) => {
      for (const [method, path] of [
        ['GET', 'codigo-estado'],
        ['POST', 'codigo-estado'],
        ['GET', 'constancia'],
      ] as const) {
        expect((await inject(who, method, `/api/inscriptos/${boy()}/${path}`)).statusCode).toBe(own);
        expect((await inject(who, method, `/api/inscriptos/${girl()}/${path}`)).statusCode).toBe(other);
      }
    });
    it.each(['none', 'visitado', 'voluntario', 'administrador'] as const)(
      'POST /api/estado as %s: the same public answer',
      async (who) => {
        const numero = rows[2]!.numero_inscripcion!;
        const res = await inject(
          who,
          'POST',
          '/api/estado',
          { numeroInscripcion: numero, codigo: codigos.get(numero) },
          `10.7.0.${who.length}`,
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().numeroInscripcion).toBe(numero);
      },
    );
    it('answers 409 for a record without a number and 404 for an unknown one', async () => {
      const [sinNumero] = await insertFamilies(t.app.ctx.db, time.clock(), [{ ...lone('F', 9), estado: 'pendiente' }]);
      const res = await inject('administrador', 'GET', `/api/inscriptos/${sinNumero!.id}/constancia`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ESTADO_MSG.sinNumero);
      const missing = await inject(
        'administrador',
        'GET',
        '/api/inscriptos/0190a000-0000-7000-8000-000000000000/codigo-estado',
      );
      expect(missing.statusCode).toBe(404);
    });
  });
});

describe.each(DIALECTS)('the constancia with PUBLIC_URL on %s', (dialect) => {
  let t: TestApp;
  afterAll(() => t.close());

  it('prints the configured address whatever Host the request names', async () => {
    t = await buildTestApp(dialect, { env: { PUBLIC_URL: 'https://inscripciones.escuela.edu.uy/' } });
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const [row] = await insertFamilies(t.app.ctx.db, new Date(), [lone('F', 1)]);
    for (const host of ['192.168.1.20:3000', 'phishing.example']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/inscriptos/${row!.id}/constancia`,
        headers: { ...bearer(token), host },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await enlace(res.rawPayload)).toBe('https://inscripciones.escuela.edu.uy/estado');
      expect(await pdfText(res.rawPayload)).not.toContain(host);
    }
  });

  it("prints the API's names, number, date and code: the child's and the siblings' enrolled with them", async () => {
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const family = { children: [...lone('F', 2).children, { ...lone('M', 3).children[0]!, apellido1: 'Familia2' }] };
    const rows = await insertFamilies(t.app.ctx.db, new Date(), [family]);
    const [yo, hermano] = await Promise.all(
      rows.map(async (r) => (await get(`/api/inscriptos/${r.id}`)).json() as TInscripto),
    );
    const nombre = (i: TInscripto) => [i.nombre1, i.nombre2, i.apellido1, i.apellido2].filter(Boolean).join(' ');
    const text = await pdfText((await get(`/api/inscriptos/${yo!.id}/constancia`)).rawPayload);
    const { codigo } = (await get(`/api/inscriptos/${yo!.id}/codigo-estado`)).json() as TCodigoEstado;
    expect(text).toContain(`Número de inscripción: ${String(yo!.numeroInscripcion).padStart(3, '0')}`);
    expect(text).toContain(`Niño o niña: ${nombre(yo!)}`);
    expect(text).toContain(`Hermanos inscriptos con el mismo número: ${nombre(hermano!)}`);
    expect(text).toContain(`Fecha de inscripción: ${fechaMontevideo(yo!.fechaInscripcion)}`);
    expect(text).toContain(codigoLegible(codigo));
  });
});

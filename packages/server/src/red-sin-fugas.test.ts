import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, type TestApp } from './test/helper.ts';
import { routesOf } from './test/authorization-table.ts';
import { CODIGOS, montarRed, type Codigo, type EscuelaDePrueba, type RedDePrueba } from './test/red-test-data.ts';
import { textoDeRespuesta } from './test/respuesta-como-texto.ts';
import { buildInscripto } from './test/inscriptos-fixtures.ts';

/**
 * No data of another school in any answer (decision 0036): with two schools whose children, CIs, ids and staff
 * have names found nowhere else, every GET route of one school (lists, counts, the panel, the exports in Excel,
 * PDF and ZIP, the live boards' event streams, the public boards and actas, the errors) is read as that school's
 * administrator, as the network's administrator naming it, and without a session; none of the other school's
 * words is in any of them. The other school's ids, asked of this school, are 404 and say nothing more.
 */

/** The network's own views: they show every school by design (the network's tests check them). */
const DE_LA_RED = /^GET \/api\/(?:escuelas|red\/)/;

/** A GET route's URL with this school's records in its parameters. */
function urlDe(route: string, e: EscuelaDePrueba): string {
  const path = route.slice('GET '.length);
  const id = path.startsWith('/api/sorteo/actas/')
    ? e.actaId
    : path.startsWith('/api/ciclos/')
      ? e.cicloId
      : e.inscripcion.id;
  const url = path.replace('{id}', id).replace('{nombre}', 'acta-publica');
  const extra: Record<string, string> = {
    '/api/inscriptos/export/pdf': `id=${e.inscripcion.id}`,
    '/api/inscriptos/verificar-ci': 'ci=',
  };
  return url + `?escuela=${e.codigo}` + (extra[path] ? `&${extra[path]}` : '');
}

describe.each(DIALECTS)('no data of one school in the answers of another (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let red: RedDePrueba;
  let gets: string[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    red = await montarRed(t.app);
    gets = routesOf(t.app).filter((r) => r.startsWith('GET ') && !DE_LA_RED.test(r));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, token?: string) =>
    fetch(base + url, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  /** The other school's words found in the answer, as "url: word". */
  async function fugas(url: string, token: string | undefined, otra: EscuelaDePrueba) {
    const res = await get(url, token);
    const { texto } = await textoDeRespuesta(res);
    const bajo = texto.toLowerCase();
    return { status: res.status, texto, halladas: otra.marcas.filter((m) => bajo.includes(m.toLowerCase())) };
  }

  const casos = CODIGOS.flatMap((codigo) =>
    (['administrador', 'administrador_red', 'none'] as const).map((quien) => [codigo, quien] as const),
  );

  it.each(casos)(
    "every GET route of %s, as %s: none of the other school's words",
    async (codigo, quien) => {
      const propia = red.escuelas[codigo];
      const otra = red.escuelas[CODIGOS.find((c) => c !== codigo)!];
      const token =
        quien === 'none' ? undefined : quien === 'administrador' ? propia.tokens.administrador : red.red[quien];
      const halladas: string[] = [];
      const propiasVistas = new Set<string>();
      for (const route of gets) {
        // The SQL copy of the first school is the network's database (its accounts): the network's administrator's.
        if (route === 'GET /api/inscriptos/export/sql' && quien === 'administrador_red') continue;
        const url = urlDe(route, propia);
        const r = await fugas(url, token, otra);
        halladas.push(...r.halladas.map((m) => `${url} (${r.status}): ${m}`));
        for (const m of propia.marcas) if (r.texto.toLowerCase().includes(m.toLowerCase())) propiasVistas.add(route);
      }
      expect(halladas).toEqual([]);
      // The answers were read: the school's own records are in its lists and exports.
      if (quien !== 'none') {
        for (const route of [
          'GET /api/inscriptos',
          'GET /api/inscriptos/export/excel',
          'GET /api/inscriptos/export/pdf-all',
          'GET /api/inscriptos/export/pdf-zip',
          'GET /api/plazas',
        ]) {
          expect(propiasVistas, route).toContain(route);
        }
      }
    },
    // Every export of the school, each made in a child process and read back as text.
    120_000,
  );

  it.each(CODIGOS)("lists and counts of %s count only its records, and find none of the other's", async (codigo) => {
    const propia = red.escuelas[codigo];
    const otra = red.escuelas[CODIGOS.find((c) => c !== codigo)!];
    for (const token of [propia.tokens.administrador, red.red.administrador_red, red.red.lector_red]) {
      const q = `?escuela=${codigo}`;
      const total = async (url: string) => ((await (await get(url, token)).json()) as { total: number }).total;
      expect(await total(`/api/inscriptos${q}`)).toBe(4);
      const panel = (await (await get(`/api/panel${q}`, token)).json()) as { tarjetas: { total: number } };
      expect(panel.tarjetas.total).toBe(4);
      // Its first child's name, its surname: found in its school, not in the other.
      for (const palabra of [otra.marcas[0]!, otra.marcas[4]!]) {
        expect(await total(`/api/inscriptos${q}&q=${encodeURIComponent(palabra)}`), palabra).toBe(0);
      }
      expect(await total(`/api/inscriptos${q}&q=${encodeURIComponent(propia.marcas[4]!)}`)).toBe(4);
    }
    // The other school's CI is not taken here.
    const ci = otra.marcas.find((m) => /^\d{8}$/.test(m))!;
    const check = await fugas(
      `/api/inscriptos/verificar-ci?escuela=${codigo}&ci=${ci}`,
      propia.tokens.voluntario,
      otra,
    );
    expect(check.status).toBe(200);
    expect(JSON.parse(check.texto)).toMatchObject({ duplicado: false, inscripto: null, anteriores: [] });
  });

  it.each(CODIGOS)("the other school's ids asked of %s: 404, and the error says nothing of them", async (codigo) => {
    const propia = red.escuelas[codigo];
    const otra = red.escuelas[CODIGOS.find((c) => c !== codigo)!];
    const q = `?escuela=${codigo}`;
    const urls = [
      `/api/inscriptos/${otra.inscripcion.id}`,
      `/api/inscriptos/${otra.inscripcion.id}/historial`,
      `/api/inscriptos/${otra.inscripcion.id}/informe-datos`,
      `/api/inscriptos/${otra.inscripcion.id}/constancia`,
      `/api/inscriptos/${otra.inscripcion.id}/codigo-estado`,
      `/api/inscriptos/${otra.inscripcion.id}/avisos`,
      `/api/inscriptos/${otra.pendienteId}`,
      `/api/sorteo/actas/${otra.actaId}/acta.json`,
      `/api/sorteo/actas/${otra.actaId}/acta-publica.json`,
      `/api/sorteo/actas/${otra.actaId}/acta.pdf`,
      `/api/sorteo/actas/${otra.actaId}/resultados.xlsx`,
    ].map((u) => u + q);
    urls.push(`/api/inscriptos/export/pdf${q}&id=${otra.inscripcion.id}`);
    const wrong: string[] = [];
    for (const token of [propia.tokens.administrador, red.red.administrador_red]) {
      for (const url of urls) {
        const r = await fugas(url, token, otra);
        if (r.status !== 404 || r.halladas.length) wrong.push(`${url}: ${r.status} ${r.halladas.join(', ')}`);
      }
    }
    expect(wrong).toEqual([]);
    // A record's possible duplicates answer for any id: the other school's is answered as one of no record.
    for (const token of [propia.tokens.administrador, red.red.administrador_red]) {
      const ajeno = await get(`/api/duplicados/inscripto/${otra.inscripcion.id}${q}`, token);
      const ninguno = await get(`/api/duplicados/inscripto/0190a000-0000-7000-8000-000000000000${q}`, token);
      expect(ajeno.status).toBe(ninguno.status);
      expect(await ajeno.json()).toEqual(await ninguno.json());
    }
  });

  it.each(CODIGOS)(
    "a family's number and code of the other school asked of %s's /estado find nothing",
    async (codigo) => {
      const otra = red.escuelas[CODIGOS.find((c) => c !== codigo)!];
      const { numero, codigo: clave } = otra.inscripcion;
      const res = await fetch(`${base}/api/estado?escuela=${codigo}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ numeroInscripcion: numero, codigo: clave }),
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      const texto = (await res.text()).toLowerCase();
      expect(otra.marcas.filter((m) => texto.includes(m.toLowerCase()))).toEqual([]);
      // In its own school the same number and code open the family's status.
      const propia = await fetch(`${base}/api/estado?escuela=${otra.codigo}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ numeroInscripcion: numero, codigo: clave }),
      });
      expect(propia.status).toBe(200);
    },
  );

  it("an account of both schools: each school's administrator sees its role there, not in the other", async () => {
    const red_ = red.red.administrador_red;
    const creada = await fetch(`${base}/api/users?escuela=principal`, {
      method: 'POST',
      headers: { authorization: `Bearer ${red_}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'compartida',
        password: 'clave-segura-1',
        nombre: 'Maestra compartida',
        email: 'compartida@escuela.edu.uy',
        escuelas: [
          { escuela: 'principal', role: 'voluntario' },
          { escuela: 'norte', role: 'administrador' },
        ],
      }),
    });
    expect(creada.status).toBe(201);
    const { id } = (await creada.json()) as { id: string };
    type Cuenta = { id: string; role: string; escuelas?: { escuela: string; role: string }[] };
    const cuentaEn = async (codigo: Codigo, token: string) =>
      ((await (await get(`/api/users?escuela=${codigo}`, token)).json()) as Cuenta[]).find((u) => u.id === id);
    for (const codigo of CODIGOS) {
      const role = codigo === 'principal' ? 'voluntario' : 'administrador';
      const vista = await cuentaEn(codigo, red.escuelas[codigo].tokens.administrador);
      expect(vista).toMatchObject({ role, escuelas: [{ escuela: codigo, role }] });
      // The network's administrator sees all of them.
      expect((await cuentaEn(codigo, red_))?.escuelas).toHaveLength(2);
    }
  });

  it.each(CODIGOS)(
    "writes on the other school's records, asked of %s: 404, and the records are untouched",
    async (codigo) => {
      const propia = red.escuelas[codigo];
      const otra = red.escuelas[CODIGOS.find((c) => c !== codigo)!];
      const red_ = red.red.administrador_red;
      const cuentas = (await (await get(`/api/users?escuela=${otra.codigo}`, red_)).json()) as {
        id: string;
        username: string;
      }[];
      const voluntario = cuentas.find((u) => u.username === `voluntario-${otra.codigo}`)!;
      const q = `?escuela=${codigo}`;
      const escrituras: [string, string, object | undefined][] = [
        ['DELETE', `/api/users/${voluntario.id}`, undefined],
        [
          'PUT',
          `/api/users/${voluntario.id}`,
          { username: voluntario.username, nombre: 'Otro nombre', email: 'otro@escuela.edu.uy', role: 'administrador' },
        ],
        ['DELETE', `/api/inscriptos/${otra.pendienteId}`, undefined],
        ['POST', `/api/inscriptos/${otra.pendienteId}/finalizar`, { ...buildInscripto(new Date()), version: 1 }],
        ['POST', `/api/inscriptos/${otra.inscripcion.id}/codigo-estado`, {}],
        ['POST', `/api/ciclos/${otra.cicloId}/anonimizar`, { confirmacion: 'Ingresos' }],
      ];
      const wrong: string[] = [];
      for (const token of [propia.tokens.administrador, red_]) {
        for (const [method, url, body] of escrituras) {
          const res = await fetch(base + url + q, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          });
          if (res.status !== 404) wrong.push(`${method} ${url}: ${res.status} ${await res.text()}`);
        }
      }
      expect(wrong).toEqual([]);
      const otraQ = `?escuela=${otra.codigo}`;
      const pendiente = await get(`/api/inscriptos/${otra.pendienteId}${otraQ}`, otra.tokens.administrador);
      expect(((await pendiente.json()) as { estado: string }).estado).toBe('pendiente');
      const despues = (await (await get(`/api/users${otraQ}`, red_)).json()) as { id: string; role: string }[];
      expect(despues.find((u) => u.id === voluntario.id)?.role).toBe('voluntario');
      const codigoEstado = await get(
        `/api/inscriptos/${otra.inscripcion.id}/codigo-estado${otraQ}`,
        otra.tokens.administrador,
      );
      expect(((await codigoEstado.json()) as { codigo: string }).codigo).toBe(otra.inscripcion.codigo);
    },
  );

  it('the network administrator reads each school apart: the same routes, each with its own records only', async () => {
    const de = async (c: Codigo) =>
      (await (await get(`/api/inscriptos?escuela=${c}`, red.red.administrador_red)).json()) as {
        items: { id: string }[];
      };
    const [p, n] = [await de('principal'), await de('norte')];
    const ids = (x: { items: { id: string }[] }) => new Set(x.items.map((i) => i.id));
    expect(ids(p).size).toBe(4);
    expect(ids(n).size).toBe(4);
    expect([...ids(p)].filter((id) => ids(n).has(id))).toEqual([]);
  });
});

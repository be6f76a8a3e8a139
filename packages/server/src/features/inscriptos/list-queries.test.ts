import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { searchKey } from '@inscripciones/shared/text.ts';
import { formatCi, maskCi } from '@inscripciones/shared/inscriptos/ci.ts';
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
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { textCells } from '../../test/xlsx-xml.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';

interface Item {
  id: string;
  nombre1: string;
  nombre2?: string;
  apellido1: string;
  apellido2?: string;
  numeroInscripcion: number | null;
  estado: string;
  fechaInscripcion: string;
  createdAt: string;
  hermanosInscriben?: { nombre: string }[];
  coincidencia?: { tipo: string; nombre: string; ci: string | null };
}

const fullKey = (i: Item) => searchKey([i.nombre1, i.nombre2, i.apellido1, i.apellido2].filter(Boolean).join(' '));

describe.each(DIALECTS)('list queries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let guest: string;
  // 1 November 2026, 12:00 in Montevideo (UTC−3).
  const time = fakeClock(new Date('2026-11-01T15:00:00Z'));
  const siblingCi = uniqueCi();
  const all: Item[] = [];
  const q = async (query: string, token = admin) => {
    const res = await t.app.inject({ url: `/api/inscriptos?${query}`, headers: bearer(token) });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json() as { items: Item[]; total: number; resumen: Record<string, number> };
  };
  /** Every page of a listing, in order. */
  const pages = async (query: string, pageSize = 3) => {
    const items: Item[] = [];
    for (let page = 1; ; page++) {
      const res = await q(`${query}&pageSize=${pageSize}&page=${page}`);
      items.push(...res.items);
      if (page * pageSize >= res.total) return { items, total: res.total };
    }
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    const people = [
      { nombre1: 'José', apellido1: 'Martínez', apellido2: 'Núñez', fin: true },
      {
        nombre1: 'Ana',
        apellido1: 'Muñoz',
        apellido2: 'Gómez',
        cantidadHermanosInscriben: 1,
        hermanosInscriben: [{ nombre: 'Lucía Pereyra', nivel: 'Inicial' as const, ci: siblingCi, sexo: 'F' as const }],
      },
      { nombre1: 'Zoe', apellido1: 'Álvarez', apellido2: 'Silva', fin: true },
      { nombre1: 'Bruno', apellido1: 'Li', apellido2: 'Martinelli' },
      { nombre1: 'Carla', apellido1: 'Suárez', apellido2: 'Martínez', fin: true },
      { nombre1: 'Ema', apellido1: 'Ortiz', apellido2: 'Pérez' },
      { nombre1: 'Iván', apellido1: '100%', apellido2: 'Real' },
    ];
    for (const [i, { fin, ...p }] of people.entries()) {
      // One a day, the third late at night: 23:30 in Montevideo is already the next day in UTC.
      time.advance(i === 2 ? 11.5 * 3_600_000 : i === 3 ? 12.5 * 3_600_000 : 86_400_000);
      // Days pass: a new session each day.
      admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
      const data = buildInscripto(time.clock(), p);
      const rec = await postInscripto(t.app, admin, data);
      if (fin) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/inscriptos/${rec.id}/finalizar`,
          headers: bearer(admin),
          payload: { ...data, version: rec.version },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    all.push(...(await q('pageSize=100')).items);
  });
  afterAll(() => t.close());

  it('finds substrings of names without accents, the same rows as a plain scan would', async () => {
    for (const term of [
      'martin',
      'MARTÍN',
      'artíne',
      'li',
      'ez',
      'muñoz gomez',
      'sofia',
      'nadie',
      '100%',
      '%',
      'a_b',
    ]) {
      const words = searchKey(term).split(' ');
      const expected = all
        .filter(
          (i) =>
            words.every((w) => fullKey(i).includes(w)) ||
            (i.nombre1 === 'Ana' && words.every((w) => 'lucia pereyra'.includes(w))),
        )
        .map((i) => i.id);
      const res = await pages(`q=${encodeURIComponent(term)}`);
      expect(
        res.items.map((i) => i.id),
        term,
      ).toEqual(expected);
      expect(res.total, term).toBe(expected.length);
    }
  });

  it('finds a record by its enrolment number', async () => {
    for (const numero of [1, 2, 3]) {
      const res = await q(`q=${numero}`);
      expect(res.items.map((i) => i.numeroInscripcion)).toEqual([numero]);
      expect(res.items[0]!.coincidencia).toBeUndefined();
    }
    expect((await q('q=99')).items).toEqual([]);
  });

  it("finds a record by a sibling's name or CI and says whose sibling matched, to the guest too", async () => {
    const expected = { tipo: 'hermano', nombre: 'Lucía Pereyra', ci: siblingCi };
    for (const term of ['lucia', 'Pereyra', 'LUCÍA PER', formatCi(siblingCi), siblingCi.slice(0, 6)]) {
      // The guest sees the CI masked, and finds by a whole CI only.
      const whole = !/^[\d.-]+$/.test(term) || term.replace(/\D/g, '').length === 8;
      for (const [token, seen] of [
        [admin, expected],
        [guest, { ...expected, ci: maskCi(siblingCi) }],
      ] as const) {
        const res = await q(`q=${encodeURIComponent(term)}`, token);
        if (token === guest && !whole) {
          expect(res.items, term).toEqual([]);
          continue;
        }
        expect(
          res.items.map((i) => i.nombre1),
          term,
        ).toEqual(['Ana']);
        expect(res.items[0]!.coincidencia, term).toEqual(seen);
      }
    }
    // Found by her own name: no sibling note.
    expect((await q('q=ana')).items.find((i) => i.nombre1 === 'Ana')!.coincidencia).toBeUndefined();
  });

  it('sorts by number, name, date and estado both ways, every page continuing the last', async () => {
    const byName = [...all].sort((a, b) => (fullKey(a) < fullKey(b) ? -1 : fullKey(a) > fullKey(b) ? 1 : 0));
    const numbered = all.filter((i) => i.numeroInscripcion !== null);
    const cases: Record<string, Item[]> = {
      'orden=nombre': byName,
      'orden=nombre&dir=desc': [...byName].reverse(),
      'orden=fecha': [...all].reverse(),
      'orden=fecha&dir=desc': all,
    };
    for (const [query, expected] of Object.entries(cases)) {
      expect(
        (await pages(query)).items.map((i) => i.nombre1),
        query,
      ).toEqual(expected.map((i) => i.nombre1));
    }
    const asc = (await pages('orden=numero')).items;
    expect(asc.slice(0, numbered.length).map((i) => i.numeroInscripcion)).toEqual([1, 2, 3]);
    expect(asc.slice(numbered.length).every((i) => i.numeroInscripcion === null)).toBe(true);
    expect((await pages('orden=numero&dir=desc')).items.map((i) => i.id)).toEqual(asc.map((i) => i.id).reverse());
    const estado = (await pages('orden=estado')).items.map((i) => i.estado);
    expect(estado).toEqual([...estado].sort());
    expect(new Set(estado).size).toBe(2);
    // The default is unchanged: newest first.
    expect((await pages('')).items.map((i) => i.id)).toEqual(all.map((i) => i.id));
  });

  it('filters by enrolment date in Montevideo days, both ends inclusive', async () => {
    const names = async (query: string) => (await pages(query)).items.map((i) => i.nombre1);
    // Zoe was enrolled on 3 November at 23:30 Montevideo time (4 November in UTC).
    expect(await names('desde=2026-11-03&hasta=2026-11-03')).toEqual(['Zoe', 'Ana']);
    expect(await names('desde=2026-11-04&hasta=2026-11-04')).toEqual(['Bruno']);
    expect(await names('desde=2026-11-05')).toEqual(['Iván', 'Ema', 'Carla']);
    expect(await names('hasta=2026-11-02')).toEqual(['José']);
    expect(await names('desde=2026-11-02&hasta=2026-11-04&orden=nombre')).toEqual(['Ana', 'Bruno', 'José', 'Zoe']);
    expect((await q('desde=2027-01-01')).total).toBe(0);
  });

  it('refuses a bad order, direction or date with a Spanish 400', async () => {
    const cases: [string, string][] = [
      ['orden=precio', 'El orden debe ser numero, nombre, fecha o estado'],
      ['dir=arriba', 'La dirección debe ser asc o desc'],
      ['desde=2026-02-30', 'Desde: debe ser una fecha real con el formato AAAA-MM-DD'],
      ['hasta=03/11/2026', 'Hasta: debe ser una fecha real con el formato AAAA-MM-DD'],
      ['desde=2026-11-05&hasta=2026-11-01', 'La fecha "desde" no puede ser posterior a la fecha "hasta"'],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ url: `/api/inscriptos?${query}`, headers: bearer(admin) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });

  it('exports only the selected rows (ids), for administrators only', async () => {
    const chosen = all.filter((i) => ['Ana', 'Zoe'].includes(i.nombre1));
    const url = `/api/inscriptos/export/excel?ids=${chosen.map((i) => i.id).join(',')}`;
    const res = await t.app.inject({ url, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const names = textCells(res.rawPayload).map((c) => c.text);
    expect(names).toEqual(expect.arrayContaining(['Ana', 'Zoe']));
    for (const other of all.filter((i) => !chosen.includes(i))) expect(names).not.toContain(other.nombre1);

    const vol = await createUser(t.app, admin, { role: 'voluntario' });
    const volTok = await tokenFor(t.app, vol.username, vol.password);
    for (const [headers, status] of [
      [{}, 401],
      [bearer(guest), 403],
      [bearer(volTok), 403],
    ] as const) {
      expect((await t.app.inject({ url, headers })).statusCode).toBe(status);
    }
    for (const bad of ['', 'abc', `${chosen[0]!.id},no-es-un-id`]) {
      const r = await t.app.inject({ url: `/api/inscriptos/export/excel?ids=${bad}`, headers: bearer(admin) });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toContain('La selección debe ser de 1 a 500 identificadores separados por comas');
    }
  });

  it('keeps the summary exact from its counters through concurrent creates, finalisations and deletions', async () => {
    const created = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const data = buildInscripto(time.clock());
        return { data, rec: await postInscripto(t.app, admin, data) };
      }),
    );
    const inject = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    const results = await Promise.all([
      ...created
        .slice(0, 6)
        .map(({ data, rec }) =>
          inject('POST', `/api/inscriptos/${rec.id}/finalizar`, { ...data, version: rec.version }),
        ),
      ...created.slice(6, 10).map(({ rec }) => inject('DELETE', `/api/inscriptos/${rec.id}`)),
      ...Array.from({ length: 6 }, () => postInscripto(t.app, admin, buildInscripto(time.clock()))),
    ]);
    expect(results.length).toBe(16);
    const summary = (await q('')).resumen;
    // A date filter makes the server count rows instead of reading the counters.
    const counted = async (estado: string) => (await q(`desde=2000-01-01${estado ? `&estado=${estado}` : ''}`)).total;
    expect(summary).toEqual({
      total: await counted(''),
      pendientes: await counted('pendiente'),
      finalizados: await counted('finalizado'),
    });
    // And the rows themselves, counted in SQL: the counters are the table's COUNT(*).
    const db = t.app.ctx.db;
    const rows = await db
      .selectFrom('inscriptos')
      .select(['estado', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('ciclo_id', '=', (await findActual(db)).id)
      .groupBy('estado')
      .execute();
    const n = (estado: string) => Number(rows.find((r) => r.estado === estado)?.n ?? 0);
    expect(summary).toEqual({
      total: n('pendiente') + n('finalizado'),
      pendientes: n('pendiente'),
      finalizados: n('finalizado'),
    });
    expect(summary).toEqual({ total: 7 + 12 - 4 + 6, pendientes: 4 + 6 - 4 + 6, finalizados: 3 + 6 });
    expect((await q('estado=finalizado')).total).toBe(9);
  });
});

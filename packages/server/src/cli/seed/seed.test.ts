import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '@inscripciones/shared/text.ts';
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
import { seedInscriptos, type SeedResult } from './seed.ts';

interface Item {
  id: string;
  ci: string;
  apellido1: string;
  estado: string;
  numeroInscripcion: number | null;
  version: number;
  createdAt: string;
  hermanosInscriben?: { ci: string }[];
}

describe.each(DIALECTS)('seedInscriptos on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let result: SeedResult;
  const time = fakeClock(new Date('2026-10-01T12:00:00Z'));
  const today = time.clock();
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Every record, newest first, through the list endpoint. */
  const all = async (): Promise<Item[]> => {
    const pages = await Promise.all([1, 2, 3, 4].map((page) => get(`/api/inscriptos?pageSize=100&page=${page}`)));
    return pages.flatMap((p) => p.items as Item[]);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const vol = await createUser(t.app, admin, { role: 'voluntario' });
    result = await seedInscriptos(t.app.ctx.db, {
      count: 300,
      today,
      usernames: [ADMIN.username, vol.username],
      seed: 7,
    });
  });
  afterAll(() => t.close());

  it('reports what it inserted, and the list summary counts it', async () => {
    expect(result.inserted).toBe(300);
    expect(result.finalizados + result.pendientes).toBe(300);
    expect(result.finalizados).toBeGreaterThan(120);
    expect(result.pendientes).toBeGreaterThan(60);
    const list = await get('/api/inscriptos');
    expect(list.resumen).toEqual({ total: 300, finalizados: result.finalizados, pendientes: result.pendientes });
    expect(list.total).toBe(300);
    expect((await get('/api/inscriptos?estado=finalizado')).total).toBe(result.finalizados);
  });

  it('lists newest first, the way the API stores records', async () => {
    const items = await all();
    expect(items).toHaveLength(300);
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await get(`/api/inscriptos/${items[0]!.id}`)).ci).toBe(items[0]!.ci);
  });

  it('finds records by an accented surname typed without the accent', async () => {
    const items = await all();
    const accented = items.find((i) => searchKey(i.apellido1) !== i.apellido1.toLowerCase());
    expect(accented).toBeDefined();
    const plain = searchKey(accented!.apellido1);
    const found = await get(`/api/inscriptos?q=${encodeURIComponent(plain)}&pageSize=100`);
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.map((i: Item) => i.id)).toContain(accented!.id);
    const withAccent = await get(`/api/inscriptos?q=${encodeURIComponent(accented!.apellido1)}`);
    expect(withAccent.total).toBe(found.total);
  });

  it('gives siblings enrolled together one number, and each group its own', async () => {
    const items = await all();
    const byCi = new Map(items.map((i) => [i.ci, i]));
    const finalisedGroups = items.filter((i) => i.hermanosInscriben?.length && i.estado === 'finalizado');
    expect(result.grupos).toBeGreaterThan(0);
    for (const item of finalisedGroups) {
      for (const h of item.hermanosInscriben!) expect(byCi.get(h.ci)?.numeroInscripcion).toBe(item.numeroInscripcion);
    }
    const numbered = items.filter((i) => i.numeroInscripcion !== null);
    expect(numbered.every((i) => i.estado === 'finalizado')).toBe(true);
    expect(numbered).toHaveLength(result.finalizados);
    const holders = new Map<number, Item[]>();
    for (const i of numbered) holders.set(i.numeroInscripcion!, [...(holders.get(i.numeroInscripcion!) ?? []), i]);
    for (const group of holders.values()) {
      if (group.length > 1) expect(group[0]!.hermanosInscriben?.length).toBe(group.length - 1);
    }
    expect(Math.max(...holders.keys())).toBe(holders.size); // numbers 1..n, none skipped
  });

  it('advances the counter: a finalisation through the API gets a new number', async () => {
    const seededMax = Math.max(...(await all()).map((i) => i.numeroInscripcion ?? 0));
    const rec = await postInscripto(t.app, admin, buildInscripto(today));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${rec.id}/finalizar`,
      headers: bearer(admin),
      payload: { ...buildInscripto(today, { ci: rec.ci as string }), version: rec.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().numeroInscripcion).toBe(seededMax + 1);
  });

  it('leaves records the API edits like any other, with no audit entries of their own', async () => {
    const pending = (await all()).find((i) => i.estado === 'pendiente')!;
    const full = await get(`/api/inscriptos/${pending.id}`);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/inscriptos/${pending.id}`,
      headers: bearer(admin),
      payload: { ...full, observaciones: 'Llamar a la familia' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().version).toBe(pending.version + 1);
    const historial = await get(`/api/inscriptos/${pending.id}/historial`);
    expect(historial.map((e: { accion: string }) => e.accion)).toEqual(['editar']);
  });

  it('seeds again without reusing a CI or a number', async () => {
    const before = await all();
    const again = await seedInscriptos(t.app.ctx.db, { count: 60, today, usernames: [ADMIN.username], seed: 7 });
    expect(again.inserted).toBe(60);
    const list = await get('/api/inscriptos?pageSize=1');
    expect(list.total).toBe(before.length + 60);
    const rows = await t.app.ctx.db.selectFrom('inscriptos').select(['ci', 'numero_inscripcion']).execute();
    expect(new Set(rows.map((r) => r.ci)).size).toBe(rows.length);
    const oldMax = Math.max(...before.map((i) => i.numeroInscripcion ?? 0));
    const oldCis = new Set(before.map((i) => i.ci));
    const newNumbers = rows.filter((r) => !oldCis.has(r.ci!) && r.numero_inscripcion !== null);
    expect(newNumbers.every((r) => r.numero_inscripcion! > oldMax)).toBe(true);
  });
});

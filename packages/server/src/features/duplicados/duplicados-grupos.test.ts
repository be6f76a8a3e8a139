import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDuplicadosList, TResueltosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';
import { multipartOf, workbookOf } from '../../test/xlsx-fixtures.ts';

/*
 * Look-alikes as groups: k children that look alike are one group of k, not k(k−1)/2 pairs, in the
 * import preview, the list (paged), the badge and the resolutions. The worst shape at a size that runs in
 * seconds: 300 rows with one name and birth date.
 */
describe.each(DIALECTS)('possible duplicates grouped on %s', (dialect) => {
  let t: TestApp;
  let token = '';
  const today = new Date();
  const year = today.getUTCFullYear() - 6;
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), bytes: res.rawPayload.length };
  };
  const importar = async (rows: unknown[][], simular: boolean) => {
    const { payload, contentType } = multipartOf('parecidos.xlsx', workbookOf(rows));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/import/excel${simular ? '?simular=true' : ''}`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const header = ['nombre1', 'apellido1', 'apellido2', 'ci', 'fechaNacimiento', 'sexo'];
  const lucias = (n: number) =>
    Array.from({ length: n }, () => ['Lucía', 'Pérez', 'Sosa', uniqueCi(), `14/03/${year}`, 'F']);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await postInscripto(
      t.app,
      token,
      buildInscripto(today, {
        nombre1: 'LUCIA',
        nombre2: undefined,
        apellido1: 'perez',
        apellido2: 'Sosa',
        fechaNacimiento: `${year}-03-14`,
      }),
    );
  });
  afterAll(() => t.close());

  it('previews and imports 300 look-alike rows as one group, and lists it in a bounded response', async () => {
    const rows = [header, ...lucias(300)];
    const preview = await importar(rows, true);
    expect(preview).toMatchObject({ imported: 300, simulacion: true, errores: [], duplicados: [] });
    // Every row is listed once, against the stored record of its group.
    expect(preview.posiblesDuplicados).toHaveLength(300);
    expect(preview.posiblesDuplicados[299].conflicto).toBe(
      'Posible duplicado de LUCIA perez Sosa: misma fecha de nacimiento y nombre',
    );
    expect((await get('/api/duplicados?limite=0')).body.total).toBe(0);

    await importar(rows, false);
    const { body, bytes } = await get('/api/duplicados');
    const list = body as TDuplicadosList;
    expect(list.total).toBe(1);
    expect(list.items).toHaveLength(1);
    const grupo = list.items[0]!;
    expect(grupo).toMatchObject({ cantidad: 301, motivo: 'nombre_y_fecha', motivos: ['nombre_y_fecha'] });
    expect(grupo.ninos).toHaveLength(50);
    expect(grupo.a).toEqual(grupo.ninos[0]);
    // 301 look-alikes were 45,150 pairs (megabytes); the group lists 50 children.
    expect(bytes).toBeLessThan(30_000);
  });

  it('pages the groups as GET /api/inscriptos pages, and refuses a bad page in Spanish', async () => {
    // Three pairs more, each its own name.
    const rows = [header];
    for (const nombre of ['Ana', 'Bruno', 'Carla']) {
      for (let i = 0; i < 2; i++) rows.push([nombre, 'Gómez', '', uniqueCi(), `02/05/${year}`, 'F']);
    }
    const preview = await importar(rows, true);
    expect(preview.posiblesDuplicados.map((d: { fila: number }) => d.fila)).toEqual([3, 5, 7]);
    await importar(rows, false);
    const todas = (await get('/api/duplicados?pageSize=100')).body as TDuplicadosList;
    expect(todas).toMatchObject({ total: 4, page: 1, pageSize: 100 });
    expect(todas.items.map((g) => g.cantidad).sort()).toEqual([2, 2, 2, 301]);
    const p1 = (await get('/api/duplicados?page=1&pageSize=3')).body as TDuplicadosList;
    const p2 = (await get('/api/duplicados?page=2&pageSize=3')).body as TDuplicadosList;
    expect(p1).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(p2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect([...p1.items, ...p2.items]).toEqual(todas.items);
    expect(((await get('/api/duplicados?page=9')).body as TDuplicadosList).items).toEqual([]);
    for (const query of ['page=0', 'page=uno', 'pageSize=101', 'pageSize=0']) {
      const res = await t.app.inject({ url: `/api/duplicados?${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/página/);
    }
  });

  it('resolves a whole group at once; a new look-alike reopens it as a new group', async () => {
    const { items } = (await get('/api/duplicados?pageSize=100')).body as TDuplicadosList;
    const grande = items.find((g) => g.cantidad === 301)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/duplicados/${grande.id}/resolver`,
      headers: bearer(token),
      payload: { decision: 'distintos', nota: 'Homónimas: lo confirmó la escuela.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(((await get('/api/duplicados?limite=0')).body as TDuplicadosList).total).toBe(3);
    const resueltos = (await get('/api/duplicados/resueltos')).body as TResueltosList;
    expect(resueltos.items.map((r) => r.par.id)).toEqual([grande.id]);
    expect(resueltos.items[0]!.resolucion.nota).toBe('Homónimas: lo confirmó la escuela.');

    await importar([header, ...lucias(1)], false);
    const { items: despues } = (await get('/api/duplicados?pageSize=100')).body as TDuplicadosList;
    const nuevo = despues.find((g) => g.cantidad === 302)!;
    expect(nuevo.id).not.toBe(grande.id);
    expect(((await get('/api/duplicados/resueltos')).body as TResueltosList).items).toEqual([]);
  });
});

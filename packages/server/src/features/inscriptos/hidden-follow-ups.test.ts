import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';

/**
 * The server applies the form's "shown when" rule (shared/inscriptos/shown-when.ts) on every
 * write path, so a follow-up the form hides (`barrioOtro` with barrio ≠ otro, a car's make without a car, the
 * years of an unticked centre...) is never stored, whatever a client or a spreadsheet sends.
 */
const STALE: Partial<TInscriptoData> = {
  barrio: 'Centro',
  barrioOtro: 'Barrio viejo',
  vehiculo: 'moto',
  marcaAuto: 'Fiat',
  modeloAuto: 'Uno',
  anioAuto: 2010,
  caif: false,
  caifInicio: new Date().getFullYear() - 3,
  otrosAdultos: '0',
  otrosAdultosAclarar: 'Nadie',
  tieneHermanosPrimaria: false,
  hermanosPrimaria: [{ nombre: 'Ana Pérez', nivel: 3, grupo: 'A' }],
};
const HIDDEN = [
  'barrioOtro',
  'marcaAuto',
  'modeloAuto',
  'anioAuto',
  'caifInicio',
  'otrosAdultosAclarar',
  'hermanosPrimaria',
];

function workbook(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Hoja1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe.each(DIALECTS)('hidden follow-up values on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  const today = new Date();
  const read = async (id: string) =>
    (await t.app.inject({ url: `/api/inscriptos/${id}`, headers: bearer(admin) })).json() as Record<string, unknown>;
  const expectNoHidden = (record: Record<string, unknown>) => {
    for (const name of HIDDEN) expect(record[name], name).toBeUndefined();
    expect(record).toMatchObject({ barrio: 'Centro', vehiculo: 'moto', caif: false, tieneHermanosPrimaria: false });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  it('a create stores the record without them, and the answer says so', async () => {
    const created = await postInscripto(t.app, admin, buildInscripto(today, STALE));
    expectNoHidden(created);
    expectNoHidden(await read(created.id));
  });

  it('an update (a section save and a finalisation) drops the ones a changed answer hides', async () => {
    const data = buildInscripto(today, { barrio: 'otro', barrioOtro: 'Barrio viejo', vehiculo: 'auto' });
    const created = await postInscripto(t.app, admin, data);
    expect(created).toMatchObject({ barrioOtro: 'Barrio viejo', marcaAuto: 'Chevrolet' });
    const save = await t.app.inject({
      method: 'PUT',
      url: `/api/inscriptos/${created.id}`,
      headers: bearer(admin),
      payload: { ...data, ...STALE, version: created.version },
    });
    expect(save.statusCode, save.body).toBe(200);
    expectNoHidden(save.json());
    expectNoHidden(await read(created.id));
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${created.id}/finalizar`,
      headers: bearer(admin),
      payload: { ...data, ...STALE, version: save.json().version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    expectNoHidden(await read(created.id));
  });

  it('an import stores the rows without them', async () => {
    const { hermanosPrimaria: _list, ...row } = buildInscripto(today, { ...STALE, nombre1: 'Importada' });
    const cells = {
      ...row,
      caif: 'false',
      tieneHermanosPrimaria: 'No',
      hermanosPrimaria: 'Nombre completo: Ana Pérez',
    };
    const { payload, contentType } = multipart(workbook([Object.keys(cells), Object.values(cells)]));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inscriptos/import/excel',
      headers: { ...bearer(admin), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 1, errores: [] });
    const list = await t.app.inject({ url: `/api/inscriptos?q=${row.ci}`, headers: bearer(admin) });
    const [item] = list.json().items as { id: string }[];
    expectNoHidden(await read(item!.id));
  });
});

function multipart(content: Buffer) {
  const boundary = '----hidden-follow-ups';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="i.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

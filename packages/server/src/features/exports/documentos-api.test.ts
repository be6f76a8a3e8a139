import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { displayValue } from '@inscripciones/shared/inscriptos/display-value.ts';
import { documentDerived } from '@inscripciones/shared/inscriptos/document-view.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { EXCEL_COLUMNS, excelRow } from './excel-export.ts';

/**
 * The enrolments' documents say what GET /api/inscriptos/{id} says to the same reader: each Excel row is the
 * API's record cell for cell, and the record PDF prints the API's values (a guest's with the CIs masked).
 */
const pdfText = async (body: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, ' ');

/** Excel's serial day number of an instant or a day as excel-export.ts writes it (UTC wall clock). */
const serial = (d: Date) => d.getTime() / 86_400_000 + 25_569;

/** Short single values: a long one wraps beside its label, and the text read back interleaves them. */
const printable = (api: TInscripto) =>
  INSCRIPTO_FIELDS.filter((f) => !['hermanosInscriben', 'hermanosPrimaria'].includes(f.name))
    .map((f) => displayValue(f.name, api[f.name]))
    .filter((v) => v !== '—' && v.length <= 24);

describe.each(DIALECTS)('the enrolment documents and the API agree on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  let guest = '';
  const ids: string[] = [];
  const get = async (url: string, token = admin) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };
  const api = async (id: string, token = admin): Promise<TInscripto> =>
    (await get(`/api/inscriptos/${id}`, token)).json();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const [nombre1, extra] of [
      ['Celdaigual', { ingresosAclarar: '12.000', totalIntegrantesHogar: '4' }],
      ['Otrafila', { observaciones: '=1+1 no es una fórmula' }],
    ] as const) {
      ids.push((await postInscripto(t.app, admin, buildInscripto(new Date(), { nombre1, ...extra }))).id);
    }
  });
  afterAll(() => t.close());

  it("each Excel row is the API's record, cell for cell", async () => {
    const book = XLSX.read((await get('/api/inscriptos/export/excel')).rawPayload);
    const [head, ...rows] = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
      defval: '',
    });
    expect(head).toEqual(EXCEL_COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(ids.length);
    for (const id of ids) {
      const expected = excelRow(await api(id));
      const row = rows.find((r) => expected.every((v, i) => v instanceof Date || String(r[i]) === String(v)));
      expect(row, `the row of ${id}`).toBeDefined();
      expected.forEach((v, i) => {
        if (v instanceof Date) expect(row![i]).toBeCloseTo(serial(v), 5);
      });
    }
  });

  it("the record PDF prints the API's values, to the administrator and to a guest (CIs masked)", async () => {
    for (const token of [admin, guest]) {
      for (const id of ids) {
        const record = await api(id, token);
        const text = await pdfText((await get(`/api/inscriptos/export/pdf?id=${id}`, token)).rawPayload);
        const values = printable(record);
        expect(values.length).toBeGreaterThan(10);
        for (const v of values) expect(text).toContain(v);
        const derived = documentDerived(record);
        expect(text).toContain(`Inscripción condicional ${derived.condicional}`);
        expect(text).toContain(`Estrato socioeconómico ${derived.estrato}`);
      }
    }
    const real = await api(ids[0]!);
    const masked = await api(ids[0]!, guest);
    expect(masked.ci).not.toBe(real.ci);
    const text = await pdfText((await get(`/api/inscriptos/export/pdf?id=${ids[0]}`, guest)).rawPayload);
    expect(text).not.toContain(displayValue('ci', real.ci));
  });
});

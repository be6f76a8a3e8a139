import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { textCells, xlsxPart } from '../../test/xlsx-xml.ts';

/** Texts a spreadsheet would turn into formulas once the cell is edited or the sheet saved as CSV. */
const DANGEROUS = ['=HYPERLINK("http://x","clic")', '+59899123456 llamar', '-1+1', '@SUMA(A1)'];

describe.each(DIALECTS)('Excel export quote prefix on %s', (dialect) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const today = new Date();
    await postInscripto(
      t.app,
      token,
      buildInscripto(today, { nombre1: 'Zoe', observaciones: DANGEROUS[0], domicilio: DANGEROUS[1] }),
    );
    await postInscripto(
      t.app,
      token,
      buildInscripto(today, { nombre1: 'Ana', observaciones: DANGEROUS[2], domicilio: DANGEROUS[3] }),
    );
  });
  afterAll(() => t.close());

  it('cells whose text begins with = + - @ reference a format with quotePrefix="1"; other text cells do not', async () => {
    const res = await t.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const file = res.rawPayload;
    expect(xlsxPart(file, 'xl/styles.xml')).toMatch(/<cellXfs\b[^>]*>[\s\S]*?<xf\b[^>]*\bquotePrefix="1"/);
    const cells = textCells(file);
    // The text itself is unchanged (no apostrophe added), and only these four cells are marked.
    expect(
      cells
        .filter((c) => c.quotePrefix)
        .map((c) => c.text)
        .sort(),
    ).toEqual([...DANGEROUS].sort());
    for (const name of ['Zoe', 'Ana', 'Pendiente']) {
      const cell = cells.find((c) => c.text === name);
      expect(cell?.quotePrefix, name).toBe(false);
    }
  });
});

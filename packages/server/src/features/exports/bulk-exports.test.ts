import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, login, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const PATHS = ['excel', 'pdf-all', 'pdf-zip', 'sql'] as const;

/** Entry names of a ZIP, from its central directory. */
function zipEntries(buf: Buffer): string[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLen = buf.readUInt16LE(p + 28);
    names.push(buf.subarray(p + 46, p + 46 + nameLen).toString());
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return names;
}

describe.each(DIALECTS)('bulk exports on %s', (dialect) => {
  let t: TestApp;
  const tok: Partial<Record<Who, string>> = {};
  const h = (who: Who) => (who === 'none' ? {} : bearer(tok[who]!));
  const today = new Date();
  const siblingCi = uniqueCi();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    // Two siblings (one number), one pending record whose text looks like a formula.
    const a = buildInscripto(today, {
      nombre1: 'Agustín',
      apellido1: 'Muñoz',
      cantidadHermanosInscriben: 1,
      hermanosInscriben: [{ nombre: 'Bruno Muñoz', nivel: 'Inicial', ci: siblingCi, sexo: 'M' }],
    });
    const b = buildInscripto(today, { ci: siblingCi, nombre1: 'Bruno', apellido1: 'Muñoz', sexo: 'M' });
    for (const data of [a, b]) {
      const rec = await postInscripto(t.app, tok.administrador, data);
      await t.app.inject({
        method: 'POST',
        url: `/api/inscriptos/${rec.id}/finalizar`,
        headers: h('administrador'),
        payload: { ...data, version: rec.version },
      });
    }
    await postInscripto(
      t.app,
      tok.voluntario,
      buildInscripto(today, { nombre1: 'Zoe', observaciones: '=HYPERLINK("http://x","clic")' }),
    );
  });
  afterAll(() => t.close());

  it.each(['none', 'visitado', 'voluntario'] as const)('refuses every bulk export to %s', async (who) => {
    for (const p of PATHS) {
      const res = await t.app.inject({ url: `/api/inscriptos/export/${p}`, headers: h(who) });
      expect(res.statusCode, p).toBe(who === 'none' ? 401 : 403);
    }
  });

  it('Excel: Spanish headers, readable values, real dates, filter and frozen header, no formulas', async () => {
    const res = await t.app.inject({ url: '/api/inscriptos/export/excel', headers: h('administrador') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/inscriptos_\d{4}-\d{2}-\d{2}\.xlsx/);
    const wb = XLSX.read(res.rawPayload, { cellDates: true, cellFormula: true });
    const sheet = wb.Sheets[wb.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet);
    expect(rows).toHaveLength(3);
    const agustin = rows.find((r) => r['Primer Nombre'] === 'Agustín')!;
    expect(agustin).toMatchObject({ 'Primer Apellido': 'Muñoz', Estado: 'Finalizado', Sexo: 'Femenino' });
    expect(agustin['Fecha de nacimiento']).toBeInstanceOf(Date);
    expect(agustin['Fecha de inscripción']).toBeInstanceOf(Date);
    expect(
      String(agustin['Hermanos que se inscriben'] ?? Object.values(agustin).find((v) => String(v).includes('Bruno'))),
    ).toContain('Bruno Muñoz');
    expect(sheet['!autofilter']).toBeDefined();
    const zoe = XLSX.utils
      .sheet_to_json<unknown[]>(sheet, { header: 1 })
      .findIndex((r) => (r as unknown[]).includes('Zoe'));
    const formulaCells = Object.entries(sheet).filter(([k, c]) => !k.startsWith('!') && (c as XLSX.CellObject).f);
    expect(formulaCells).toEqual([]);
    const obs = Object.entries(sheet).find(
      ([k, c]) => !k.startsWith('!') && String((c as XLSX.CellObject).v).startsWith('=HYPERLINK'),
    );
    expect(obs && (obs[1] as XLSX.CellObject).t).toBe('s');
    expect(zoe).toBeGreaterThan(0);
  });

  it('PDF masivo: a cover with the counts, a printed index, then every enrolment', async () => {
    const res = await t.app.inject({ url: '/api/inscriptos/export/pdf-all', headers: h('administrador') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/todas_las_inscripciones_\d{4}-\d{2}-\d{2}\.pdf/);
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text, totalPages } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Total de inscripciones: 3');
    expect(flat).toContain('Finalizadas: 2');
    expect(flat).toContain('Pendientes: 1');
    for (const name of ['Agustín', 'Bruno', 'Zoe']) expect(flat).toContain(name);
    expect(totalPages).toBeGreaterThanOrEqual(5);
    const pages = (await extractText(pdf, { mergePages: false })).text.map((p) => p.replace(/\s+/g, ' '));
    // Page 2 is the printed index: a row per enrolment with number, name, estado and the page it starts on.
    const index = pages[1]!;
    expect(index).toContain('Índice');
    expect(index).toContain('Índice · Página 1 de 1');
    const rows = [...index.matchAll(/(\d{3}|Sin número) ([^\d]+?) (FINALIZADO|PENDIENTE) (\d+)/g)];
    expect(rows).toHaveLength(3);
    for (const name of ['Agustín', 'Bruno', 'Zoe']) expect(rows.some((r) => r[2]!.includes(name))).toBe(true);
    for (const [, numero, nombre, estado, page] of rows) {
      // The page named opens that enrolment: its header, number and "Página 1 de N".
      const first = pages[Number(page) - 1]!;
      expect(first).toContain(nombre!.trim());
      expect(first).toContain('Página 1 de');
      expect(first).toContain(numero === 'Sin número' ? 'Sin número' : `Inscripción ${numero}`);
      expect(first).toContain(estado);
    }
    // Every page after the index names its child and counts the pages of that enrolment.
    for (const page of pages.slice(2)) {
      expect(page).toMatch(/(Agustín|Bruno|Zoe) .*Página [12] de [12]/);
    }
    // The outline says the same, with the final page numbers.
    const outline = ((await pdf.getOutline()) ?? []).map((item) => item.title);
    expect(outline).toHaveLength(3);
    for (const title of outline)
      expect(title).toMatch(/^(Inscripción \d{3}|Sin número) · .+ · (FINALIZADO|PENDIENTE) · página \d+$/);
    const zoe = outline.find((title) => title.includes('Zoe'))!;
    const zoePage = Number(/página (\d+)$/.exec(zoe)![1]);
    expect(pages[zoePage - 1]).toContain('Zoe');
    expect(pages[zoePage - 1]).toContain('Página 1 de');
    expect(rows.find((r) => r[2]!.includes('Zoe'))![4]).toBe(String(zoePage));
  });

  it('ZIP: one PDF per enrolment; siblings sharing a number get distinct names', async () => {
    const res = await t.app.inject({ url: '/api/inscriptos/export/pdf-zip', headers: h('administrador') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const names = zipEntries(res.rawPayload);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(3);
    expect(names.filter((n) => /^inscripcion_\d+(_[0-9a-f]{8})?\.pdf$/.test(n))).toHaveLength(2);
    // The pending one (no number) by surname and name, in plain ASCII, with the id's start.
    expect(names.filter((n) => /^pendiente_[a-z0-9-]+_zoe_[0-9a-f]{8}\.pdf$/.test(n))).toHaveLength(1);
  });

  it('SQL: a complete backup that restores into an empty database of the same dialect', async () => {
    const res = await t.app.inject({ url: '/api/inscriptos/export/sql', headers: h('administrador') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/inscriptos_backup_\d{4}-\d{2}-\d{2}\.sql/);
    const dump = res.body;
    expect(dump).toContain('password_hash');
    expect(dump).toContain('INSERT INTO "auditoria"');
    if (dialect !== 'sqlite') return; // The PostgreSQL round trip is in restore.test.ts.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-restore-'));
    const file = path.join(dir, 'copia.sql');
    fs.writeFileSync(file, dump);
    const target = path.join(dir, 'data');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [path.resolve(import.meta.dirname, '../../cli/backup/restore-cli.ts'), file],
        {
          env: { PATH: process.env.PATH ?? '', DATA_DIR: target },
          stdio: 'ignore',
        },
      );
      child.on('exit', resolve);
    });
    expect(code).toBe(0);
    const restored = await buildTestApp('sqlite', { env: { DATA_DIR: target } });
    try {
      const admin = await tokenFor(restored.app, ADMIN.username, ADMIN.password);
      const original = (
        await t.app.inject({ url: '/api/inscriptos?pageSize=100', headers: h('administrador') })
      ).json();
      const copy = (await restored.app.inject({ url: '/api/inscriptos?pageSize=100', headers: bearer(admin) })).json();
      expect(copy).toEqual(original);
      expect((await login(restored.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password)).statusCode).toBe(200);
    } finally {
      await restored.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

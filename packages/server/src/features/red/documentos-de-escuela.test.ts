import * as XLSX from '@e965/xlsx';
import type { InjectOptions } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAccesoList } from '@inscripciones/shared/accesos/accesos-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto } from '../../test/inscriptos-fixtures.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/*
 * Each school's documents and access log name the school of the request (decision 0036, "Nota posterior"):
 * the PDF of one enrolment, the backup PDF, the personal-data report, the mass PDF, the Excel workbook and the
 * access log.
 */
const NORTE = {
  codigo: 'norte',
  escuelaNombre: 'Escuela N.º 2 Norte',
  direccion: 'Av. Norte 1234',
  telefono: '2400 1234',
  horarios: 'Lunes a viernes de 8 a 16',
};

async function pdfText(payload: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(payload)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(DIALECTS)("each school's documents name it on %s", (dialect) => {
  let t: TestApp;
  let red: string;
  let principal: string;
  const ids: Record<string, string> = {};
  const inject = (opts: InjectOptions) => t.app.inject(opts);
  const get = async (url: string) => {
    const res = await inject({ url, headers: bearer(red) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    red = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const res = await inject({ method: 'POST', url: '/api/escuelas', headers: bearer(red), payload: NORTE });
    expect(res.statusCode, res.body).toBe(201);
    principal = (await get('/api/escuelas')).json()[0].escuelaNombre;
    expect(principal).not.toBe(NORTE.escuelaNombre);
    for (const escuela of ['principal', 'norte']) {
      const datos = buildInscripto(new Date(), { nombre1: `Niña${escuela}` });
      const url = (p: string) => `/api/inscriptos${p}?escuela=${escuela}`;
      const creada = await inject({ method: 'POST', url: url(''), headers: bearer(red), payload: datos });
      expect(creada.statusCode, creada.body).toBe(201);
      const fin = await inject({
        method: 'POST',
        url: url(`/${creada.json().id}/finalizar`),
        headers: bearer(red),
        payload: { ...datos, version: creada.json().version },
      });
      expect(fin.statusCode, fin.body).toBe(200);
      ids[escuela] = creada.json().id;
    }
  }, 60_000);
  afterAll(() => t?.close());

  it("one enrolment's PDF, the backup PDF and the personal-data report carry the school's name", async () => {
    for (const [escuela, nombre, otro] of [
      ['norte', NORTE.escuelaNombre, principal],
      ['principal', principal, NORTE.escuelaNombre],
    ] as const) {
      const text = await pdfText(
        (await get(`/api/inscriptos/export/pdf?id=${ids[escuela]}&escuela=${escuela}`)).rawPayload,
      );
      expect(text).toContain(nombre);
      expect(text).not.toContain(otro);
    }
    const backup = await inject({
      method: 'POST',
      url: '/api/inscriptos/export/pdf-backup?escuela=norte',
      headers: bearer(red),
      payload: { formData: { nombre1: 'Sin guardar' } },
    });
    expect(backup.statusCode).toBe(200);
    expect(await pdfText(backup.rawPayload)).toContain(NORTE.escuelaNombre);
    const informe = await get(`/api/inscriptos/${ids.norte}/informe-datos?formato=pdf&escuela=norte`);
    expect(await pdfText(informe.rawPayload)).toContain(NORTE.escuelaNombre);
  });

  it("the mass PDF's cover and pages, and the Excel workbook, name the school", async () => {
    const text = await pdfText((await get('/api/inscriptos/export/pdf-all?escuela=norte')).rawPayload);
    expect(text.split(NORTE.escuelaNombre).length - 1).toBe(2); // the cover and the one enrolment's page
    expect(text).not.toContain(principal);
    const wb = XLSX.read((await get('/api/inscriptos/export/excel?escuela=norte')).rawPayload, { bookProps: true });
    expect(wb.Props).toMatchObject({ Title: `Inscripciones · ${NORTE.escuelaNombre}` });
  });

  it("the access log says whose it is, and holds only that school's accesses", async () => {
    const norte: TAccesoList = (await get('/api/accesos?escuela=norte&pageSize=100')).json();
    expect(norte.escuela).toEqual({ codigo: 'norte', nombre: NORTE.escuelaNombre });
    expect(norte.items.some((a) => a.inscriptoId === ids.norte)).toBe(true);
    expect(norte.items.some((a) => a.inscriptoId === ids.principal)).toBe(false);
    const enPrincipal: TAccesoList = (await get('/api/accesos?escuela=principal&pageSize=100')).json();
    expect(enPrincipal.escuela).toEqual({ codigo: 'principal', nombre: principal });
    expect(enPrincipal.items.some((a) => a.inscriptoId === ids.principal)).toBe(true);
    expect(enPrincipal.items.some((a) => a.inscriptoId === ids.norte)).toBe(false);
  });
});

describe.each(DIALECTS)("the season's lists name the school on %s", (dialect) => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('the suplentes in PDF and the roster in Excel carry the name under the title', async () => {
    t = await buildTestApp(dialect);
    const admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const nombre = t.app.ctx.escuelaNombre!();
    expect(nombre).toBeTruthy();
    const nena = (i: number) => ({
      children: [{ nombre1: `Lista${i}`, apellido1: `Familia${i}`, sexo: 'F' as const }],
    });
    await insertFamilies(t.app.ctx.db, new Date(), [nena(1), nena(2), nena(3)]);
    await runRaffle(t.app, admin, { nenas: 1, varones: 1 });
    const pdf = await t.app.inject({ url: '/api/plazas/suplentes.pdf', headers: bearer(admin) });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(nombre);
    const xlsx = await t.app.inject({ url: '/api/plazas/nomina.xlsx', headers: bearer(admin) });
    expect(xlsx.statusCode).toBe(200);
    const datos = XLSX.read(xlsx.rawPayload).Sheets.Datos!;
    expect(XLSX.utils.sheet_to_json<string[]>(datos, { header: 1 })[1]).toEqual([nombre]);
  }, 60_000);
});

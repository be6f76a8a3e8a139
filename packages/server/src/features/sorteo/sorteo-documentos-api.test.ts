import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TActa, TActaLinea, TActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import type { TParticipantesPublicos } from '@inscripciones/shared/sorteo/api-schema.ts';
import { STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { anonimizarSorteosDelCiclo } from '../../domain/anonimizacion/anonimizar-sorteos.ts';

/**
 * The raffle's documents say what the API says: the acta PDF and the results Excel show the lines of the acta's
 * JSON, and its participant list the public acta's; the witnesses' list PDF shows GET participantes-publicos.
 * After the cycle is anonymised, the PDF shows the anonymised JSON's initials and none of the erased names.
 */
const pdfText = async (body: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, ' ');
const oneSpace = (s: string) => s.replace(/\s+/g, ' ');

const linea = (l: TActaLinea) =>
  oneSpace(`${l.posicion}. ${padNumero(l.numeroInscripcion)} ${l.nombreCompleto} — ${STAGE_LABELS[l.etapa]}`);
const lineas = (acta: TActa) =>
  (['titulares', 'suplentes'] as const).flatMap((k) => [...acta[k].nenas, ...acta[k].varones]);

const child = (i: number, sexo: 'F' | 'M') => ({
  nombre1: `Documento${String.fromCharCode(65 + i)}`,
  nombre2: undefined,
  apellido1: `Apellidoapi${String.fromCharCode(65 + i)}`,
  apellido2: 'Coincide',
  sexo,
  tieneHermanosPrimaria: false,
});

describe.each(DIALECTS)('the raffle documents and the API agree on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  let actaId = '';
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers: bearer(admin) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };
  const post = async (url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), payload });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  let lista: TParticipantesPublicos;
  let listaPdf = '';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const families = Array.from({ length: 8 }, (_, i) => ({ children: [child(i, i % 2 ? 'M' : 'F')] }));
    // Two siblings drawn together: one unit, two children.
    families.push({ children: [child(8, 'F'), child(9, 'M')] });
    await insertFamilies(t.app.ctx.db, new Date(), families);
    await post('/api/sorteo/start', {
      plazasNenas: 2,
      plazasVarones: 2,
      confirmarNuevo: true,
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    // The witnesses sign the list before the public value: read both while the raffle runs.
    lista = (await get('/api/sorteo/participantes-publicos')).json();
    listaPdf = await pdfText((await get('/api/sorteo/lista-participantes.pdf')).rawPayload);
    await post('/api/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
    for (;;) {
      const next = await post('/api/sorteo/next');
      if (!next.participante) break;
      await post('/api/sorteo/confirm', { participante: next.participante, index: next.index });
    }
    await post('/api/sorteo/end');
    actaId = ((await get('/api/sorteo/actas')).json() as { id: string }[])[0]!.id;
  });
  afterAll(() => t.close());

  it("the witnesses' list PDF shows GET participantes-publicos: each number with its initials, and the hash", () => {
    expect(lista.participantes).toHaveLength(9);
    expect(listaPdf).toContain(lista.hash);
    expect(listaPdf).toContain(`Participantes (9 unidades, 10 niños y niñas)`);
    for (const p of lista.participantes) expect(listaPdf).toContain(`${padNumero(p.numeroInscripcion)} ${p.iniciales}`);
  });

  it("the acta PDF and the results Excel show the acta JSON's lines, the PDF's list the public acta's", async () => {
    const url = `/api/sorteo/actas/${actaId}`;
    const acta: TActa = (await get(`${url}/acta.json`)).json();
    const publica: TActaPublica = (await get(`${url}/acta-publica.json`)).json();
    const pdf = await pdfText((await get(`${url}/acta.pdf`)).rawPayload);
    expect(lineas(acta)).toHaveLength(10);
    for (const l of lineas(acta)) expect(pdf).toContain(linea(l));
    expect(publica.participantes).toEqual(lista.participantes);
    for (const p of publica.participantes) expect(pdf).toContain(`${padNumero(p.numeroInscripcion)} ${p.iniciales}`);
    expect(pdf).toContain(acta.semilla);

    const book = XLSX.read((await get(`${url}/resultados.xlsx`)).rawPayload);
    const sheet = (name: string) => XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[name]!);
    for (const [name, lines] of [
      ['Titulares nenas', acta.titulares.nenas],
      ['Titulares varones', acta.titulares.varones],
      ['Suplentes nenas', acta.suplentes.nenas],
      ['Suplentes varones', acta.suplentes.varones],
    ] as const) {
      expect(sheet(name)).toEqual(
        lines.map((l) => ({
          Posición: l.posicion,
          'N° de inscripción': padNumero(l.numeroInscripcion),
          'Nombre completo': l.nombreCompleto,
          Etapa: STAGE_LABELS[l.etapa],
          'N° de sorteo': l.sorteo,
        })),
      );
    }
  });

  it("after anonymising, the acta PDF shows the anonymised JSON's initials and none of the erased names", async () => {
    const url = `/api/sorteo/actas/${actaId}`;
    const antes: TActa = (await get(`${url}/acta.json`)).json();
    const admitidos = new Set(
      [...antes.titulares.nenas, ...antes.titulares.varones].map((l) => `${l.numeroInscripcion}:${l.nombreCompleto}`),
    );
    const ciclo = await findActual(t.app.ctx.db);
    const fecha = new Date().toISOString();
    await t.app.ctx.db
      .transaction()
      .execute((tx) =>
        anonimizarSorteosDelCiclo(tx, ciclo.id, () => (n, _i, m) => admitidos.has(`${n}:${m.nombreCompleto}`), fecha),
      );
    const acta: TActa = (await get(`${url}/acta.json`)).json();
    expect(acta.anonimizadoEn).toBe(fecha);
    const borrados = lineas(antes).filter((l) => !admitidos.has(`${l.numeroInscripcion}:${l.nombreCompleto}`));
    expect(borrados.length).toBeGreaterThan(0);
    const pdf = await pdfText((await get(`${url}/acta.pdf`)).rawPayload);
    for (const l of lineas(acta)) expect(pdf).toContain(linea(l));
    for (const l of borrados) expect(pdf).not.toContain(l.nombreCompleto);
    for (const l of borrados) expect(JSON.stringify(acta)).not.toContain(l.nombreCompleto);
    const xlsx = JSON.stringify(XLSX.read((await get(`${url}/resultados.xlsx`)).rawPayload).Sheets);
    for (const l of borrados) expect(xlsx).not.toContain(l.nombreCompleto);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/**
 * The season's documents say what GET /api/plazas says (both from plazas-views.ts's estadoView): the suplentes
 * and the roster in Excel are its queue and accepted offers row for row, and the adenda PDF names each change
 * after the raffle as the API's history does, with who recorded it and why.
 */
const pdfText = async (body: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true })).text.replace(/\s+/g, ' ');

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    {
      nombre1: `Papel${sexo}${i}`,
      nombre2: undefined,
      apellido1: `Vista${i}`,
      apellido2: 'Igual',
      sexo,
      tieneHermanosPrimaria: false,
    },
  ],
});

describe.each(DIALECTS)('the places documents and the API agree on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  let vol = '';
  let e: TPlazasEstado;
  const get = async (url: string, token = admin) => {
    const res = await t.app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res;
  };
  const responder = async (token: string, id: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${id}/respuesta`,
      headers: bearer(token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const sheet = async (url: string, name: string) => {
    const book = XLSX.read((await get(url)).rawPayload);
    return XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[name]!, { raw: false });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const u = await createUser(t.app, admin, { role: 'voluntario' });
    vol = await tokenFor(t.app, u.username, u.password);
    await insertFamilies(t.app.ctx.db, new Date(), [
      ...Array.from({ length: 4 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 4 }, (_, i) => lone('M', i)),
    ]);
    await runRaffle(t.app, admin, { nenas: 2, varones: 2 });
    const inicial: TPlazasEstado = (await get('/api/plazas')).json();
    const [nena] = inicial.ofertas.filter((o) => o.lista === 'nenas');
    const [varon] = inicial.ofertas.filter((o) => o.lista === 'varones');
    await responder(admin, nena!.id, { respuesta: 'aceptada' });
    await responder(vol, varon!.id, { respuesta: 'rechazada', motivo: 'Eligieron otra escuela' });
    e = (await get('/api/plazas')).json();
  });
  afterAll(() => t.close());

  it("the suplentes' Excel is the API's queue, and its PDF names each one in it", async () => {
    const pdf = await pdfText((await get('/api/plazas/suplentes.pdf')).rawPayload);
    for (const lista of LISTAS) {
      expect(e.cola[lista].length).toBeGreaterThan(0);
      expect(await sheet('/api/plazas/suplentes.xlsx', `Suplentes ${LISTA_LABELS[lista].toLowerCase()}`)).toEqual(
        e.cola[lista].map((c) => ({
          'Posición actual': String(c.posicionActual),
          'Posición en el sorteo': String(c.posicionPublicada),
          'N°': padNumero(c.numeroInscripcion),
          'Niño o niña': c.nombreCompleto,
        })),
      );
      for (const c of e.cola[lista]) expect(pdf).toContain(c.nombreCompleto);
    }
  });

  it("the roster's Excel has the API's accepted offers, list by list", async () => {
    const aceptadas = e.ofertas.filter((o) => o.estado === 'aceptada');
    expect(aceptadas).toHaveLength(1);
    for (const lista of LISTAS) {
      const rows = await sheet('/api/plazas/nomina.xlsx', `Ingresos ${LISTA_LABELS[lista].toLowerCase()}`);
      expect(rows.map((r) => [r['N°'], r['Niño o niña']])).toEqual(
        aceptadas.filter((o) => o.lista === lista).map((o) => [padNumero(o.numeroInscripcion), o.nombreCompleto]),
      );
    }
  });

  it("the adenda names the API's changes after the raffle, who recorded them and why", async () => {
    const cambios = e.historial.filter((c) => c.causa !== 'sorteo');
    // The acceptance, the refusal and the suplente offered the place refused.
    expect(cambios.map((c) => c.estado)).toEqual(['aceptada', 'rechazada', 'ofrecida']);
    const rechazo = cambios.find((c) => c.estado === 'rechazada')!;
    expect(rechazo).toMatchObject({ motivo: 'Eligieron otra escuela', registradoPorUsuario: expect.any(String) });
    const pdf = await pdfText((await get('/api/plazas/adenda.pdf')).rawPayload);
    for (const c of cambios) {
      expect(pdf).toContain(c.nombreCompleto);
      if (c.registradoPor) expect(pdf).toContain(`${c.registradoPor} (${c.registradoPorUsuario})`);
      if (c.motivo) expect(pdf).toContain(c.motivo);
    }
    // Neither the login of who recorded a change nor its reason is the public's (the guest's view).
    const guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const visto: TPlazasEstado = (await get('/api/plazas', guest)).json();
    expect(visto.historial.some((c) => 'registradoPorUsuario' in c || 'motivo' in c)).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAsignacionLinea } from '@inscripciones/shared/asignacion/api-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verificarRegistro } from '@inscripciones/shared/asignacion/verify-registro.ts';
import {
  llamar,
  montarRedDeAsignacion,
  sorteoDeRed,
  verificar,
  type RedDeAsignacion,
} from '../../test/asignacion-test-data.ts';

/*
 * After the network's assignment (docs/decisions/0039): SAE's three answers, online with the status code and by
 * staff at any school; a declined place rolls up across the network, each step in the public register, and no
 * school ever holds more children than places.
 */

describe.each(DIALECTS)('answers after the network assignment on %s', (dialect) => {
  let t: TestApp;
  let r: RedDeAsignacion;
  let lineas: TAsignacionLinea[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    r = await montarRedDeAsignacion(t.app);
    await sorteoDeRed(t.app, r.red, r.anio);
    lineas = (await llamar(t.app, r.red)('POST', '/api/asignacion', { anio: r.anio })).lineas;
  }, 60_000);
  afterAll(() => t?.close());

  const responder = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/asignacion/respuesta', headers: bearer(token), payload });

  it('a family answers online with its status code; acepta-y-espera keeps waiting, acepta then stops', async () => {
    const [nombre, familia] = Object.entries(r.familias).find(([, f]) =>
      lineas.some(
        (l) => l.origen.escuela === f.escuela && l.origen.numeroInscripcion === f.numero && l.escuela !== null,
      ),
    )!;
    expect(nombre).toBeTruthy();
    const online = (respuesta: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/estado/respuesta?escuela=${familia.escuela}`,
        payload: { numeroInscripcion: familia.numero, codigo: familia.codigo, respuesta },
      });
    const estado = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/estado?escuela=${familia.escuela}`,
        payload: { numeroInscripcion: familia.numero, codigo: familia.codigo },
      });
    // The status page shows the family its place in the network and what to do, before when.
    const antes = (await estado()).json();
    const linea = lineas.find(
      (l) => l.origen.escuela === familia.escuela && l.origen.numeroInscripcion === familia.numero,
    )!;
    expect(antes).toMatchObject({
      estado: 'sorteada',
      red: { estado: 'pendiente', escuela: { codigo: linea.escuela } },
      siguiente: { antesDe: antes.red.vence },
    });
    expect(antes.siguiente.accion).toContain('Respondé la plaza en');
    expect(antes.red.espera.map((e: { escuela: { codigo: string } }) => e.escuela.codigo)).toEqual(
      linea.espera.map((e) => e.escuela),
    );
    // The staff's line shows the same waitlist places as the family's page.
    expect(linea.actual.espera).toEqual(
      antes.red.espera.map((e: { escuela: { codigo: string }; posiciones: number[] }) => ({
        escuela: e.escuela.codigo,
        posiciones: e.posiciones,
      })),
    );
    const espera = await online('acepta-y-espera');
    expect(espera.statusCode, espera.body).toBe(200);
    expect(espera.json()).toMatchObject({ respuesta: 'acepta-y-espera', entrada: { n: 1 } });
    expect((await estado()).json().red).toMatchObject({ estado: 'acepta-y-espera', vence: null });
    expect((await online('acepta')).statusCode).toBe(200);
    expect((await estado()).json()).toMatchObject({ red: { estado: 'acepta', espera: [] } });
    const vista = (await llamar(t.app, r.red)('GET', '/api/asignacion')).lineas as TAsignacionLinea[];
    expect(vista.find((l) => l.numero === linea.numero)!.actual).toMatchObject({ estado: 'acepta', espera: [] });
    const atras = await online('acepta-y-espera');
    expect(atras.statusCode).toBe(409);
  });

  it('staff at any school record a decline; the freed place rolls up and the register shows each step', async () => {
    const conPlaza = lineas.find(
      (l) => l.escuela !== null && lineas.some((o) => o.espera.some((e) => e.escuela === l.escuela)),
    );
    expect(conPlaza).toBeDefined();
    const res = await responder(r.administradores.sur!, { numero: conPlaza!.numero, respuesta: 'rechaza' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ numero: conPlaza!.numero, estado: 'rechaza', escuela: null });
    expect(
      (await responder(r.administradores.sur!, { numero: conPlaza!.numero, respuesta: 'acepta' })).statusCode,
    ).toBe(409);
    expect((await responder(r.administradores.sur!, { numero: 999, respuesta: 'acepta' })).statusCode).toBe(404);

    const registro = await t.app.inject({ url: '/api/asignacion/registro-publico.json' });
    expect(registro.statusCode).toBe(200);
    const { historial, escuelas, respuestas } = registro.json();
    expect(respuestas.map((x: { seq: number }) => x.seq)).toEqual([1, 2, 3]);
    expect(
      historial.some((c: { causa: string; a: string }) => c.causa === 'corrimiento' && c.a === conPlaza!.escuela),
    ).toBe(true);
    for (const e of escuelas) {
      for (const l of Object.values(e.listas) as { plazas: number; ocupadas: number }[]) {
        expect(l.ocupadas).toBeLessThanOrEqual(l.plazas);
      }
    }
    for (const nombre of r.nombres) expect(registro.body).not.toContain(nombre);

    // Every board reads the same now: the network's view shows who moved up.
    const ahora = (await llamar(t.app, r.red)('GET', '/api/asignacion')).lineas as TAsignacionLinea[];
    const subio = historial.find((c: { causa: string }) => c.causa === 'corrimiento');
    expect(ahora.find((l) => l.numero === subio.numero)!.actual.escuela).toBe(conPlaza!.escuela);
  });
  it('anyone replays the roll-up from the public acta and register; a changed entry or move is caught', async () => {
    const acta = (await t.app.inject({ url: '/api/asignacion/acta-publica.json' })).json();
    const registro = (await t.app.inject({ url: '/api/asignacion/registro-publico.json' })).json();
    expect(registro.respuestas.length).toBeGreaterThan(0);
    expect(verificarRegistro(acta, registro)).toMatchObject({ ok: true, respuestas: registro.respuestas.length });

    const otraRespuesta = structuredClone(registro);
    otraRespuesta.respuestas[0].respuesta = 'rechaza';
    expect(verificarRegistro(acta, otraRespuesta)).toMatchObject({ ok: false });
    const otroCambio = structuredClone(registro);
    otroCambio.historial.at(-1).a = otroCambio.historial.at(-1).a === 'sur' ? 'norte' : 'sur';
    expect(verificarRegistro(acta, otroCambio)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^El cambio/),
    });

    // The command line does the same from the two files.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registro-'));
    const archivo = (nombre: string, datos: unknown) => {
      fs.writeFileSync(path.join(dir, nombre), JSON.stringify(datos));
      return path.join(dir, nombre);
    };
    const bien = await verificar([archivo('acta.json', acta), '--registro', archivo('registro.json', registro)]);
    expect(bien.code, bien.out).toBe(0);
    expect(bien.out).toContain('Corrimiento verificado:');
    const mal = await verificar([archivo('acta.json', acta), '--registro', archivo('mal.json', otroCambio)]);
    expect(mal.code).toBe(1);
    expect(mal.out).toContain('Corrimiento NO verificado: El cambio');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(DIALECTS)('deadlines after the network assignment on %s', (dialect) => {
  let t: TestApp;
  let r: RedDeAsignacion;
  const reloj = fakeClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: reloj.clock });
    r = await montarRedDeAsignacion(t.app);
    await sorteoDeRed(t.app, r.red, r.anio);
    await llamar(t.app, r.red)('POST', '/api/asignacion', { anio: r.anio, plazoDias: 3 });
  }, 60_000);
  afterAll(() => t?.close());

  it('an unanswered offer expires only by the command, after its deadline; its place rolls up', async () => {
    expect(await llamar(t.app, r.red)('POST', '/api/red/asignacion/vencimientos')).toEqual({ registradas: 0 });
    reloj.advance(4 * 24 * 60 * 60 * 1000);
    // Sessions do not last four days: sign in again.
    const call = llamar(t.app, await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const norte = await tokenFor(t.app, 'dir-norte', 'clave-segura-1');
    const { lineas } = await call('GET', '/api/asignacion');
    const pendiente = (lineas as TAsignacionLinea[]).find((l) => l.actual.estado === 'pendiente')!;
    const tarde = await responder(norte, { numero: pendiente.numero, respuesta: 'acepta' });
    expect(tarde.statusCode).toBe(409);
    const { registradas } = await call('POST', '/api/red/asignacion/vencimientos');
    expect(registradas).toBeGreaterThan(0);
    const registro = (await t.app.inject({ url: '/api/asignacion/registro-publico.json' })).json();
    expect(registro.respuestas.every((x: { respuesta: string }) => x.respuesta === 'vence')).toBe(true);
    const despues = (await call('GET', '/api/asignacion')).lineas as TAsignacionLinea[];
    expect(despues.find((l) => l.numero === pendiente.numero)!.actual).toMatchObject({
      estado: 'vence',
      escuela: null,
    });
  });

  const responder = (token: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/asignacion/respuesta', headers: bearer(token), payload });
});

describe.each(DIALECTS)('deadlines that run themselves after the network assignment on %s', (dialect) => {
  let t: TestApp;
  let r: RedDeAsignacion;
  const reloj = fakeClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: reloj.clock, vencimientos: { intervaloMs: 100 } });
    r = await montarRedDeAsignacion(t.app);
    await sorteoDeRed(t.app, r.red, r.anio);
    await llamar(t.app, r.red)('POST', '/api/asignacion', { anio: r.anio, plazoDias: 3 });
  }, 60_000);
  afterAll(() => t?.close());

  it('with nobody calling anything, an offer past its deadline expires and its place rolls up', async () => {
    const registro = async () => (await t.app.inject({ url: '/api/asignacion/registro-publico.json' })).json();
    await new Promise((ok) => setTimeout(ok, 400));
    expect((await registro()).respuestas).toEqual([]);
    reloj.advance(4 * 24 * 60 * 60 * 1000);
    await expect
      .poll(async () => (await registro()).respuestas.length, { timeout: 10_000, interval: 100 })
      .toBeGreaterThan(0);
    const { respuestas } = await registro();
    expect(respuestas.every((x: { respuesta: string }) => x.respuesta === 'vence')).toBe(true);
    // Once every deadline passed was recorded, the job writes nothing more.
    await new Promise((ok) => setTimeout(ok, 500));
    const despues = (await registro()).respuestas.length;
    await new Promise((ok) => setTimeout(ok, 500));
    expect((await registro()).respuestas.length).toBe(despues);
  });
});

import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificarAsignacion } from '@inscripciones/shared/asignacion/verify-asignacion.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp } from '../../test/helper.ts';
import {
  llamar,
  montarRedDeAsignacion,
  sorteoDeRed,
  verificar,
  type RedDeAsignacion,
} from '../../test/asignacion-test-data.ts';

/*
 * The network's assignment end to end (docs/decisions/0039): three schools, families rank them, a school cannot
 * raffle alone in a network year, the network raffle and the assignment run, and the public acta replays.
 */

describe.each(DIALECTS)('network assignment on %s', (dialect) => {
  let t: TestApp;
  let r: RedDeAsignacion;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    r = await montarRedDeAsignacion(t.app);
  }, 60_000);
  afterAll(() => t?.close());

  it('runs preferencias → network raffle → assignment → acta, and the verifier agrees', async () => {
    const call = llamar(t.app, r.red);
    const { inicio, fin } = await sorteoDeRed(t.app, r.red, r.anio);
    // Filomena ranked no school: she is not in the network raffle.
    expect(inicio).toMatchObject({ anio: r.anio, estado: 'activo', total: 8, escuelas: 3, semilla: null });
    expect(fin).toMatchObject({ estado: 'terminado', confirmados: 1, valorPublico: 'dados:2,4,6' });
    expect(fin.semilla).toMatch(/^[0-9a-f]{64}$/);

    // A school of the network cannot raffle by itself that year.
    const propio = await t.app.inject({
      method: 'POST',
      url: '/api/sorteo/start?escuela=norte',
      headers: bearer(r.administradores.norte!),
      payload: { fuenteValorPublico: { tipo: 'dados', cantidad: 3 } },
    });
    expect(propio.statusCode).toBe(409);
    expect(propio.json().message).toContain('sorteo de la red');

    const vista = await call('POST', '/api/asignacion', { anio: r.anio });
    expect(vista.resumen.postulaciones).toBe(8);
    expect(inicio.ninos).toBe(9);
    expect(vista.lineas.filter((l: { escuela: string | null }) => l.escuela !== null).length).toBeLessThanOrEqual(6);
    const otra = await t.app.inject({
      method: 'POST',
      url: '/api/asignacion',
      headers: bearer(r.red),
      payload: { anio: r.anio },
    });
    expect(otra.statusCode).toBe(409);

    const acta = await t.app.inject({ url: '/api/asignacion/acta-publica.json' });
    expect(acta.statusCode).toBe(200);
    // The siblings enrolling together are one application with one random number, hermanos_juntos everywhere.
    const grupo = acta.json().postulaciones.find((p: { miembros: unknown[] }) => p.miembros.length === 2);
    expect(grupo).toMatchObject({ preferencias: ['sur', 'norte'], hermanosPrimaria: [] });
    for (const nombre of r.nombres) expect(acta.body).not.toContain(nombre);
    const verificada = verificarAsignacion(acta.json(), { compromiso: inicio.compromiso, listaHash: inicio.listaHash });
    expect(verificada).toMatchObject({ ok: true, postulaciones: 8, ninos: 9 });
    expect(verificada.ok && verificada.asignadas).toBe(vista.resumen.asignadas);

    // A school's account sees its part: its own applications with their numbers, the others' without.
    const norte = await llamar(t.app, r.administradores.norte!)('GET', '/api/asignacion');
    expect(norte.escuela).toBe('norte');
    for (const l of norte.lineas) {
      const propia = l.origen.escuela === 'norte';
      expect(propia || l.escuela === 'norte' || l.espera.some((e: { escuela: string }) => e.escuela === 'norte')).toBe(
        true,
      );
      expect(l.origen.numeroInscripcion === null).toBe(!propia);
    }
  });

  it('npm run asignacion:verificar replays the acta from a file or its URL; a changed result fails', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/asignacion/acta-publica.json`;
    const porUrl = await verificar([url]);
    expect(porUrl).toMatchObject({ code: 0 });
    expect(porUrl.out).toContain('Asignación verificada: 8 postulaciones (9 niños)');

    const acta = (await t.app.inject({ url: '/api/asignacion/acta-publica.json' })).json();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asignacion-'));
    const archivo = path.join(dir, 'acta.json');
    fs.writeFileSync(archivo, JSON.stringify(acta));
    expect(await verificar([archivo, '--compromiso', acta.compromiso])).toMatchObject({ code: 0 });
    const primero = acta.resultados[0];
    acta.resultados[0] = { ...primero, escuela: primero.escuela === 'sur' ? 'norte' : 'sur', espera: [] };
    fs.writeFileSync(archivo, JSON.stringify(acta));
    const mala = await verificar([archivo]);
    expect(mala.code).toBe(1);
    expect(mala.out).toContain('Asignación NO verificada: N° 1');
    expect((await verificar([])).code).toBe(1);
  });

  it('refuses a second raffle of the year, and a change of its mode', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/red/sorteo/start',
      headers: bearer(r.red),
      payload: { anio: r.anio, fuenteValorPublico: { tipo: 'dados', cantidad: 3 } },
    });
    expect(again.statusCode).toBe(409);
    const modo = await t.app.inject({
      method: 'PUT',
      url: `/api/red/asignacion/ciclos/${r.anio}`,
      headers: bearer(r.red),
      payload: { modo: 'escuela' },
    });
    expect(modo.statusCode).toBe(409);
  });
});

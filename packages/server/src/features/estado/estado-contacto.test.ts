import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TContenidoEstado } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import type { TEstadoFamilia, TCodigoEstado } from '@inscripciones/shared/estado/estado-schema.ts';
import type { TPlazasEstado, TRespuestaResponse } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/**
 * The families' status page says what to do next, before when and how: the school's phone,
 * address and hours from Configuración, the children's initials, and offer deadlines inside the opening hours
 * (decision 0031). Montevideo is UTC-3; 1 December 2026 is a Tuesday.
 */

const CONTACTO = {
  telefono: '2900 1234',
  direccion: 'Av. Italia 1234, Montevideo',
  horarios: 'Lunes a viernes de 8:00 a 16:00',
  horarioApertura: '08:00',
  horarioCierre: '16:00',
  diasAtencion: 'lunes-a-viernes',
} as const;

const nina = (i: number) => ({
  children: [{ nombre1: `Ana${i}`, nombre2: 'Luz', apellido1: `Paz${i}`, apellido2: 'Rey', sexo: 'F' as const }],
});

describe.each(DIALECTS)('the status page’s contact and next step, and deadlines in opening hours, on %s', (dialect) => {
  let t: TestApp;
  // The raffle ends on Tuesday 1 December at 20:15 in Montevideo: 7 days later the school is closed.
  const time = fakeClock(new Date('2026-12-01T23:15:00Z'));
  let admin: string;
  const codigos = new Map<number, string>();
  let numeros: number[] = [];
  let ip = 0;

  const consulta = async (numeroInscripcion: number): Promise<TEstadoFamilia> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/estado',
      payload: { numeroInscripcion, codigo: codigos.get(numeroInscripcion)! },
      remoteAddress: `10.34.0.${++ip}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const plazas = async (): Promise<TPlazasEstado> =>
    (await t.app.inject({ url: '/api/plazas', headers: bearer(admin) })).json();
  const guardar = async (cambios: object) => {
    const actual = (await t.app.inject({ url: '/api/configuracion/contenido', headers: bearer(admin) })).json();
    const { contenido, version } = actual as TContenidoEstado;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/configuracion/contenido',
      headers: bearer(admin),
      payload: { ...contenido, ...cambios, version },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await guardar(CONTACTO);
    const rows = await insertFamilies(t.app.ctx.db, time.clock(), [1, 2, 3, 4].map(nina));
    numeros = rows.map((r) => r.numero_inscripcion!);
    for (const r of rows) {
      const res = await t.app.inject({ url: `/api/inscriptos/${r.id}/codigo-estado`, headers: bearer(admin) });
      codigos.set(r.numero_inscripcion!, (res.json() as TCodigoEstado).codigo);
    }
  }, 60_000);
  afterAll(() => t.close());

  it('before the raffle: the school’s phone, address and hours, the initials, and nothing to do yet', async () => {
    const e = await consulta(numeros[0]!);
    expect(e.escuela).toEqual({
      nombre: expect.any(String),
      telefono: '2900 1234',
      direccion: 'Av. Italia 1234, Montevideo',
      horarios: 'Lunes a viernes de 8:00 a 16:00',
    });
    expect(e.ninos).toEqual([{ iniciales: 'A. L. P. R.', estado: 'finalizada' }]);
    expect(e.siguiente).toEqual({
      accion: 'No tenés que hacer nada más hasta el sorteo.',
      antesDe: null,
      como: 'Por cualquier consulta o cambio de datos, llamá a la escuela al 2900 1234.',
    });
    expect(JSON.stringify(e)).not.toMatch(/Ana1|Paz1/);
  });

  it('an offer’s deadline falls inside the opening hours, and the family reads when and how to confirm', async () => {
    await runRaffle(t.app, admin, { nenas: 2, varones: 0 });
    const p = await plazas();
    expect(p.ofertas).toHaveLength(2);
    // Offered Tuesday 20:15 + 7 days = Tuesday 8 December at 20:15, closed: Wednesday 9 December at 16:00.
    for (const o of p.ofertas) expect(o.vence).toBe('2026-12-09T19:00:00.000Z');
    const titular = p.ofertas[0]!;
    const e = await consulta(titular.numeroInscripcion);
    expect(e.ninos[0]).toMatchObject({ estado: 'titular', vence: '2026-12-09T19:00:00.000Z' });
    expect(e.siguiente.antesDe).toBe('2026-12-09T19:00:00.000Z');
    expect(e.siguiente.accion).toBe(
      `Confirmá la plaza de ${e.ninos[0]!.iniciales} antes del 9 de diciembre de 2026, 16:00.`,
    );
    expect(e.siguiente.como).toBe(
      'Respondé aquí abajo, o llamá a la escuela al 2900 1234 o acercate a Av. Italia 1234, Montevideo, en el horario de atención. ' +
        'Si no la confirmás a tiempo, la plaza pasa al siguiente suplente.',
    );
    const suplente = p.cola.nenas[0]!;
    expect((await consulta(suplente.numeroInscripcion)).siguiente.accion).toMatch(/^Por ahora no tenés que hacer nada/);

    // The public register states the hours, so anyone recomputes the same deadlines.
    const registro = (await t.app.inject({ url: '/api/plazas/registro-publico.json' })).json() as TRegistroPublico;
    expect(registro.entradas[0]).toMatchObject({
      tipo: 'publicacion',
      horario: { apertura: '08:00', cierre: '16:00', dias: 'lunes-a-viernes' },
    });
  });

  it('a decline passes the place on with a deadline in hours, named in the answer; later changes move nothing', async () => {
    const before = await plazas();
    const suplente = before.cola.nenas[0]!;
    // Friday 4 December at 18:00 in Montevideo: + 7 days is Friday 11 at 18:00, after closing.
    time.advance(Date.parse('2026-12-04T21:00:00Z') - time.clock().getTime());
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password); // the session of 8 hours ended
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${before.ofertas[0]!.id}/respuesta`,
      headers: bearer(admin),
      payload: { respuesta: 'rechazada', motivo: 'Se mudan' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TRespuestaResponse;
    expect(body.pasoA).toEqual([
      {
        numeroInscripcion: suplente.numeroInscripcion,
        miembro: 0,
        nombreCompleto: suplente.nombreCompleto,
        lista: 'nenas',
        vence: '2026-12-14T19:00:00.000Z',
      },
    ]);
    const after = await plazas();
    const nueva = after.ofertas.find((o) => o.numeroInscripcion === suplente.numeroInscripcion)!;
    expect(nueva.vence).toBe('2026-12-14T19:00:00.000Z');
    // The school changes its hours: deadlines already given stay (the season keeps the hours it started with).
    await guardar({ horarioCierre: '12:00' });
    expect((await plazas()).ofertas.map((o) => o.vence)).toEqual(after.ofertas.map((o) => o.vence));
    const acepta = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${nueva.id}/respuesta`,
      headers: bearer(admin),
      payload: { respuesta: 'aceptada' },
    });
    // Accepting passes nothing on.
    expect((acepta.json() as TRespuestaResponse).pasoA).toEqual([]);
    expect((await consulta(suplente.numeroInscripcion)).siguiente.accion).toBe(
      'La plaza está confirmada: no tenés que hacer nada más por ahora.',
    );
  });
});

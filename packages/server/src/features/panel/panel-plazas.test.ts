import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';
import { avanzarTemporada } from '../../domain/sorteos/temporada-avance.ts';
import { createRuntime } from '../../domain/sorteos/temporada.ts';

const DAY = 24 * 60 * 60 * 1000;

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    {
      nombre1: `Panel${sexo}${i}`,
      nombre2: undefined,
      apellido1: `Familia${i}`,
      apellido2: 'Plazas',
      sexo,
      tieneHermanosPrimaria: false,
    },
  ],
});

/** The panel's places after the raffle are GET /api/plazas's own numbers, for every role. */
describe.each(DIALECTS)('director panel: places after the raffle on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const tok = { administrador: '', voluntario: '', visitado: '' };
  let vol: { username: string; password: string };
  const login = async () => {
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  };
  const get = async <T>(who: keyof typeof tok, url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok[who]) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const answer = async (id: string, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/plazas/${id}/respuesta`,
      headers: bearer(tok.voluntario),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Every role's panel shows exactly GET /api/plazas's places per list. */
  const expectSame = async () => {
    const plazas = await get<TPlazasEstado>('administrador', '/api/plazas');
    for (const who of ['administrador', 'voluntario', 'visitado'] as const) {
      const panel = await get<TPanel>(who, '/api/panel');
      expect(panel.plazasSorteo, who).toEqual({ actual: true, listas: plazas.listas });
    }
    return plazas;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    await login();
    await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 6 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 5 }, (_, i) => lone('M', i)),
    ]);
  }, 60_000);
  afterAll(() => t.close());

  it('has no places before the raffle is finished', async () => {
    expect((await get<TPanel>('visitado', '/api/panel')).plazasSorteo).toBeNull();
  });

  it('after the raffle and some answers, shows the places per list as GET /api/plazas gives them', async () => {
    await runRaffle(t.app, tok.administrador, { nenas: 3, varones: 3 });
    const start = await expectSame();
    expect(start.listas.nenas).toEqual({ plazas: 3, aceptadas: 0, ofrecidas: 3, libres: 0 });

    time.advance(DAY);
    await login();
    const [girl1, girl2] = start.ofertas.filter((o) => o.lista === 'nenas');
    const [boy] = start.ofertas.filter((o) => o.lista === 'varones');
    await answer(girl1!.id, { respuesta: 'aceptada' });
    await answer(girl2!.id, { respuesta: 'rechazada', motivo: 'Se mudan' });
    await answer(boy!.id, { respuesta: 'aceptada' });
    const answered = await expectSame();
    // The declined girl place went to the first girl suplente.
    expect(answered.listas.nenas).toEqual({ plazas: 3, aceptadas: 1, ofrecidas: 2, libres: 0 });
    expect(answered.listas.varones).toEqual({ plazas: 3, aceptadas: 1, ofrecidas: 2, libres: 0 });

    // Two deadlines pass unanswered: the boys' list runs out of suplentes (5 boys, 3 places), places stay free.
    time.advance(16 * DAY);
    await avanzarTemporada(t.app.ctx, createRuntime());
    await login();
    const expired = await expectSame();
    expect(expired.listas.varones).toEqual({ plazas: 3, aceptadas: 1, ofrecidas: 0, libres: 2 });
  });

  it('reads another cycle by ?ciclo= and says it is not the current one', async () => {
    const actual = (await get<TPanel>('administrador', '/api/panel')).ciclo.id;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/ciclos',
      headers: bearer(tok.administrador),
      payload: {},
    });
    const nuevo = created.json().id as string;
    expect((await get<TPanel>('administrador', `/api/panel?ciclo=${nuevo}`)).plazasSorteo).toBeNull();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/ciclos/${nuevo}`,
      headers: bearer(tok.administrador),
      payload: { actual: true },
    });
    expect(put.statusCode).toBe(200);
    const old = await get<TPanel>('administrador', `/api/panel?ciclo=${actual}`);
    expect(old.plazasSorteo?.actual).toBe(false);
    expect(old.plazasSorteo?.listas.varones.aceptadas).toBe(1);
    expect((await get<TPanel>('administrador', '/api/panel')).plazasSorteo).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TCodigoEstado } from '@inscripciones/shared/estado/estado-schema.ts';
import { RESPUESTA_FAMILIA_MSG, type TComprobanteRespuesta } from '@inscripciones/shared/estado/respuesta-familia.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { verificarRegistroPublico } from '@inscripciones/shared/plazas/verificar-registro-publico.ts';
import { ZActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [{ nombre1: `Linea${sexo}${i}`, nombre2: undefined, apellido1: `Familia${i}`, apellido2: 'Red', sexo }],
});

describe.each(DIALECTS)('a family answers its offer online on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-10-20T13:00:00Z'));
  let admin: string;
  let sorteoId: string;
  const codigos = new Map<number, string>();
  let ip = 0;
  const responder = (numeroInscripcion: number, respuesta: string, codigo = codigos.get(numeroInscripcion)!) =>
    t.app.inject({
      method: 'POST',
      url: '/api/estado/respuesta',
      payload: { numeroInscripcion, codigo, respuesta },
      remoteAddress: `10.9.0.${++ip}`,
    });
  const plazas = async (): Promise<TPlazasEstado> =>
    (await t.app.inject({ url: '/api/plazas', headers: bearer(admin) })).json();
  const registro = async (): Promise<TRegistroPublico> =>
    (await t.app.inject({ url: '/api/plazas/registro-publico.json' })).json();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const rows = await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 4 }, (_, i) => lone('F', i)),
      lone('M', 0),
      lone('M', 1),
    ]);
    for (const r of rows) {
      const res = await t.app.inject({ url: `/api/inscriptos/${r.id}/codigo-estado`, headers: bearer(admin) });
      codigos.set(r.numero_inscripcion!, (res.json() as TCodigoEstado).codigo);
    }
    sorteoId = await runRaffle(t.app, admin, { nenas: 2, varones: 1 });
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a wrong code with the same 404 as the status page, even with a staff session, and a bad answer', async () => {
    const { ofertas } = await plazas();
    const numero = ofertas[0]!.numeroInscripcion;
    expect((await responder(numero, 'acepta', 'ABCDE-23456')).statusCode).toBe(404);
    const staff = await t.app.inject({
      method: 'POST',
      url: '/api/estado/respuesta',
      headers: bearer(admin),
      payload: { numeroInscripcion: numero, codigo: 'ABCDE-23456', respuesta: 'acepta' },
    });
    expect(staff.statusCode).toBe(404);
    const guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const asGuest = await t.app.inject({
      method: 'POST',
      url: '/api/estado/respuesta',
      headers: bearer(guest),
      payload: { numeroInscripcion: numero, codigo: 'ABCDE-23456', respuesta: 'rechaza' },
    });
    expect(asGuest.statusCode).toBe(404);
    const bad = await responder(numero, 'quizas');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Respuesta');
    expect((await plazas()).ofertas[0]!.estado).toBe('ofrecida');
  });

  it('an online acceptance is in the roll-up and in the public register, marked online, as its receipt says', async () => {
    const oferta = (await plazas()).ofertas.find((o) => o.lista === 'varones')!;
    const res = await responder(oferta.numeroInscripcion, 'acepta');
    expect(res.statusCode, res.body).toBe(200);
    const recibo: TComprobanteRespuesta = res.json();
    expect(recibo).toMatchObject({ numeroInscripcion: oferta.numeroInscripcion, respuesta: 'acepta' });
    expect((await plazas()).ofertas.find((o) => o.id === oferta.id)!.estado).toBe('aceptada');
    const { entradas } = await registro();
    expect(entradas[recibo.entrada.n - 1]).toMatchObject({
      tipo: 'respuesta',
      numero: oferta.numeroInscripcion,
      respuesta: 'aceptada',
      canal: 'en_linea',
      hash: recibo.entrada.hash,
    });
    // Answering again: nothing is open any more.
    const again = await responder(oferta.numeroInscripcion, 'rechaza');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RESPUESTA_FAMILIA_MSG.sinOferta);
  });

  it('a suplente has nothing to answer; an online decline moves the roll-up to the next suplente', async () => {
    const before = await plazas();
    const primera = before.cola.nenas[0]!;
    const espera = await responder(primera.numeroInscripcion, 'acepta');
    expect(espera.statusCode).toBe(409);
    expect(espera.json().message).toBe(RESPUESTA_FAMILIA_MSG.sinOferta);
    const oferta = before.ofertas.find((o) => o.lista === 'nenas' && o.estado === 'ofrecida')!;
    const res = await responder(oferta.numeroInscripcion, 'rechaza');
    expect(res.statusCode, res.body).toBe(200);
    const after = await plazas();
    expect(after.ofertas.find((o) => o.id === oferta.id)!.estado).toBe('rechazada');
    expect(after.ofertas.find((o) => o.numeroInscripcion === primera.numeroInscripcion)).toMatchObject({
      estado: 'ofrecida',
      origen: 'suplente',
    });
  });

  it('refuses the answer after the deadline, and the public register with online answers still verifies', async () => {
    const abierta = (await plazas()).ofertas.find((o) => o.estado === 'ofrecida')!;
    time.advance(Date.parse(abierta.vence) - time.clock().getTime() + 60_000);
    const late = await responder(abierta.numeroInscripcion, 'acepta');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RESPUESTA_FAMILIA_MSG.vencida);
    const acta = (await t.app.inject({ url: `/api/sorteo/actas/${sorteoId}/acta-publica.json` })).json();
    const reg = await registro();
    expect(reg.entradas.filter((e) => e.tipo === 'respuesta' && e.canal === 'en_linea')).toHaveLength(2);
    expect(verificarRegistroPublico(reg, ZActaPublica.parse(acta))).toMatchObject({ ok: true });
    // Dropping the mark breaks the chain: the channel is covered by the hashes.
    const sinMarca = {
      ...reg,
      entradas: reg.entradas.map((e) => (e.tipo === 'respuesta' ? { ...e, canal: undefined } : e)),
    };
    expect(verificarRegistroPublico(sinMarca, ZActaPublica.parse(acta))).toMatchObject({ ok: false });
  });
});

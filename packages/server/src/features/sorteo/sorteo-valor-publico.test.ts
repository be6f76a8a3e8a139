import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TActa, TActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { momentoDeRonda } from '@inscripciones/shared/sorteo/drand.ts';
import { describirFuente, formaDelValor, fuenteDrand } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';
import { QUICKNET_ROUNDS } from '@inscripciones/shared/test/drand-rondas.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies, type Family } from '../../test/sorteo-test-data.ts';

/**
 * docs/decisions/0027: the public value's source is declared at start, every value is
 * reduced to one canonical form (a spelling is no lever), a correction is possible only before the first draw,
 * every value entered is public, and the verifier holds the acta to the declared source.
 */
const families = (): Family[] =>
  Array.from({ length: 10 }, (_, i) => ({
    children: [{ nombre1: `Valor${i}`, apellido1: 'Publico', apellido2: 'Prueba', sexo: i % 2 ? 'M' : 'F' }],
  })) as Family[];

// A real quicknet round and the instant just before it: a start then declares exactly that round.
const ROUND = QUICKNET_ROUNDS.find((r) => r.ronda === 30662990)!;
const OTHER = QUICKNET_ROUNDS.find((r) => r.ronda === 30662982)!;
const BEFORE_ROUND = new Date(Date.parse(momentoDeRonda(ROUND.ronda)) - 1000);

const DADOS = { tipo: 'dados', cantidad: 3 } as const;
const SPELLINGS = ['5 3 6', 'Dados: 5, 3 y 6', '6-3-5', 'dados 5 3 6.', ' ５,３,６ ', '3 5 6'];

describe.each(DIALECTS)('a public value nobody can choose, on %s', (dialect) => {
  let t: TestApp;
  let auth: { authorization: string };
  const clock = fakeClock(BEFORE_ROUND);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const status = async () => (await t.app.inject({ url: '/api/sorteo/status' })).json() as TSorteoStatus;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: clock.clock });
    auth = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    await insertFamilies(t.app.ctx.db, new Date(), families());
  });
  afterAll(() => t.close());

  it('refuses a start without a declared source, or with a drand round already out, with the reason', async () => {
    const none = await call('POST', '/api/sorteo/start', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(SORTEO_MSG.fuenteTipo);
    const past = fuenteDrand(new Date(clock.clock().getTime() - 60_000).toISOString());
    const late = await call('POST', '/api/sorteo/start', { fuenteValorPublico: past });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(SORTEO_MSG.fuenteDrandAntesDelInicio);
    expect((await status()).isActive).toBe(false);
  });

  let drandId: string;

  it('drand: shows the declared round before any value, refuses a wrong signature, takes the real one', async () => {
    const fuente = fuenteDrand(clock.clock().toISOString());
    expect(fuente.ronda).toBe(ROUND.ronda);
    drandId = (await ok('POST', '/api/sorteo/start', { fuenteValorPublico: fuente })).id;
    const before = await status();
    expect(before).toMatchObject({ fuenteValorPublico: fuente, valoresIngresados: [], valorPublico: null });
    expect(before.fuenteDescripcion).toContain(`La ronda ${ROUND.ronda} de drand quicknet`);
    expect(before.formaValor).toBe(formaDelValor(fuente));

    const wrong = await call('POST', '/api/sorteo/valor-publico', { valor: OTHER.firma, origen: 'drand' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SORTEO_MSG.valorDrandNoVerifica(ROUND.ronda));
    const right = await ok('POST', '/api/sorteo/valor-publico', {
      valor: `0x${ROUND.firma.toUpperCase()}`,
      origen: 'api.drand.sh',
    });
    expect(right.valorPublico).toBe(`drand-quicknet:${ROUND.ronda}:${ROUND.firma}`);
    await ok('POST', '/api/sorteo/next');
    await ok('POST', '/api/sorteo/end', { motivo: 'Prueba de drand' });
    const acta: TActaPublica = await ok('GET', `/api/sorteo/actas/${drandId}/acta-publica.json`);
    expect(acta.fuenteValorPublico).toEqual(fuente);
    expect(verifyActa(acta)).toMatchObject({ ok: true });
    const forged = { ...acta, valorPublico: `drand-quicknet:${ROUND.ronda}:${OTHER.firma}` };
    expect(verifyActa(forged)).toMatchObject({ ok: false });
  });

  let dadosId: string;
  let canonical: string;

  it('dice: every spelling of one throw gives one value; anything else is a 400 saying the form', async () => {
    dadosId = (await ok('POST', '/api/sorteo/start', { confirmarNuevo: true, fuenteValorPublico: DADOS })).id;
    expect((await status()).fuenteDescripcion).toBe('3 dados de seis caras, tirados en la sala');
    for (const bad of ['4 8 15', '536', '5 3', 'cinco tres seis']) {
      const res = await call('POST', '/api/sorteo/valor-publico', { valor: bad, origen: 'Dados' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message, bad).toContain(formaDelValor(DADOS));
    }
    const values = new Set<string>();
    for (const valor of SPELLINGS) {
      clock.advance(1000);
      values.add(
        (await ok('POST', '/api/sorteo/valor-publico', { valor, origen: 'Dados de la escribana' })).valorPublico,
      );
    }
    expect([...values]).toEqual(['dados:3,5,6']);
    canonical = 'dados:3,5,6';
    const s = await status();
    // Every value entered, refusals excluded, with its time and who entered it.
    expect(s.valoresIngresados.map((v) => v.valor)).toEqual(SPELLINGS.map((v) => v.normalize('NFC').trim()));
    expect(new Set(s.valoresIngresados.map((v) => v.canonico))).toEqual(new Set([canonical]));
    expect(new Set(s.valoresIngresados.map((v) => v.en)).size).toBe(SPELLINGS.length);
    expect(s.valoresIngresados[0]).toMatchObject({ usuario: ADMIN.username, origen: 'Dados de la escribana' });
  });

  it('refuses a correction after the first draw (409), and the acta keeps every value entered', async () => {
    const first = await ok('POST', '/api/sorteo/next');
    await ok('POST', '/api/sorteo/confirm', { participante: first.participante, index: first.index });
    const late = await call('POST', '/api/sorteo/valor-publico', { valor: '1 1 1', origen: 'Dados' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SORTEO_MSG.valorPublicoCerrado);
    for (;;) {
      const next = await ok('POST', '/api/sorteo/next');
      if (!next.participante) break;
      await ok('POST', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
    }
    await ok('POST', '/api/sorteo/end', {});
    const full: TActa = await ok('GET', `/api/sorteo/actas/${dadosId}/acta.json`);
    const publica: TActaPublica = await ok('GET', `/api/sorteo/actas/${dadosId}/acta-publica.json`);
    for (const acta of [full, publica]) {
      expect(acta).toMatchObject({ valorPublico: canonical, fuenteValorPublico: DADOS });
      expect(acta.valoresIngresados!.map((v) => v.valor)).toEqual(SPELLINGS.map((v) => v.normalize('NFC').trim()));
      expect(verifyActa(acta)).toMatchObject({ ok: true });
    }
    // After the end, the public status still shows the declared source and every value entered.
    const after = (await status()).ultimoArchivado!;
    expect(after).toMatchObject({ id: dadosId, fuenteValorPublico: DADOS, fuenteDescripcion: describirFuente(DADOS) });
    expect(after.valoresIngresados).toEqual(publica.valoresIngresados);
  });

  it('the verifier rejects an acta whose value is not the canonical value of its declared source', async () => {
    const publica: TActaPublica = await ok('GET', `/api/sorteo/actas/${dadosId}/acta-publica.json`);
    const spelled = verifyActa({ ...publica, valorPublico: '5 3 6' });
    expect(spelled).toEqual({ ok: false, error: 'El valor público no es canónico: debería ser «dados:3,5,6».' });
    const other = verifyActa({ ...publica, valorPublico: 'dados:1,2,3' });
    expect(other).toEqual({ ok: false, error: 'El valor público no es el último valor ingresado.' });
    const notDice = verifyActa({ ...publica, valorPublico: '4 8 15' });
    expect(notDice.ok).toBe(false);
    expect(!notDice.ok && notDice.error).toContain('no está en la forma declarada');
  });
});

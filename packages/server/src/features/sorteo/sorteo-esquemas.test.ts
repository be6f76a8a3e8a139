import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { familiasSueltas, insertFamilies } from '../../test/sorteo-test-data.ts';

/**
 * Formats anyone can implement. Each public document names its JSON Schema (`$schema`), the
 * server serves it without login, and the documents it publishes validate against it with an independent
 * validator (Ajv, draft 2020-12). The public acta carries the audit anchor of the raffle's close.
 */

describe.each(DIALECTS)('the public formats, on %s', (dialect) => {
  let t: TestApp;
  let actaPublica: Record<string, unknown>;
  let lista: Record<string, unknown>;
  let ancla: TSorteoStatus['ancla'];
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const auth = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    await insertFamilies(t.app.ctx.db, new Date(), familiasSueltas(8, 'Esquema'));
    const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    await ok('POST', '/api/sorteo/start', {
      plazasNenas: 2,
      plazasVarones: 2,
      fuenteValorPublico: { tipo: 'dados', cantidad: 2 },
    });
    lista = (await get('/api/sorteo/participantes-publicos')).json();
    await ok('POST', '/api/sorteo/valor-publico', { valor: '5 2', origen: 'Dados lanzados por la escribana' });
    for (;;) {
      const next = await ok('POST', '/api/sorteo/next');
      if (!next.participante) break;
      await ok('POST', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
    }
    const { actaId } = await ok('POST', '/api/sorteo/end', {});
    actaPublica = (await get(`/api/sorteo/actas/${actaId}/acta-publica.json`)).json();
    ancla = ((await get('/api/sorteo/status')).json() as TSorteoStatus).ancla;
  });
  afterAll(() => t.close());

  for (const [nombre, doc] of [
    ['acta-publica', () => actaPublica],
    ['lista-publica', () => lista],
  ] as const) {
    it(`${nombre}: served without login, named by the document, and the document validates`, async () => {
      const res = await get(`/api/sorteo/esquemas/${nombre}.json`);
      expect(res.statusCode).toBe(200);
      const schema = res.json();
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(doc().$schema).toBe(`/api/sorteo/esquemas/${nombre}.json`);
      const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
      expect(validate(doc()), JSON.stringify(validate.errors)).toBe(true);
      // It is a real contract: a document missing a required field fails.
      const { formato: _f, hash: _h, ...broken } = doc() as Record<string, unknown>;
      expect(validate(broken)).toBe(false);
    });
  }

  it("the public acta carries the anchor of the raffle's close, the one the status publishes", () => {
    expect(ancla).not.toBeNull();
    expect(actaPublica.ancla).toEqual(ancla);
  });

  it('an unknown schema is a 404 naming the ones there are', async () => {
    const res = await get('/api/sorteo/esquemas/secreto.json');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SORTEO_MSG.esquemaDesconocido('acta-publica, lista-publica, registro-publico'));
  });
});

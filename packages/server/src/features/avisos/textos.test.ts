import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { PLANTILLAS_POR_DEFECTO } from '@inscripciones/shared/avisos/plantillas.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import {
  correoUnico,
  entornoAvisos,
  esperar,
  receptorSmtp,
  receptorWebhook,
  type Smtp,
  type Webhook,
} from '../../test/receptores.ts';

/** The messages' texts in Configuración (decision 0029): who may read and change them, and that messages use them. */
describe.each(DIALECTS)('texts of the messages (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Smtp;
  let hook: Webhook;
  const tok: Record<string, string> = {};
  const call = (who: string, method: 'GET' | 'PUT', payload?: object) =>
    t.app.inject({
      method,
      url: '/api/avisos/textos',
      ...(who === 'none' ? {} : { headers: bearer(tok[who]!) }),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([receptorSmtp(), receptorWebhook()]);
    t = await buildTestApp(dialect, { env: entornoAvisos(smtp, hook), avisos: { sondeoMs: 30 } });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, u.username, u.password);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  it('only administrators read and change them', async () => {
    for (const [who, status] of [
      ['voluntario', 403],
      ['visitado', 403],
      ['none', 401],
    ] as const) {
      expect([who, (await call(who, 'GET')).statusCode]).toEqual([who, status]);
      const put = await call(who, 'PUT', { textos: PLANTILLAS_POR_DEFECTO, version: 0 });
      expect([who, put.statusCode]).toEqual([who, status]);
    }
    const res = await call('administrador', 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ textos: PLANTILLAS_POR_DEFECTO, porDefecto: PLANTILLAS_POR_DEFECTO, version: 0 });
  });

  it('refuses a placeholder the message cannot fill, and a stale version', async () => {
    const textos = {
      ...PLANTILLAS_POR_DEFECTO,
      inscripcion: { asunto: 'Inscripción {numero}', texto: 'Hola {nombre}, la N° {numero} quedó finalizada.' },
    };
    const bad = await call('administrador', 'PUT', { textos, version: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Inscripción finalizada: {nombre} no se puede usar en este aviso');
    const stale = await call('administrador', 'PUT', { textos: PLANTILLAS_POR_DEFECTO, version: 3 });
    expect(stale.statusCode).toBe(409);
  });

  it("messages use the administrator's text", async () => {
    const textos = {
      ...PLANTILLAS_POR_DEFECTO,
      inscripcion: {
        asunto: 'N° {numero} lista',
        texto: '{escuela} avisa: la inscripción N° {numero} ({iniciales}) está completa. {enlace}',
      },
    };
    const saved = await call('administrador', 'PUT', { textos, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ textos, version: 1 });
    const email = correoUnico();
    const cel = `09${String(crypto.randomInt(10_000_000)).padStart(7, '0')}`;
    const datos = buildInscripto(new Date(), { email, cel1: cel, avisosConsentimiento: 'SI' });
    const creada = await postInscripto(t.app, tok.administrador!, datos);
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${creada.id}/finalizar`,
      headers: bearer(tok.administrador!),
      payload: { ...datos, version: creada.version },
    });
    expect(fin.statusCode).toBe(200);
    const numero = String(fin.json().numeroInscripcion).padStart(3, '0');
    const [m] = await esperar(async () => {
      const ms = await smtp.mensajes(email);
      return ms.length ? ms : null;
    });
    expect(m!.subject).toBe(`N° ${numero} lista`);
    expect(m!.text).toMatch(
      new RegExp(`avisa: la inscripción N° ${numero} \\(V\\. S\\. R\\. P\\.\\) está completa\\.`),
    );
    const [sms] = await esperar(() => hook.pedidos(`+598${cel.slice(1)}`).then((p) => (p.length ? p : null)));
    expect(sms!.text).toContain(`la inscripción N° ${numero} (V. S. R. P.) está completa.`);
  });
});

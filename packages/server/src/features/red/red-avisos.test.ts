import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANTILLAS_POR_DEFECTO } from '@inscripciones/shared/avisos/plantillas.ts';
import { NORTE } from '../../test/red-fixtures.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto } from '../../test/inscriptos-fixtures.ts';
import {
  PUBLIC_URL_PRUEBAS,
  correoUnico,
  entornoAvisos,
  esperar,
  receptorSmtp,
  receptorWebhook,
  type Smtp,
  type Webhook,
} from '../../test/receptores.ts';

/*
 * The messages of a network's school (decision 0036): each school's own texts and name, sent by its own outbox;
 * the links of a school other than the first carry its code, so they open that school's status page and opt-out.
 */

describe.each(DIALECTS)("a school's messages in a network (%s)", (dialect) => {
  let t: TestApp;
  let smtp: Smtp;
  let hook: Webhook;
  let red: string;
  const api = async (opts: InjectOptions) => {
    const res = await t.app.inject({ headers: bearer(red), ...opts });
    if (res.statusCode >= 300) throw new Error(`${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([receptorSmtp(), receptorWebhook()]);
    t = await buildTestApp(dialect, { env: entornoAvisos(smtp, hook), avisos: { sondeoMs: 30 } });
    red = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await api({ method: 'POST', url: '/api/escuelas', payload: NORTE });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  /** Finalises a consenting family's enrolment in `escuela`; returns the e-mail its messages go to. */
  async function finalizar(escuela: string) {
    const email = correoUnico();
    const datos = buildInscripto(new Date(), { email, avisosConsentimiento: 'SI' });
    const creada = await api({ method: 'POST', url: `/api/inscriptos?escuela=${escuela}`, payload: datos });
    await api({
      method: 'POST',
      url: `/api/inscriptos/${creada.id}/finalizar?escuela=${escuela}`,
      payload: { ...datos, version: creada.version },
    });
    return esperar(async () => (await smtp.mensajes(email))[0]);
  }

  it("each school's texts and name; the second school's links carry its code", async () => {
    const textos = {
      ...PLANTILLAS_POR_DEFECTO,
      inscripcion: {
        asunto: 'Norte: N° {numero} lista',
        texto: '{escuela} avisa: N° {numero} está completa. {enlace}',
      },
    };
    await api({ method: 'PUT', url: '/api/avisos/textos?escuela=norte', payload: { textos, version: 0 } });

    const norte = await finalizar('norte');
    expect(norte.subject).toBe('Norte: N° 001 lista');
    expect(norte.text).toContain(`${NORTE.escuelaNombre} avisa: N° 001 está completa.`);
    expect(norte.text).toMatch(new RegExp(`${PUBLIC_URL_PRUEBAS}/estado\\?numero=1&codigo=[^&\\s]+&escuela=norte`));
    expect(norte.text).toMatch(new RegExp(`${PUBLIC_URL_PRUEBAS}/avisos/baja\\?t=[^&\\s]+&escuela=norte`));

    // The first school keeps the default texts and its links without a code, as before the network.
    const principal = await finalizar('principal');
    expect(principal.subject).not.toContain('Norte');
    expect(principal.text).not.toContain(NORTE.escuelaNombre);
    expect(principal.text).not.toContain('escuela=');
  });

  it("the second school's status link opens its status page", async () => {
    const email = correoUnico();
    const datos = buildInscripto(new Date(), { email, avisosConsentimiento: 'SI' });
    const creada = await api({ method: 'POST', url: '/api/inscriptos?escuela=norte', payload: datos });
    const fin = await api({
      method: 'POST',
      url: `/api/inscriptos/${creada.id}/finalizar?escuela=norte`,
      payload: { ...datos, version: creada.version },
    });
    const correo = await esperar(async () => (await smtp.mensajes(email))[0]);
    const enlace = new URL(/https:\/\/\S+\/estado\?\S+/.exec(correo.text)![0]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/estado?escuela=${enlace.searchParams.get('escuela')}`,
      payload: { numeroInscripcion: fin.numeroInscripcion, codigo: enlace.searchParams.get('codigo') },
    });
    expect(res.statusCode).toBe(200);
    // The same number and code without the school's code reach the first school, where they open nothing.
    const sin = await t.app.inject({
      method: 'POST',
      url: '/api/estado',
      payload: { numeroInscripcion: fin.numeroInscripcion, codigo: enlace.searchParams.get('codigo') },
    });
    expect(sin.statusCode).toBe(404);
  });
});

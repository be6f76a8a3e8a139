import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { VERIFICACION_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
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
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { CODIGO_HEADER, solicitudEnviada, type SolicitudDePrueba } from '../../test/solicitudes-fixtures.ts';
import { findDocumento } from '../../data/solicitudes/solicitudes-repository.ts';
import { SOLICITUD_LIMITES } from './limites.ts';
import { enviar } from './enviar-service.ts';
import { anonimizarInscriptos } from '../../domain/anonimizacion/anonimizar-inscriptos.ts';

/**
 * Staff verify the families' sent applications (docs/decisions/0038): the list, one application with its
 * documents (staff of the school only), finalising it as an enrolment or returning it with a note.
 */
describe.each(DIALECTS)('solicitudes en línea: verificación del personal (%s)', (dialect) => {
  let t: TestApp;
  const clock = fakeClock();
  let admin: string;
  let vol: string;
  let otroVol: string;
  let guest: string;
  let ipSeq = 0;
  const ip = () => `10.2.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;

  beforeAll(async () => {
    // A public address, so the finalised enrolment's constancia can be printed (it carries the status link).
    t = await buildTestApp(dialect, {
      clock: clock.clock,
      env: { PUBLIC_URL: 'https://inscripciones.escuela.example/' },
    });
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const v = await createUser(t.app, admin, { role: 'voluntario' });
    vol = await tokenFor(t.app, v.username, v.password);
    const v2 = await createUser(t.app, admin, { role: 'voluntario' });
    otroVol = await tokenFor(t.app, v2.username, v2.password);
  });
  afterAll(() => t.close());

  const as = (token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const ver = async (id: string, token = admin) => {
    const res = await as(token, 'GET', `/api/solicitudes/${id}/verificacion`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const familia = (s: SolicitudDePrueba) =>
    t.app.inject({ method: 'GET', url: `/api/solicitudes/${s.id}`, headers: { [CODIGO_HEADER]: s.codigo } });

  it('lists sent applications (never drafts), shows one with its documents, and finalises it as an enrolment', async () => {
    const datos = buildInscripto(clock.clock(), {
      nombre1: 'Valentina',
      apellido1: 'Rocha',
      email: 'rocha.familia@correo.uy',
      avisosConsentimiento: 'SI',
    });
    const s = await solicitudEnviada(t.app, ip(), datos);
    const lista = await as(vol, 'GET', '/api/solicitudes');
    expect(lista.statusCode, lista.body).toBe(200);
    const item = lista.json().items.find((i: { id: string }) => i.id === s.id);
    expect(item).toMatchObject({ estado: 'enviada', nombre: expect.stringContaining('Valentina'), documentos: 2 });
    expect((await as(vol, 'GET', '/api/solicitudes?estado=borrador')).json().items).toEqual([]);

    const sol = await ver(s.id, vol);
    expect(sol).toMatchObject({ estado: 'enviada', contacto: 'familia@correo.uy', datos: { ci: datos.ci } });
    expect(sol.documentos.map((d: { clase: string }) => d.clase)).toEqual(['ci', 'domicilio']);
    const [ci, dom] = sol.documentos as { id: string }[];
    const img = await as(vol, 'GET', `/api/solicitudes/${s.id}/documentos/${ci!.id}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toBe('no-store');
    expect(img.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const pdf = await as(admin, 'GET', `/api/solicitudes/${s.id}/documentos/${dom!.id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Staff correct a field while verifying, then finalise.
    const fin = await as(vol, 'POST', `/api/solicitudes/${s.id}/finalizar`, {
      ...datos,
      nombre2: 'Corregido',
      version: sol.version,
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const { inscriptoId, numeroInscripcion } = fin.json();
    expect(numeroInscripcion).toBeGreaterThan(0);
    const ins = (await as(admin, 'GET', `/api/inscriptos/${inscriptoId}`)).json();
    expect(ins).toMatchObject({ estado: 'finalizado', numeroInscripcion, nombre2: 'Corregido', ci: datos.ci });
    // The family is told through the messages it consented to.
    const avisos = (await as(admin, 'GET', `/api/inscriptos/${inscriptoId}/avisos`)).json();
    expect(avisos.items.map((a: { tipo: string }) => a.tipo)).toContain('inscripcion');
    // The constancia is the ordinary one.
    const constancia = await as(vol, 'GET', `/api/inscriptos/${inscriptoId}/constancia`);
    expect(constancia.statusCode, constancia.body).toBe(200);
    expect(constancia.headers['content-type']).toBe('application/pdf');
    expect(constancia.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The family reads its number and the code to follow it on /estado.
    const suya = (await familia(s)).json();
    expect(suya).toMatchObject({ estado: 'finalizada', numeroInscripcion, datos: {} });
    expect(suya.codigoEstado).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    const estado = await t.app.inject({
      method: 'POST',
      url: '/api/estado',
      payload: { numeroInscripcion, codigo: suya.codigoEstado },
    });
    expect(estado.statusCode, estado.body).toBe(200);

    // Out of the list to verify; a second finalisation is refused.
    expect((await as(vol, 'GET', '/api/solicitudes')).json().items.map((i: { id: string }) => i.id)).not.toContain(
      s.id,
    );
    const otra = await as(vol, 'POST', `/api/solicitudes/${s.id}/finalizar`, { ...datos, version: sol.version });
    expect(otra.statusCode).toBe(409);
    const finalizadas = (await as(admin, 'GET', '/api/solicitudes?estado=finalizada')).json().items;
    expect(finalizadas.find((i: { id: string }) => i.id === s.id)).toMatchObject({ numeroInscripcion });
  });

  it('returns an application with a note the family sees; the family corrects it and sends it again', async () => {
    const datos = buildInscripto(clock.clock());
    const s = await solicitudEnviada(t.app, ip(), datos);
    const sol = await ver(s.id);
    const sinNota = await as(admin, 'POST', `/api/solicitudes/${s.id}/devolver`, { version: sol.version, nota: ' ' });
    expect(sinNota.statusCode).toBe(400);
    const vieja = await as(admin, 'POST', `/api/solicitudes/${s.id}/devolver`, { version: 99, nota: 'x' });
    expect(vieja.statusCode).toBe(409);
    const nota = 'La constancia de domicilio está a nombre de otra persona: subí una a nombre de un adulto del hogar.';
    const dev = await as(vol, 'POST', `/api/solicitudes/${s.id}/devolver`, { version: sol.version, nota });
    expect(dev.statusCode, dev.body).toBe(200);
    expect(dev.json()).toMatchObject({ estado: 'devuelta', nota });
    expect((await as(vol, 'GET', '/api/solicitudes')).json().items.map((i: { id: string }) => i.id)).not.toContain(
      s.id,
    );
    // Staff cannot finalise a returned one.
    expect(
      (await as(admin, 'POST', `/api/solicitudes/${s.id}/finalizar`, { ...datos, version: dev.json().version }))
        .statusCode,
    ).toBe(409);

    const suya = (await familia(s)).json();
    expect(suya).toMatchObject({ estado: 'devuelta', nota, numeroInscripcion: null });
    expect(suya.venceEn).not.toBeNull();
    const con = { [CODIGO_HEADER]: s.codigo };
    const put = await t.app.inject({ method: 'PUT', url: `/api/solicitudes/${s.id}`, headers: con, payload: datos });
    expect(put.statusCode, put.body).toBe(200);
    const env = await t.app.inject({ method: 'POST', url: `/api/solicitudes/${s.id}/enviar`, headers: con });
    expect(env.statusCode, env.body).toBe(200);
    expect(env.json()).toMatchObject({ estado: 'enviada', nota: null });
    expect((await as(vol, 'GET', '/api/solicitudes')).json().items.map((i: { id: string }) => i.id)).toContain(s.id);
  });

  it('documents and applications are unreachable by the guest, anonymous callers and a family code', async () => {
    const s = await solicitudEnviada(t.app, ip(), buildInscripto(clock.clock()));
    const [doc] = (await ver(s.id)).documentos as { id: string }[];
    const docUrl = `/api/solicitudes/${s.id}/documentos/${doc!.id}`;
    const urls = ['/api/solicitudes', `/api/solicitudes/${s.id}/verificacion`, docUrl];
    for (const url of urls) {
      expect((await as(null, 'GET', url)).statusCode, url).toBe(401);
      expect((await as(guest, 'GET', url)).statusCode, url).toBe(403);
      // The family's own code opens its application, never staff's view or the stored files.
      const conCodigo = await t.app.inject({ method: 'GET', url, headers: { [CODIGO_HEADER]: s.codigo } });
      expect(conCodigo.statusCode, url).toBe(401);
      expect((await as(otroVol, 'GET', url)).statusCode, url).toBe(200);
    }
    for (const accion of ['finalizar', 'devolver']) {
      const url = `/api/solicitudes/${s.id}/${accion}`;
      expect((await as(null, 'POST', url, { version: 1, nota: 'x' })).statusCode).toBe(401);
      expect((await as(guest, 'POST', url, { version: 1, nota: 'x' })).statusCode).toBe(403);
    }
    // Another application's id with this document, an unknown document, and a draft: 404.
    const otra = await solicitudEnviada(t.app, ip(), buildInscripto(clock.clock()));
    const cruzado = await as(admin, 'GET', `/api/solicitudes/${otra.id}/documentos/${doc!.id}`);
    expect(cruzado.statusCode).toBe(404);
    expect(cruzado.json().message).toBe(VERIFICACION_TEXTOS.documentoNoEncontrado);
    expect((await as(admin, 'GET', `/api/solicitudes/${s.id}/documentos/nada`)).statusCode).toBe(404);
    const borrador = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto: '099 123 456' },
      remoteAddress: ip(),
    });
    expect((await as(admin, 'GET', `/api/solicitudes/${borrador.json().id}/verificacion`)).statusCode).toBe(404);
  });

  it('refuses to finalise an incomplete form or an enrolled CI, leaving no enrolment behind', async () => {
    const datos = buildInscripto(clock.clock());
    const s = await solicitudEnviada(t.app, ip(), datos);
    const sol = await ver(s.id);
    const { domicilio: _d, ...sinDomicilio } = datos;
    const incompleta = await as(vol, 'POST', `/api/solicitudes/${s.id}/finalizar`, {
      ...sinDomicilio,
      version: sol.version,
    });
    expect(incompleta.statusCode).toBe(400);
    expect(incompleta.json().code).toBe('INCOMPLETE');
    expect((await as(admin, 'GET', `/api/inscriptos/${s.id}`)).statusCode).toBe(404);

    // Another family's enrolment with this CI: staff see the conflict the family never does.
    await postInscripto(t.app, admin, buildInscripto(clock.clock(), { ci: datos.ci }));
    const dup = await as(vol, 'POST', `/api/solicitudes/${s.id}/finalizar`, { ...datos, version: sol.version });
    expect(dup.statusCode).toBe(409);
    expect((await ver(s.id)).estado).toBe('enviada');
  });

  it('deleting the enrolment deletes the application and its documents', async () => {
    const datos = buildInscripto(clock.clock());
    const s = await solicitudEnviada(t.app, ip(), datos);
    const sol = await ver(s.id);
    const fin = await as(admin, 'POST', `/api/solicitudes/${s.id}/finalizar`, { ...datos, version: sol.version });
    expect(fin.statusCode, fin.body).toBe(200);
    const docId = (sol.documentos as { id: string }[])[0]!.id;
    expect(await findDocumento(t.app.ctx.db, docId)).toBeDefined();
    expect((await as(admin, 'DELETE', `/api/inscriptos/${fin.json().inscriptoId}`)).statusCode).toBe(200);
    expect(await findDocumento(t.app.ctx.db, docId)).toBeUndefined();
    expect((await familia(s)).statusCode).toBe(404);
    expect((await as(admin, 'GET', `/api/solicitudes/${s.id}/verificacion`)).statusCode).toBe(404);
  });

  it('limits sends per address (429); a returned application expires with its documents like a draft', async () => {
    const desde = ip();
    const primera = await solicitudEnviada(t.app, desde, buildInscripto(clock.clock()));
    const sol = await ver(primera.id);
    const dev = await as(admin, 'POST', `/api/solicitudes/${primera.id}/devolver`, { version: sol.version, nota: 'x' });
    expect(dev.statusCode).toBe(200);
    // A lower limit than in production, through the service: the second send from the address is refused.
    const limites = { ...SOLICITUD_LIMITES, enviosPorIp: 1 };
    const otraIp = ip();
    const nueva = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto: 'envios@correo.uy' },
      remoteAddress: ip(),
    });
    const a = nueva.json() as { id: string; codigo: string };
    await expect(enviar(t.app.ctx, otraIp, primera.id, primera.codigo, limites)).resolves.toMatchObject({
      estado: 'enviada',
    });
    const segunda = enviar(t.app.ctx, otraIp, a.id, a.codigo, limites);
    await expect(segunda).rejects.toMatchObject({ code: 'RATE_LIMITED' });

    const devuelta = await solicitudEnviada(t.app, ip(), buildInscripto(clock.clock()));
    const v = await ver(devuelta.id);
    await as(admin, 'POST', `/api/solicitudes/${devuelta.id}/devolver`, { version: v.version, nota: 'Corregí la CI' });
    const docId = (v.documentos as { id: string }[])[0]!.id;
    clock.advance(SOLICITUD_LIMITES.vigenciaBorradorMs + 1000);
    expect((await familia(devuelta)).statusCode).toBe(404);
    // The next new application sweeps it away, documents first.
    await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto: 'x@y.uy' },
      remoteAddress: ip(),
    });
    expect(await findDocumento(t.app.ctx.db, docId)).toBeUndefined();
  });

  it("anonymising the enrolment (a closed cycle's retention) deletes the application and its documents", async () => {
    // The clock moved a month in the test before: a new session.
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const datos = buildInscripto(clock.clock());
    const s = await solicitudEnviada(t.app, ip(), datos);
    const sol = await ver(s.id);
    const fin = await as(admin, 'POST', `/api/solicitudes/${s.id}/finalizar`, { ...datos, version: sol.version });
    expect(fin.statusCode, fin.body).toBe(200);
    const docId = (sol.documentos as { id: string }[])[0]!.id;
    const fila = {
      id: fin.json().inscriptoId,
      datos: JSON.stringify({ sexo: datos.sexo }),
      estrato: 'BAJO',
      condicional: 0,
    };
    await t.app.ctx.db
      .transaction()
      .execute((tx) => anonimizarInscriptos(tx, [fila], ADMIN.username, clock.clock().toISOString()));
    expect(await findDocumento(t.app.ctx.db, docId)).toBeUndefined();
    expect((await familia(s)).statusCode).toBe(404);
  });

  it('a finalisation stopped half-way is resumed by the next one, and the application cannot be returned meanwhile', async () => {
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const datos = buildInscripto(clock.clock());
    const s = await solicitudEnviada(t.app, ip(), datos);
    const sol = await ver(s.id);
    // As if the enrolment had been created and the finalisation had stopped there.
    await postInscripto(t.app, admin, { ...datos, id: s.id });
    const dev = await as(admin, 'POST', `/api/solicitudes/${s.id}/devolver`, { version: sol.version, nota: 'x' });
    expect(dev.statusCode).toBe(409);
    const fin = await as(admin, 'POST', `/api/solicitudes/${s.id}/finalizar`, { ...datos, version: sol.version });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().inscriptoId).toBe(s.id);
    const lista = (await as(admin, 'GET', '/api/inscriptos?q=' + encodeURIComponent(String(datos.ci)))).json();
    expect(lista.items).toHaveLength(1);
  });
});

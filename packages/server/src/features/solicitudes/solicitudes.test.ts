import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { SOLICITUD_MSG, SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import { CONTACTO_MSG } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
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
import { crearPdf, crearPng, crearZip, jpegConMetadatos } from '../../test/documentos-fixtures.ts';
import { findDocumento } from '../../data/solicitudes/solicitudes-repository.ts';
import { contextoDocumento, descifrarDocumento } from '../../lib/documentos/cifrado.ts';
import { ESCUELA_DE_LA_INSTANCIA } from './documentos-service.ts';
import { multipartDocumento as multipart } from '../../test/solicitudes-fixtures.ts';
import { SOLICITUD_LIMITES } from './limites.ts';
import { guardar } from './solicitudes-service.ts';

/**
 * The families' online application end to end (docs/decisions/0035): create, save a draft progressively with
 * staff entry's rules, upload both documents, send; the code guards every answer; uploads refused by content
 * and size; the abuse limits.
 */

const HEADER = 'x-codigo-solicitud';
const DIA = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('solicitudes en línea (%s)', (dialect) => {
  let t: TestApp;
  const clock = fakeClock();
  let ipSeq = 0;
  /** Each test's requests come from an address of their own, so the per-address limit is tested apart. */
  const nuevaIp = () => `10.1.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: clock.clock });
  });
  afterAll(() => t.close());

  async function crear(contacto = 'familia@correo.uy', ip = nuevaIp()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; codigo: string };
  }
  const con = (codigo: string, extra: Record<string, string> = {}) => ({ [HEADER]: codigo, ...extra });
  const subir = (
    s: { id: string; codigo: string },
    clase: string | null,
    nombre: string,
    contenido: Buffer,
    tipo?: string,
  ) => {
    const m = multipart(clase, nombre, contenido, tipo);
    return t.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${s.id}/documentos`,
      headers: con(s.codigo, m.headers),
      payload: m.payload,
    });
  };

  it('a family creates an application, saves it in parts, uploads both documents and sends it', async () => {
    const s = await crear(' Familia.Perez@Correo.UY ');
    expect(s.codigo).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);
    const leer = () => t.app.inject({ method: 'GET', url: `/api/solicitudes/${s.id}`, headers: con(s.codigo) });
    const vacia = await leer();
    expect(vacia.statusCode).toBe(200);
    expect(vacia.json()).toMatchObject({
      estado: 'borrador',
      contacto: 'familia.perez@correo.uy',
      datos: {},
      documentos: [],
    });

    const completa = buildInscripto(clock.clock());
    const put = (datos: Record<string, unknown>, codigo = s.codigo) =>
      t.app.inject({ method: 'PUT', url: `/api/solicitudes/${s.id}`, headers: con(codigo), payload: datos });
    // A partial draft: section 1 only.
    const parte = { nombre1: completa.nombre1, apellido1: completa.apellido1, ci: completa.ci };
    const guardada = await put(parte);
    expect(guardada.statusCode, guardada.body).toBe(200);
    expect((await leer()).json().datos).toEqual(parte);
    // The code is case- and dash-insensitive, as on the status page.
    const conGuion = `${s.codigo.slice(0, 5).toLowerCase()}-${s.codigo.slice(5)}`;
    expect((await put(parte, conGuion)).statusCode).toBe(200);

    // The school's field is not the family's to set.
    expect((await put({ ...completa, fueraDeZonaAutorizado: true })).statusCode).toBe(200);
    expect((await leer()).json().datos.fueraDeZonaAutorizado).toBeUndefined();

    // Sending without documents lists them.
    const sinDocs = await t.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${s.id}/enviar`,
      headers: con(s.codigo),
    });
    expect(sinDocs.statusCode).toBe(400);
    expect(sinDocs.json().fields.map((f: { field: string }) => f.field)).toEqual([
      'documentos.ci',
      'documentos.domicilio',
    ]);

    const ci = await subir(s, 'ci', 'cedula.jpg', jpegConMetadatos(), 'image/jpeg');
    expect(ci.statusCode, ci.body).toBe(201);
    expect(ci.json()).toMatchObject({ clase: 'ci', tipo: 'jpeg' });
    const dom = await subir(s, 'domicilio', 'constancia.pdf', crearPdf(), 'application/pdf');
    expect(dom.statusCode, dom.body).toBe(201);
    // Re-uploading a kind replaces it.
    const dom2 = await subir(s, 'domicilio', 'constancia.png', crearPng(), 'image/png');
    expect(dom2.statusCode).toBe(201);
    const docs = (await leer()).json().documentos;
    expect(docs.map((d: { clase: string; tipo: string }) => [d.clase, d.tipo])).toEqual([
      ['ci', 'jpeg'],
      ['domicilio', 'png'],
    ]);
    // Nothing of the file's content comes back to anyone: metadata only.
    expect(Object.keys(docs[0]).sort()).toEqual(['bytes', 'clase', 'id', 'subidoEn', 'tipo']);

    const enviada = await t.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${s.id}/enviar`,
      headers: con(s.codigo),
    });
    expect(enviada.statusCode, enviada.body).toBe(200);
    expect(enviada.json()).toMatchObject({ estado: 'enviada', venceEn: null });
    expect(enviada.json().enviadaEn).toBe(clock.clock().toISOString());

    // Once sent: no more changes, no second send, no uploads; still readable with the code.
    const tarde = await put(parte);
    expect(tarde.statusCode).toBe(409);
    expect(tarde.json().message).toBe(SOLICITUD_TEXTOS.yaEnviada);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/solicitudes/${s.id}/enviar`, headers: con(s.codigo) }))
        .statusCode,
    ).toBe(409);
    expect((await subir(s, 'ci', 'cedula.png', crearPng(), 'image/png')).statusCode).toBe(409);
    expect((await leer()).json().estado).toBe('enviada');
  });

  it('stores each document encrypted, images without their metadata', async () => {
    const s = await crear('cifrado@correo.uy');
    const foto = jpegConMetadatos();
    const res = await subir(s, 'ci', 'foto.jpg', foto, 'image/jpeg');
    expect(res.statusCode).toBe(201);
    const row = await findDocumento(t.app.ctx.db, res.json().id);
    const cifrado = row!.cifrado;
    expect(Buffer.isBuffer(cifrado), 'stored as bytes').toBe(true);
    expect(cifrado.includes(Buffer.from('Pixel 8'))).toBe(false);
    expect(cifrado.includes(foto.subarray(0, 64))).toBe(false);
    const contexto = contextoDocumento({ escuelaId: ESCUELA_DE_LA_INSTANCIA, solicitudId: s.id, documentoId: row!.id });
    const claro = descifrarDocumento(t.app.ctx.claveDocumentos, cifrado, contexto)!;
    expect(claro.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Where, with what phone, by whom: gone (only the orientation stays, so the photo shows upright).
    for (const rastro of ['Pixel 8', 'Google', 'Montevideo', 'xmpmeta']) {
      expect(claro.includes(rastro, 0, 'latin1'), rastro).toBe(false);
    }
    expect(claro.length).toBe(row!.bytes);
    expect(claro.length).toBeLessThan(foto.length);
    // The SQL backup carries the application and its document, still encrypted.
    const admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const copia = await t.app.inject({ method: 'GET', url: '/api/inscriptos/export/sql', headers: bearer(admin) });
    expect(copia.statusCode).toBe(200);
    expect(copia.body).toContain(`'${s.id}'`);
    expect(copia.body).toContain(cifrado.toString('hex'));
  });

  it('refuses a PNG renamed .pdf, a 6 MB file and a polyglot, in Spanish, storing nothing', async () => {
    const s = await crear('rechazos@correo.uy');
    const renombrado = await subir(s, 'ci', 'cedula.pdf', crearPng(), 'application/pdf');
    expect(renombrado.statusCode).toBe(400);
    expect(renombrado.json().message).toBe(SOLICITUD_MSG.documentoExtension('pdf'));
    expect(renombrado.json().fields[0].field).toBe('archivo');

    const grande = Buffer.concat([crearPdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const pesado = await subir(s, 'ci', 'escaneo.pdf', grande, 'application/pdf');
    expect(pesado.statusCode).toBe(413);
    expect(pesado.json().message).toBe(SOLICITUD_MSG.documentoPesado);

    const poliglota = await subir(s, 'ci', 'cedula.png', Buffer.concat([crearPng(), crearZip()]), 'image/png');
    expect(poliglota.statusCode).toBe(400);
    expect(poliglota.json().message).toBe(SOLICITUD_MSG.documentoNoPermitido);

    const texto = await subir(s, 'ci', 'cedula.txt', Buffer.from('hola'), 'text/plain');
    expect(texto.statusCode).toBe(400);
    expect(texto.json().message).toBe(SOLICITUD_MSG.documentoTipoDesconocido);
    const sinClase = await subir(s, null, 'cedula.png', crearPng(), 'image/png');
    expect(sinClase.statusCode).toBe(400);
    expect(sinClase.json().message).toBe(SOLICITUD_TEXTOS.sinClase);
    const otraClase = await subir(s, 'pasaporte', 'cedula.png', crearPng(), 'image/png');
    expect(otraClase.statusCode).toBe(400);

    const leida = await t.app.inject({ method: 'GET', url: `/api/solicitudes/${s.id}`, headers: con(s.codigo) });
    expect(leida.json().documentos).toEqual([]);
  });

  it('answers 413 to a 6 MB file and 404 to an upload without the code over a real connection', async () => {
    const s = await crear('http@correo.uy');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/solicitudes/${s.id}/documentos`;
    const cuerpo = () => {
      const form = new FormData();
      form.append('clase', 'ci');
      const grande = Buffer.concat([crearPdf(), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
      form.append('archivo', new Blob([grande], { type: 'application/pdf' }), 'escaneo.pdf');
      return form;
    };
    const pesado = await fetch(base, { method: 'POST', headers: { [HEADER]: s.codigo }, body: cuerpo() });
    expect(pesado.status, await pesado.clone().text()).toBe(413);
    expect(((await pesado.json()) as { message: string }).message).toBe(SOLICITUD_MSG.documentoPesado);
    const sinCodigo = await fetch(base, { method: 'POST', body: cuerpo() });
    expect(sinCodigo.status).toBe(404);
    expect(((await sinCodigo.json()) as { message: string }).message).toBe(SOLICITUD_TEXTOS.noEncontrada);
  });

  it("validates a draft with staff entry's rules and messages; sending runs the completeness check", async () => {
    const s = await crear('099 123 456');
    const put = (datos: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/solicitudes/${s.id}`, headers: con(s.codigo), payload: datos });
    const ciMala = await put({ ci: '1234' });
    expect(ciMala.statusCode).toBe(400);
    expect(ciMala.json().fields[0]).toMatchObject({ field: 'ci' });
    const desconocido = await put({ nombre1: 'Ana', clave: 'x' });
    expect(desconocido.statusCode).toBe(400);
    expect((await put({ nombre1: 'Ana', sexo: 'F' })).statusCode).toBe(200);

    const faltan = await t.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${s.id}/enviar`,
      headers: con(s.codigo),
    });
    expect(faltan.statusCode).toBe(400);
    const body = faltan.json();
    expect(body.code).toBe('INCOMPLETE');
    expect(body.message).toMatch(
      /^No se puede enviar la solicitud: falta completar Primer Apellido, Fecha de nacimiento/,
    );
    const campos = body.fields.map((f: { field: string }) => f.field);
    expect(campos).toContain('ci');
    expect(campos).not.toContain('funcionario');
    expect(campos).not.toContain('nombre1');
  });

  it('answers 404 for a wrong or missing code, another id, and to any session without the code', async () => {
    const s = await crear('codigo@correo.uy');
    const otra = await crear('otra@correo.uy');
    const admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const vol = await createUser(t.app, admin, { role: 'voluntario' });
    const sesiones = [
      {},
      bearer(admin),
      bearer(await tokenFor(t.app, vol.username, vol.password)),
      bearer(await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password)),
    ];
    const pedidos = (id: string, headers: Record<string, string>) => [
      t.app.inject({ method: 'GET', url: `/api/solicitudes/${id}`, headers }),
      t.app.inject({ method: 'PUT', url: `/api/solicitudes/${id}`, headers, payload: { nombre1: 'Intruso' } }),
      t.app.inject({ method: 'POST', url: `/api/solicitudes/${id}/enviar`, headers }),
      t.app.inject({
        method: 'POST',
        url: `/api/solicitudes/${id}/documentos`,
        headers: { ...headers, ...multipart('ci', 'a.png', crearPng()).headers },
        payload: multipart('ci', 'a.png', crearPng()).payload,
      }),
    ];
    const casos: [string, Record<string, string>][] = [];
    for (const sesion of sesiones) {
      casos.push([s.id, { ...sesion }]); // no code
      casos.push([s.id, { ...sesion, [HEADER]: 'ZZZZZ-ZZZZZ' }]); // wrong code
      casos.push([s.id, { ...sesion, [HEADER]: otra.codigo }]); // another application's code
      casos.push([s.id, { ...sesion, [HEADER]: '' }]);
      casos.push(['0190a000-0000-7000-8000-000000000000', { ...sesion, [HEADER]: s.codigo }]); // no such id
      casos.push(['no-es-un-id', { ...sesion, [HEADER]: s.codigo }]);
    }
    for (const [id, headers] of casos) {
      for (const res of await Promise.all(pedidos(id, headers))) {
        expect(res.statusCode, `${id} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.json().message).toBe(SOLICITUD_TEXTOS.noEncontrada);
      }
    }
    const intacta = await t.app.inject({ method: 'GET', url: `/api/solicitudes/${s.id}`, headers: con(s.codigo) });
    expect(intacta.json()).toMatchObject({ datos: {}, documentos: [], estado: 'borrador' });
  });

  it('validates the contact: an e-mail or a phone', async () => {
    for (const contacto of ['', 'hola', 'a@b', '12']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/solicitudes',
        payload: { contacto },
        remoteAddress: nuevaIp(),
      });
      expect(res.statusCode, contacto).toBe(400);
      expect(res.json().message).toMatch(/Contacto: /);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto: 'hola' },
      remoteAddress: nuevaIp(),
    });
    expect(res.json().fields[0]).toMatchObject({ field: 'contacto', message: CONTACTO_MSG.invalido });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/solicitudes', payload: {}, remoteAddress: nuevaIp() }))
        .statusCode,
    ).toBe(400);
  });

  it('limits creations per address (429 with Retry-After)', async () => {
    const ip = '192.0.2.7';
    for (let i = 0; i < 20; i++) await crear(`familia${i}@limite.uy`, ip);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto: 'otra@limite.uy' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Se crearon demasiadas solicitudes/);
    // Another address is not held back.
    await crear('otra@limite.uy', '192.0.2.8');
  });

  it('limits uploads per application (429 with Retry-After); other applications are not held back', async () => {
    const s = await crear('subidas@correo.uy');
    for (let i = 0; i < 30; i++)
      expect((await subir(s, 'ci', 'cedula.png', crearPng(), 'image/png')).statusCode).toBe(201);
    const res = await subir(s, 'ci', 'cedula.png', crearPng(), 'image/png');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Demasiados cambios seguidos en esta solicitud\./);
    const otra = await crear('subidas2@correo.uy');
    expect((await subir(otra, 'ci', 'cedula.png', crearPng(), 'image/png')).statusCode).toBe(201);
  });

  it('caps live drafts per contact; a sent one does not count; drafts expire with their documents', async () => {
    const contacto = '098 765 432';
    const creadas = [await crear(contacto), await crear('098765432'), await crear('+598 98 765 432')];
    const cuarta = await t.app.inject({
      method: 'POST',
      url: '/api/solicitudes',
      payload: { contacto },
      remoteAddress: nuevaIp(),
    });
    expect(cuarta.statusCode).toBe(429);
    expect(cuarta.json().message).toMatch(/^Se crearon demasiadas solicitudes/);

    const vieja = creadas[0]!;
    expect((await subir(vieja, 'ci', 'cedula.png', crearPng(), 'image/png')).statusCode).toBe(201);
    // 29 days later the draft is alive; a save keeps it alive for 30 more days.
    clock.advance(29 * DIA);
    const abierta = await t.app.inject({
      method: 'GET',
      url: `/api/solicitudes/${creadas[1]!.id}`,
      headers: con(creadas[1]!.codigo),
    });
    expect(abierta.statusCode).toBe(200);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/solicitudes/${creadas[1]!.id}`,
      headers: con(creadas[1]!.codigo),
      payload: { nombre1: 'Ana' },
    });
    expect(put.statusCode).toBe(200);
    clock.advance(2 * DIA);
    // The others expired: the same 404 as no application; the contact may start again.
    const vencida = await t.app.inject({
      method: 'GET',
      url: `/api/solicitudes/${vieja.id}`,
      headers: con(vieja.codigo),
    });
    expect(vencida.statusCode).toBe(404);
    expect(vencida.json().message).toBe(SOLICITUD_TEXTOS.noEncontrada);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/solicitudes/${creadas[1]!.id}`,
          headers: con(creadas[1]!.codigo),
        })
      ).statusCode,
    ).toBe(200);
    const nueva = await crear(contacto);
    // Creating removed the expired drafts and their documents.
    const docs = await t.app.ctx.db
      .selectFrom('solicitudes_documentos')
      .select('id')
      .where('solicitud_id', '=', vieja.id)
      .execute();
    expect(docs).toEqual([]);
    expect(nueva.id).not.toBe(vieja.id);
  });

  it('sends an application whose CI is already enrolled: 200, nothing says another family applied', async () => {
    const admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const otraFamilia = buildInscripto(clock.clock(), { nombre1: 'Clodomira', apellido1: 'Yaanotada' });
    await postInscripto(t.app, admin, otraFamilia);
    const s = await crear('misma.ci@correo.uy');
    const datos = buildInscripto(clock.clock(), { ci: otraFamilia.ci });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/solicitudes/${s.id}`,
      headers: con(s.codigo),
      payload: datos,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await subir(s, 'ci', 'cedula.jpg', jpegConMetadatos(), 'image/jpeg')).statusCode).toBe(201);
    expect((await subir(s, 'domicilio', 'luz.pdf', crearPdf(), 'application/pdf')).statusCode).toBe(201);
    const enviada = await t.app.inject({
      method: 'POST',
      url: `/api/solicitudes/${s.id}/enviar`,
      headers: con(s.codigo),
    });
    expect(enviada.statusCode, enviada.body).toBe(200);
    expect(enviada.json()).toMatchObject({ estado: 'enviada', datos: { ci: otraFamilia.ci } });
    for (const palabra of ['Clodomira', 'Yaanotada']) expect(enviada.body).not.toContain(palabra);
  });

  it("the 4th draft of one contact is answered as the address's limit: status, words and Retry-After", async () => {
    const refusal = (res: Awaited<ReturnType<typeof t.app.inject>>) => ({
      status: res.statusCode,
      body: res.json(),
      retryAfter: res.headers['retry-after'],
    });
    const crearDesde = (contacto: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/solicitudes', payload: { contacto }, remoteAddress: ip });
    // One address past its limit...
    const ip = nuevaIp();
    for (let i = 0; i < SOLICITUD_LIMITES.creacionesPorIp; i++) await crear(`fila${i}@direccion.uy`, ip);
    const porDireccion = refusal(await crearDesde('otra.familia@direccion.uy', ip));
    // ...and, at the same moment, one contact past its drafts from an address that has created nothing.
    const contacto = 'mellizos@contacto.uy';
    for (let i = 0; i < SOLICITUD_LIMITES.borradoresPorContacto; i++) await crear(contacto);
    const porContacto = refusal(await crearDesde(contacto, nuevaIp()));
    expect(porDireccion.status).toBe(429);
    expect(Number(porDireccion.retryAfter)).toBeGreaterThan(0);
    expect(porContacto).toEqual(porDireccion);
  });

  it('limits saves per application (429 with Retry-After, in Spanish); the refused save changes nothing', async () => {
    const s = await crear('guardados@correo.uy');
    const otra = await crear('guardados2@correo.uy');
    const put = (datos: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/solicitudes/${s.id}`, headers: con(s.codigo), payload: datos });
    // Two saves over HTTP, counted; then, through the service with a lower limit than in production (2 instead
    // of 1,200 an hour), the third save of the hour is refused.
    expect((await put({ nombre1: 'Ana' })).statusCode).toBe(200);
    expect((await put({ nombre1: 'Ana', apellido1: 'Pérez' })).statusCode).toBe(200);
    const limites = { ...SOLICITUD_LIMITES, guardadosPorSolicitud: 2 };
    const tercera = guardar(t.app.ctx, s.id, s.codigo, { nombre1: 'Otra', preferencias: undefined }, limites);
    // What the error handler answers with: 429, Retry-After (the hour's window) and the Spanish text.
    await expect(tercera).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      statusCode: 429,
      retryAfterSeconds: SOLICITUD_LIMITES.ventanaSolicitudMs / 1000,
      message: SOLICITUD_TEXTOS.demasiadosCambios(60),
    });
    expect(SOLICITUD_TEXTOS.demasiadosCambios(60)).toBe(
      'Demasiados cambios seguidos en esta solicitud. Probá de nuevo en 60 minutos.',
    );
    const leida = await t.app.inject({ method: 'GET', url: `/api/solicitudes/${s.id}`, headers: con(s.codigo) });
    expect(leida.json().datos).toEqual({ nombre1: 'Ana', apellido1: 'Pérez' });
    // Counted per application: another one saves.
    const suya = guardar(t.app.ctx, otra.id, otra.codigo, { nombre1: 'Luz', preferencias: undefined }, limites);
    await expect(suya).resolves.toMatchObject({ datos: { nombre1: 'Luz' } });
  });
});

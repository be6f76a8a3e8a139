import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, buildTestApp, fakeClock, type TestApp } from '../../test/helper.ts';
import {
  PUBLIC_URL_PRUEBAS,
  correoUnico,
  entornoAvisos,
  esperar,
  pausa,
  receptorSmtp,
  receptorWebhook,
  telefonoUnico,
  type Smtp,
  type Webhook,
} from '../../test/receptores.ts';
import { findAviso } from '../../data/avisos/avisos-repository.ts';
import { encolarAviso, type NuevoAviso } from './encolar.ts';
import { armarMensaje } from './mensaje.ts';
import { canalEmail } from './canal-email.ts';
import { huellaDestino } from './baja-token.ts';

/**
 * The outbox end to end (docs/decisions/0029): messages written in a transaction reach a real SMTP server and a
 * webhook receiver once, are retried with back-off, fail at once when refused for good, and a message whose
 * sender died is sent again with the same Message-ID.
 */
const OPCIONES = { sondeoMs: 30, esperaBaseMs: 60_000, esperaMaxMs: 240_000, maxIntentos: 3, tomaMs: 30_000 };
const HOST = new URL(PUBLIC_URL_PRUEBAS).hostname;

describe.each(DIALECTS)('the outbox of messages to the families (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Smtp;
  let hook: Webhook;
  const reloj = fakeClock();

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([receptorSmtp(), receptorWebhook()]);
    t = await buildTestApp(dialect, { clock: reloj.clock, env: entornoAvisos(smtp, hook), avisos: OPCIONES });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  const db = () => t.app.ctx.db;
  const encolar = (aviso: NuevoAviso) =>
    db()
      .transaction()
      .execute((tx) => encolarAviso(tx, aviso, reloj.clock()));
  const fila = (id: string) => findAviso(db(), id);
  const hasta = (id: string, listo: (f: NonNullable<Awaited<ReturnType<typeof fila>>>) => boolean) =>
    esperar(async () => {
      const f = await fila(id);
      return f && listo(f) ? f : null;
    });
  const correo = (destino: string, tipo: NuevoAviso['tipo'] = 'inscripcion'): NuevoAviso => ({
    tipo,
    canal: 'email',
    destino,
    asunto: 'Inscripción N° 12 recibida',
    texto: 'Recibimos la inscripción N° 12 (A. P.). Consultá su estado en la página de la escuela.',
  });
  const mensajeDeTelefono = (destino: string): NuevoAviso => ({
    tipo: 'oferta',
    canal: 'telefono',
    destino,
    texto: 'Escuela: hay una plaza para la inscripción N° 12. Confirmala antes del 10/12.',
  });

  it('sends nothing for a change that rolled back', async () => {
    const destino = correoUnico();
    let id = '';
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          id = await encolarAviso(tx, correo(destino), reloj.clock());
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    await pausa(300);
    expect(await fila(id)).toBeUndefined();
    expect(await smtp.mensajes(destino)).toEqual([]);
  });

  it('sends a committed e-mail once, with its id as Message-ID and the opt-out link of an informational one', async () => {
    const destino = correoUnico();
    const id = await encolar(correo(destino.toUpperCase()));
    const [recibido] = await esperar(async () => (await smtp.mensajes(destino)).length > 0 && smtp.mensajes(destino));
    expect(recibido).toMatchObject({
      messageId: `<${id}@${HOST}>`,
      to: [destino],
      from: '"Escuela de prueba" <avisos@escuela.test>',
      subject: 'Inscripción N° 12 recibida',
    });
    expect(recibido!.text).toContain('Recibimos la inscripción N° 12 (A. P.).');
    expect(recibido!.text).toMatch(new RegExp(`${PUBLIC_URL_PRUEBAS}/avisos/baja\\?t=e\\.[\\w-]{22}\\.[\\w-]{16}`));
    expect(recibido!.listUnsubscribe).toMatch(/^<https:\/\/inscripciones\.escuela\.test\/avisos\/baja\?t=e\./);
    const enviado = await hasta(id, (f) => f.estado === 'enviado');
    expect(enviado).toMatchObject({ intentos: 1, tomado_por: null, ultimo_error: null, destino });
    expect(enviado.enviado_en).toBe(reloj.clock().toISOString());
    await pausa(300);
    expect(await smtp.ids(destino)).toEqual([`<${id}@${HOST}>`]);
  });

  it('sends a message needed to keep a place without an opt-out link', async () => {
    const destino = correoUnico();
    await encolar(correo(destino, 'oferta'));
    const [recibido] = await esperar(async () => (await smtp.mensajes(destino)).length > 0 && smtp.mensajes(destino));
    expect(recibido!.text).not.toContain('/avisos/baja');
    expect(recibido!.listUnsubscribe).toBeNull();
  });

  it('posts a phone message to the webhook as { to, text, idempotencyKey }', async () => {
    const destino = telefonoUnico();
    const id = await encolar(mensajeDeTelefono(destino.replace('+598', '0')));
    const [pedido] = await esperar(async () => (await hook.pedidos(destino)).length > 0 && hook.pedidos(destino));
    expect(pedido).toMatchObject({ to: destino, idempotencyKey: id, idempotencyHeader: id, status: 200 });
    expect(pedido!.text).toBe('Escuela: hay una plaza para la inscripción N° 12. Confirmala antes del 10/12.');
    await hasta(id, (f) => f.estado === 'enviado');
  });

  it('hands messages to the provider at most AVISOS_POR_SEGUNDO (100) a second', async () => {
    const destino = telefonoUnico();
    await db()
      .transaction()
      .execute(async (tx) => {
        for (let i = 0; i < 20; i++) await encolarAviso(tx, mensajeDeTelefono(destino), reloj.clock());
      });
    const pedidos = await esperar(async () => (await hook.pedidos(destino)).length === 20 && hook.pedidos(destino));
    const lapso = Date.parse(pedidos.at(-1)!.recibidoEn) - Date.parse(pedidos[0]!.recibidoEn);
    expect(lapso).toBeGreaterThanOrEqual(19 * 10 - 5); // 10 ms apart, give or take a timer's millisecond
  });

  it('tries a 5xx again after a back-off with jitter, with the same idempotency key, until it is accepted', async () => {
    const destino = telefonoUnico();
    await hook.regla(destino, { status: 503, veces: 2 });
    const id = await encolar(mensajeDeTelefono(destino));
    for (const intentos of [1, 2]) {
      const f = await hasta(id, (r) => r.estado === 'pendiente' && r.intentos === intentos);
      expect(f.ultimo_error).toBe('HTTP 503');
      const espera = Date.parse(f.proximo_intento) - reloj.clock().getTime();
      const techo = OPCIONES.esperaBaseMs * 2 ** (intentos - 1);
      expect([intentos, espera >= techo / 2 && espera <= techo]).toEqual([intentos, true]);
      await pausa(100);
      expect((await hook.pedidos(destino)).length).toBe(intentos); // not before its time
      reloj.advance(espera);
    }
    const f = await hasta(id, (r) => r.estado === 'enviado');
    expect(f).toMatchObject({ intentos: 3, ultimo_error: null });
    const pedidos = await hook.pedidos(destino);
    expect(pedidos.map((p) => [p.status, p.idempotencyKey])).toEqual([
      [503, id],
      [503, id],
      [200, id],
    ]);
  });

  it('fails a message at once on a 4xx, and after the last attempt on 5xx', async () => {
    const rechazado = telefonoUnico();
    await hook.regla(rechazado, { status: 422, veces: 1 });
    const id = await encolar(mensajeDeTelefono(rechazado));
    expect(await hasta(id, (f) => f.estado === 'fallido')).toMatchObject({
      motivo: 'rechazado',
      intentos: 1,
      ultimo_error: 'HTTP 422',
    });

    const caido = telefonoUnico();
    await hook.regla(caido, { status: 500 });
    const otro = await encolar(mensajeDeTelefono(caido));
    for (let i = 1; i < OPCIONES.maxIntentos; i++) {
      await hasta(otro, (f) => f.estado === 'pendiente' && f.intentos === i);
      reloj.advance(OPCIONES.esperaMaxMs);
    }
    expect(await hasta(otro, (f) => f.estado === 'fallido')).toMatchObject({
      motivo: 'agotado',
      intentos: OPCIONES.maxIntentos,
      ultimo_error: 'HTTP 500',
    });
    expect(await hook.pedidos(caido)).toHaveLength(OPCIONES.maxIntentos);
  });

  it('tries an SMTP 4xx again and fails an SMTP 5xx for good', async () => {
    const ocupado = correoUnico();
    await smtp.regla(ocupado, { codigo: 451, veces: 1 });
    const id = await encolar(correo(ocupado));
    const f = await hasta(id, (r) => r.estado === 'pendiente' && r.intentos === 1);
    expect(f.ultimo_error).toBe('SMTP 451');
    reloj.advance(OPCIONES.esperaBaseMs);
    await hasta(id, (r) => r.estado === 'enviado');
    expect(await smtp.ids(ocupado)).toEqual([`<${id}@${HOST}>`]);

    const inexistente = correoUnico();
    await smtp.regla(inexistente, { codigo: 550, veces: 1 });
    const otro = await encolar(correo(inexistente));
    expect(await hasta(otro, (r) => r.estado === 'fallido')).toMatchObject({
      motivo: 'rechazado',
      ultimo_error: 'SMTP 550',
    });
  });

  it('sends again, with the same Message-ID, a message whose sender died after the server accepted it', async () => {
    const destino = correoUnico();
    const ahora = reloj.clock();
    const hastaToma = new Date(ahora.getTime() + 5_000).toISOString();
    // An instance took it (in the same transaction, so the live worker never sees it free) …
    const id = await db()
      .transaction()
      .execute(async (tx) => {
        const nuevo = await encolarAviso(tx, correo(destino), ahora);
        await tx
          .updateTable('avisos')
          .set({ estado: 'enviando', intentos: 1, tomado_por: 'muerta', tomado_hasta: hastaToma })
          .set({ proximo_intento: hastaToma })
          .where('id', '=', nuevo)
          .execute();
        return nuevo;
      });
    // … the server accepted it, and the instance was killed before recording it.
    const tomada = (await fila(id))!;
    const { claves } = t.app.ctx.avisos;
    const muerta = canalEmail({ smtpUrl: smtp.url, from: 'Escuela de prueba <avisos@escuela.test>', conexiones: 1 });
    const remitente = { claves, publicUrl: PUBLIC_URL_PRUEBAS };
    expect(await muerta.enviar(armarMensaje(tomada, huellaDestino(claves, 'email', destino), remitente))).toEqual({
      ok: true,
    });
    await muerta.cerrar();
    await pausa(200);
    expect((await fila(id))!.estado).toBe('enviando'); // nobody takes it while the lease holds
    reloj.advance(5_000);
    expect(await hasta(id, (f) => f.estado === 'enviado')).toMatchObject({ intentos: 2 });
    const recibidos = await smtp.mensajes(destino);
    expect(recibidos.map((m) => m.messageId)).toEqual([`<${id}@${HOST}>`, `<${id}@${HOST}>`]);
    expect(recibidos[1]!.text).toBe(recibidos[0]!.text);
  });
});

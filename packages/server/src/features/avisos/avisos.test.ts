import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
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
import {
  correoUnico,
  entornoAvisos,
  esperar,
  receptorSmtp,
  receptorWebhook,
  telefonoUnico,
  type Smtp,
  type Webhook,
} from '../../test/receptores.ts';
import { findAviso } from '../../data/avisos/avisos-repository.ts';
import { encolarAviso, type NuevoAviso } from '../../domain/avisos/encolar.ts';
import { BAJA_LIMITS } from './baja-service.ts';

/**
 * What staff see of the messages to the families, Reenviar, the channels for Configuración, and the families'
 * opt-out link (docs/decisions/0029), for every role.
 */
type Who = 'none' | 'visitado' | 'voluntario' | 'otroVoluntario' | 'administrador';

describe.each(DIALECTS)('messages to the families: staff and opt-out (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Smtp;
  let hook: Webhook;
  const reloj = fakeClock();
  const tok: Partial<Record<Who, string>> = {};
  let inscripto: { id: string; cicloId: string };

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([receptorSmtp(), receptorWebhook()]);
    t = await buildTestApp(dialect, { clock: reloj.clock, env: entornoAvisos(smtp, hook), avisos: { sondeoMs: 30 } });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const who of ['voluntario', 'otroVoluntario'] as const) {
      const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
      tok[who] = await tokenFor(t.app, u.username, u.password);
    }
    const { id } = await postInscripto(t.app, tok.voluntario!, buildInscripto(reloj.clock()));
    const row = await t.app.ctx.db.selectFrom('inscriptos').select('ciclo_id').where('id', '=', id).executeTakeFirst();
    inscripto = { id, cicloId: row!.ciclo_id };
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  const inject = (who: Who, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      ...(who === 'none' ? {} : { headers: bearer(tok[who]!) }),
      ...(payload ? { payload } : {}),
    });
  const encolar = (a: Partial<NuevoAviso> & Pick<NuevoAviso, 'canal' | 'destino'>) =>
    t.app.ctx.db.transaction().execute((tx) =>
      encolarAviso(
        tx,
        {
          tipo: 'sorteo',
          asunto: 'El sorteo es el 5/12',
          texto: 'El sorteo de la escuela es el 5/12 a las 10:00.',
          ...a,
        },
        reloj.clock(),
      ),
    );
  const estadoDe = (id: string, estado: string) =>
    esperar(async () => (await findAviso(t.app.ctx.db, id))?.estado === estado);
  const enlaceDe = (texto: string) => new URL(/https:\/\/\S+\/avisos\/baja\?t=\S+/.exec(texto)![0]);

  it("shows a record's messages to the staff who may edit it, masked and without their text; never to the guest", async () => {
    const correo = correoUnico();
    const telefono = telefonoUnico();
    const a = await encolar({ canal: 'email', destino: correo, inscriptoId: inscripto.id, cicloId: inscripto.cicloId });
    reloj.advance(1000);
    const b = await encolar({ tipo: 'oferta', canal: 'telefono', destino: telefono, inscriptoId: inscripto.id });
    await estadoDe(a, 'enviado');
    await estadoDe(b, 'enviado');
    const res = await inject('administrador', 'GET', `/api/inscriptos/${inscripto.id}/avisos`);
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items.map((i: { id: string }) => i.id)).toEqual([b, a]);
    expect(items[1]).toMatchObject({
      tipo: 'sorteo',
      canal: 'email',
      destino: `${correo.slice(0, 2)}•••@ejemplo.com.uy`,
      asunto: 'El sorteo es el 5/12',
      informativo: true,
      estado: 'enviado',
      motivo: null,
      intentos: 1,
      proximoIntento: null,
      cicloId: inscripto.cicloId,
    });
    expect(items[0]).toMatchObject({ canal: 'telefono', destino: `••• ••• ${telefono.slice(-3)}`, informativo: false });
    expect(JSON.stringify(items)).not.toContain('El sorteo de la escuela');
    for (const [who, status] of [
      ['voluntario', 200],
      ['otroVoluntario', 403],
      ['visitado', 403],
      ['none', 401],
    ] as const) {
      const r = await inject(who, 'GET', `/api/inscriptos/${inscripto.id}/avisos`);
      expect([who, r.statusCode]).toEqual([who, status]);
    }
    const ajeno = await inject('administrador', 'GET', '/api/inscriptos/0190a000-0000-7000-8000-000000000000/avisos');
    expect(ajeno.statusCode).toBe(404);
  });

  it("lists a cycle's failed messages, a page at a time, for administrators only", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const telefono = telefonoUnico();
      await hook.regla(telefono, { status: 400, veces: 1 });
      ids.push(await encolar({ canal: 'telefono', destino: telefono, cicloId: inscripto.cicloId }));
    }
    const fuera = telefonoUnico();
    await hook.regla(fuera, { status: 400, veces: 1 });
    ids.push(await encolar({ canal: 'telefono', destino: fuera }));
    for (const id of ids) await estadoDe(id, 'fallido');
    const url = (page: number) => `/api/avisos?estado=fallido&ciclo=${inscripto.cicloId}&pageSize=2&page=${page}`;
    const p1 = (await inject('administrador', 'GET', url(1))).json();
    const p2 = (await inject('administrador', 'GET', url(2))).json();
    expect([p1.total, p1.items.length, p2.items.length]).toEqual([3, 2, 1]);
    expect([...p1.items, ...p2.items].map((i: { id: string }) => i.id)).toEqual(ids.slice(0, 3).reverse());
    expect(p1.items[0]).toMatchObject({ estado: 'fallido', motivo: 'rechazado', ultimoError: 'HTTP 400' });
    expect((await inject('administrador', 'GET', '/api/avisos?estado=fallido')).json().total).toBe(4);
    expect((await inject('administrador', 'GET', '/api/avisos?estado=perdido')).statusCode).toBe(400);
    for (const [who, status] of [
      ['voluntario', 403],
      ['visitado', 403],
      ['none', 401],
    ] as const) {
      expect([who, (await inject(who, 'GET', url(1))).statusCode]).toEqual([who, status]);
    }
  });

  it('sends a message again as a new one linked to the old, for administrators only', async () => {
    const telefono = telefonoUnico();
    await hook.regla(telefono, { status: 400, veces: 1 });
    const viejo = await encolar({ tipo: 'oferta', canal: 'telefono', destino: telefono, inscriptoId: inscripto.id });
    await estadoDe(viejo, 'fallido');
    for (const [who, status] of [
      ['voluntario', 403],
      ['visitado', 403],
      ['none', 401],
    ] as const) {
      expect([who, (await inject(who, 'POST', `/api/avisos/${viejo}/reenviar`)).statusCode]).toEqual([who, status]);
    }
    const res = await inject('administrador', 'POST', `/api/avisos/${viejo}/reenviar`);
    expect(res.statusCode).toBe(201);
    const nuevo = res.json();
    expect(nuevo).toMatchObject({
      reenvioDe: viejo,
      creadoPor: ADMIN.username,
      tipo: 'oferta',
      inscriptoId: inscripto.id,
    });
    expect(nuevo.id).not.toBe(viejo);
    const enCurso = await inject('administrador', 'POST', `/api/avisos/${nuevo.id}/reenviar`);
    expect([enCurso.statusCode, enCurso.json().message]).toEqual([409, AVISO_MSG.enCurso]);
    await estadoDe(nuevo.id, 'enviado');
    expect((await hook.pedidos(telefono)).map((p) => [p.status, p.idempotencyKey])).toEqual([
      [400, viejo],
      [200, nuevo.id],
    ]);
    const otro = await inject('administrador', 'POST', '/api/avisos/0190a000-0000-7000-8000-000000000000/reenviar');
    expect([otro.statusCode, otro.json().message]).toEqual([404, AVISO_MSG.noEncontrado]);
  });

  it('tells Configuración which channels are configured; without them messages are discarded, not sent', async () => {
    expect((await inject('administrador', 'GET', '/api/avisos/estado')).json()).toEqual({
      email: true,
      telefono: true,
    });
    expect((await inject('voluntario', 'GET', '/api/avisos/estado')).json().message).toBe(AUTH_MSG.forbidden);
    const sin = await buildTestApp(dialect, { avisos: { sondeoMs: 30 } });
    try {
      const admin = await tokenFor(sin.app, ADMIN.username, ADMIN.password);
      const canales = (
        await sin.app.inject({ method: 'GET', url: '/api/avisos/estado', headers: bearer(admin) })
      ).json();
      expect(canales).toEqual({ email: false, telefono: false });
      expect(AVISO_MSG.sinCanales(canales)).toBe(
        'Los avisos a las familias no se envían: falta configurar SMTP_URL y MAIL_FROM (correo electrónico) y ' +
          'MENSAJES_WEBHOOK_URL (mensajes al teléfono) en el servidor. Quedan registrados como descartados.',
      );
      const destino = correoUnico();
      const id = await sin.app.ctx.db
        .transaction()
        .execute((tx) =>
          encolarAviso(tx, { tipo: 'oferta', canal: 'email', destino, asunto: 'a', texto: 'b' }, new Date()),
        );
      await esperar(async () => (await findAviso(sin.app.ctx.db, id))?.estado === 'descartado');
      expect(await findAviso(sin.app.ctx.db, id)).toMatchObject({ motivo: 'sin-canal' });
      expect(await smtp.mensajes(destino)).toEqual([]);
    } finally {
      await sin.close();
    }
  });

  it('stops informational messages to an address or phone that opted out, and still sends the ones to keep a place', async () => {
    for (const canal of ['email', 'telefono'] as const) {
      const destino = canal === 'email' ? correoUnico() : telefonoUnico();
      const recibidos = async () =>
        canal === 'email'
          ? (await smtp.mensajes(destino)).map((m) => m.text.trim())
          : (await hook.pedidos(destino)).map((p) => p.text);
      await encolar({ canal, destino });
      const [texto] = await esperar(async () => (await recibidos()).length === 1 && recibidos());
      const enlace = enlaceDe(texto!);
      expect(enlace.pathname).toBe('/avisos/baja');
      const t0 = enlace.searchParams.get('t')!;
      const antes = await inject('none', 'GET', `/api/avisos/baja?t=${t0}`);
      expect(antes.json()).toEqual({ canal, dadoDeBaja: false });
      const baja = await inject('none', 'POST', '/api/avisos/baja', { t: t0 });
      expect([baja.statusCode, baja.json()]).toEqual([200, { canal, dadoDeBaja: true }]);
      expect((await inject('none', 'POST', '/api/avisos/baja', { t: t0 })).statusCode).toBe(200); // twice: the same
      expect((await inject('none', 'GET', `/api/avisos/baja?t=${t0}`)).json()).toEqual({ canal, dadoDeBaja: true });

      // Written differently (upper case, the national phone format): still the same destination.
      const igual = canal === 'email' ? destino.toUpperCase() : destino.replace('+598', '0');
      const informativo = await encolar({ canal, destino: igual });
      const requerido = await encolar({ tipo: 'vencimiento', canal, destino: igual, texto: 'La oferta N° 12 venció.' });
      await estadoDe(informativo, 'descartado');
      expect(await findAviso(t.app.ctx.db, informativo)).toMatchObject({ motivo: 'baja' });
      await estadoDe(requerido, 'enviado');
      expect((await recibidos()).slice(1)).toEqual(['La oferta N° 12 venció.']);
    }
  });

  it('forgets the messages of an enrolment that is deleted', async () => {
    const { id } = await postInscripto(t.app, tok.voluntario!, buildInscripto(reloj.clock()));
    const aviso = await encolar({ canal: 'email', destino: correoUnico(), inscriptoId: id });
    await estadoDe(aviso, 'enviado');
    expect((await inject('administrador', 'DELETE', `/api/inscriptos/${id}`)).statusCode).toBe(200);
    expect(await findAviso(t.app.ctx.db, aviso)).toBeUndefined();
  });

  it('refuses a link that is not ours, and limits the requests of one address', async () => {
    reloj.advance(BAJA_LIMITS.windowMs);
    const destino = correoUnico();
    await encolar({ canal: 'email', destino });
    const [m] = await esperar(async () => (await smtp.mensajes(destino)).length === 1 && smtp.mensajes(destino));
    const bueno = enlaceDe(m!.text).searchParams.get('t')!;
    const malos = [`${bueno.slice(0, -1)}${bueno.endsWith('A') ? 'B' : 'A'}`, `t${bueno.slice(1)}`, 'x', ''];
    for (const t0 of malos) {
      const res = await inject('none', 'POST', '/api/avisos/baja', { t: t0 });
      expect([t0, res.statusCode]).toEqual([t0, 400]);
      if (t0) expect(res.json().message).toBe(AVISO_MSG.bajaEnlaceInvalido);
    }
    for (let i = malos.length - 1; i < BAJA_LIMITS.perIp; i++)
      await inject('none', 'GET', `/api/avisos/baja?t=${bueno}`);
    const limitado = await inject('none', 'POST', '/api/avisos/baja', { t: bueno });
    expect(limitado.statusCode).toBe(429);
    expect(Number(limitado.headers['retry-after'])).toBeGreaterThan(0);
    expect(limitado.json().message).toBe(AVISO_MSG.bajaDemasiadas(15));
    reloj.advance(BAJA_LIMITS.windowMs);
    expect((await inject('none', 'POST', '/api/avisos/baja', { t: bueno })).statusCode).toBe(200);
  });
});

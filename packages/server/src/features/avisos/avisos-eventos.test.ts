import crypto from 'node:crypto';
import { avanzarTemporada } from '../../domain/sorteos/temporada-avance.ts';
import { createRuntime } from '../../domain/sorteos/temporada.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';
import {
  PUBLIC_URL_PRUEBAS,
  correoUnico,
  entornoAvisos,
  esperar,
  pausa,
  receptorSmtp,
  receptorWebhook,
  type Smtp,
  type Webhook,
} from '../../test/receptores.ts';
import { avisarPasos } from '../../domain/avisos/temporada.ts';
import { redactor } from '../../domain/avisos/redactor.ts';
import { huellaDestino, tokenBaja } from '../../domain/avisos/baja-token.ts';
import { plazasDelCiclo } from '../../domain/sorteos/plazas-del-ciclo.ts';

/**
 * The families are told every step (decision 0029, later note), through the real SMTP server and webhook
 * receiver: the finalisation, the raffle's result, an acceptance, an offer to a suplente and the move up the list,
 * the reminder a day before the deadline, the expiry. Only with consent; an opted-out address still gets what it
 * needs to keep its place; a change that rolls back sends nothing; no message names a CI, a full name or an address.
 */
const DAY = 24 * 60 * 60 * 1000;

/** A mobile as the form takes it (09 and 7 digits), and as the outbox sends it. */
function celularUnico() {
  const cel = `09${String(crypto.randomInt(10_000_000)).padStart(7, '0')}`;
  return { cel, to: `+598${cel.slice(1)}` };
}

interface Familia {
  email: string;
  cel: string;
  to: string;
  consiente: boolean;
  nombre: string;
  ci: string;
  domicilio: string;
  numero: number;
  id: string;
}

describe.each(DIALECTS)('messages at every step (%s)', (dialect) => {
  let t: TestApp;
  let smtp: Smtp;
  let hook: Webhook;
  let admin: string;
  const reloj = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const familias: Familia[] = [];
  let cicloId: string;
  let escuela: string;
  const porNumero = (n: number) => familias.find((f) => f.numero === n)!;
  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const estado = (): Promise<TPlazasEstado> => api('GET', '/api/plazas');
  /** Every text a family received, by e-mail and on its phone. */
  const recibidos = async (f: Familia) => [
    ...(await smtp.mensajes(f.email)).map((m) => `${m.subject}\n${m.text}`),
    ...(await hook.pedidos(f.to)).map((p) => p.text),
  ];
  const llega = (f: Familia, fragmento: string, veces = 2) =>
    esperar(async () => (await recibidos(f)).filter((x) => x.includes(fragmento)).length >= veces);

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([receptorSmtp(), receptorWebhook()]);
    t = await buildTestApp(dialect, { clock: reloj.clock, env: entornoAvisos(smtp, hook), avisos: { sondeoMs: 30 } });
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    escuela = (await t.app.inject({ url: '/api/configuracion/publico' })).json().escuelaNombre;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  it('records who answered the consent and when, and tells a family its enrolment was finalised', async () => {
    const { cel, to } = celularUnico();
    const email = correoUnico();
    const datos = buildInscripto(reloj.clock(), {
      nombre1: 'Martina',
      apellido1: 'Silva',
      email,
      cel1: cel,
      avisosConsentimiento: 'SI',
    });
    const creada = await postInscripto(t.app, admin, datos);
    expect(creada.consentimientoAvisos).toEqual({ en: reloj.clock().toISOString(), por: ADMIN.username });
    const fin = await api('POST', `/api/inscriptos/${creada.id}/finalizar`, { ...datos, version: creada.version });
    const f: Familia = {
      email,
      cel,
      to,
      consiente: true,
      nombre: `${datos.nombre1} ${datos.nombre2} ${datos.apellido1} ${datos.apellido2}`,
      ci: datos.ci!,
      domicilio: datos.domicilio!,
      numero: fin.numeroInscripcion,
      id: creada.id,
    };
    familias.push(f);
    cicloId = fin.ciclo.id;
    await llega(f, 'quedó finalizada');
    const [correo] = await smtp.mensajes(email);
    expect(correo!.subject).toBe(`${escuela}: inscripción N° ${padNumero(f.numero)} finalizada`);
    expect(correo!.text).toMatch(
      new RegExp(`la inscripción N° ${padNumero(f.numero)} \\(M\\. S\\. S\\. P\\.\\) quedó finalizada`),
    );
    expect(correo!.text).toContain(`${PUBLIC_URL_PRUEBAS}/estado?numero=${f.numero}&codigo=`);
    // Informational: it carries the opt-out link.
    expect(correo!.text).toContain(`${PUBLIC_URL_PRUEBAS}/avisos/baja?t=`);
    const [sms] = await hook.pedidos(to);
    expect(sms!.text).toContain('quedó finalizada');
    // Saving it again sends nothing more: only the first finalisation is news.
    const again = await api('POST', `/api/inscriptos/${creada.id}/finalizar`, { ...datos, version: fin.version });
    expect(again.numeroInscripcion).toBe(f.numero);
    await pausa(300);
    expect(await smtp.mensajes(email)).toHaveLength(1);
    const panel = await api('GET', `/api/inscriptos/${creada.id}/avisos`);
    expect(panel.items.map((a: { canal: string; tipo: string }) => [a.tipo, a.canal]).sort()).toEqual([
      ['inscripcion', 'email'],
      ['inscripcion', 'telefono'],
    ]);
  });

  it('sends nothing without consent, and nothing when the change rolls back', async () => {
    const { cel, to } = celularUnico();
    const email = correoUnico();
    const datos = buildInscripto(reloj.clock(), {
      nombre1: 'Lucía',
      apellido1: 'Gómez',
      email,
      cel1: cel,
      avisosConsentimiento: 'NO',
    });
    const creada = await postInscripto(t.app, admin, datos);
    const fin = await api('POST', `/api/inscriptos/${creada.id}/finalizar`, { ...datos, version: creada.version });
    const f: Familia = {
      email,
      cel,
      to,
      consiente: false,
      nombre: `${datos.nombre1} ${datos.nombre2} ${datos.apellido1} ${datos.apellido2}`,
      ci: datos.ci!,
      domicilio: datos.domicilio!,
      numero: fin.numeroInscripcion,
      id: creada.id,
    };
    familias.push(f);
    // The same message, written on a transaction that then fails, after saying yes.
    const si = buildInscripto(reloj.clock(), {
      nombre1: 'Julieta',
      apellido1: 'Castro',
      email: correoUnico(),
      cel1: celularUnico().cel,
      avisosConsentimiento: 'SI',
    });
    const otra = await postInscripto(t.app, admin, si);
    const antes = await t.app.ctx.db.selectFrom('avisos').select('id').execute();
    await expect(
      t.app.ctx.db.transaction().execute(async (tx) => {
        const n = await (
          await redactor(t.app.ctx, tx)
        ).avisar({
          plantilla: 'inscripcion',
          cicloId: fin.ciclo.id,
          numero: 999,
          inscriptoIds: [otra.id],
        });
        expect(n).toBe(2);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await pausa(300);
    expect(await t.app.ctx.db.selectFrom('avisos').select('id').execute()).toHaveLength(antes.length);
    expect(await smtp.mensajes(si.email!)).toEqual([]);
    expect(await recibidos(f)).toEqual([]);
  });

  it("tells the raffle's result: a titular its place and deadline, a suplente its place in the list", async () => {
    const specs = [
      ...Array.from({ length: 5 }, (_, i) => ({ sexo: 'F' as const, i, consiente: i !== 4 })),
      ...Array.from({ length: 2 }, (_, i) => ({ sexo: 'M' as const, i, consiente: true })),
    ];
    const rows = await insertFamilies(
      t.app.ctx.db,
      reloj.clock(),
      specs.map((s) => {
        const { cel } = celularUnico();
        return {
          children: [
            {
              nombre1: `Aviso${s.sexo}${s.i}`,
              nombre2: undefined,
              apellido1: `Familia${s.i}`,
              apellido2: 'Prueba',
              sexo: s.sexo,
              tieneHermanosPrimaria: false,
              email: correoUnico(),
              cel1: cel,
              avisosConsentimiento: s.consiente ? 'SI' : 'NO',
            },
          ],
        };
      }),
    );
    for (const row of rows) {
      const d = JSON.parse(row.datos as string);
      familias.push({
        email: d.email,
        cel: d.cel1,
        to: `+598${d.cel1.slice(1)}`,
        consiente: d.avisosConsentimiento === 'SI',
        nombre: `${d.nombre1} ${d.apellido1} ${d.apellido2}`,
        ci: d.ci,
        domicilio: d.domicilio,
        numero: Number(row.numero_inscripcion),
        id: row.id as string,
      });
    }
    await runRaffle(t.app, admin, { nenas: 2, varones: 1 });
    const e = await estado();
    const vence = fechaHoraTexto(e.ofertas[0]!.vence);
    for (const o of e.ofertas) {
      const f = porNumero(o.numeroInscripcion);
      if (!f.consiente) continue;
      await llega(
        f,
        `obtuvo un lugar. Para no perderlo, confirmalo antes del ${vence}, en la escuela o desde el enlace`,
      );
    }
    for (const c of e.cola.nenas) {
      const f = porNumero(c.numeroInscripcion);
      if (f.consiente) await llega(f, `quedó suplente N° ${c.posicionActual}.`);
    }
    // A titular's result is needed to keep the place: no opt-out link. A suplente's is informational.
    const titular = familias.find((f) => f.consiente && e.ofertas.some((o) => o.numeroInscripcion === f.numero))!;
    const resultado = (await smtp.mensajes(titular.email)).find((m) => m.text.includes('obtuvo un lugar'))!;
    expect(resultado.text).not.toContain('/avisos/baja');
    expect(resultado.listUnsubscribe).toBeNull();
    const suplente = porNumero(e.cola.nenas.find((c) => porNumero(c.numeroInscripcion).consiente)!.numeroInscripcion);
    const suyo = (await smtp.mensajes(suplente.email)).find((m) => m.text.includes('quedó suplente'))!;
    expect(suyo.text).toContain(`${PUBLIC_URL_PRUEBAS}/avisos/baja?t=`);
    // One reminder per titular with consent waits for a day before the deadline.
    const recordatorios = await t.app.ctx.db
      .selectFrom('avisos')
      .select(['estado', 'proximo_intento', 'inscripto_id'])
      .where('tipo', '=', 'recordatorio')
      .execute();
    const titularesConsienten = e.ofertas.filter((o) => porNumero(o.numeroInscripcion).consiente);
    expect(recordatorios).toHaveLength(2 * titularesConsienten.length);
    for (const r of recordatorios) {
      expect(r.estado).toBe('pendiente');
      expect(r.proximo_intento).toBe(new Date(Date.parse(e.ofertas[0]!.vence) - DAY).toISOString());
    }
    // The family that said no hears nothing.
    const no = familias.find((f) => !f.consiente && f.numero)!;
    expect(await recibidos(no)).toEqual([]);
  }, 60_000);

  it('tells an acceptance, an offer to the next suplente and the move up the list; drops the answered reminder', async () => {
    let e = await estado();
    const [a, b] = e.ofertas.filter((o) => o.lista === 'nenas');
    const colaAntes = e.cola.nenas.map((c) => c.numeroInscripcion);
    await api('POST', `/api/plazas/${a!.id}/respuesta`, { respuesta: 'aceptada' });
    const fa = porNumero(a!.numeroInscripcion);
    if (fa.consiente) {
      await llega(fa, 'quedó confirmado el lugar');
      const rec = await t.app.ctx.db
        .selectFrom('avisos')
        .select(['estado', 'motivo'])
        .where('inscripto_id', '=', fa.id)
        .where('tipo', '=', 'recordatorio')
        .execute();
      expect(rec).toEqual([
        { estado: 'descartado', motivo: 'sin-efecto' },
        { estado: 'descartado', motivo: 'sin-efecto' },
      ]);
    }
    await api('POST', `/api/plazas/${b!.id}/respuesta`, { respuesta: 'rechazada', motivo: 'Se mudan' });
    e = await estado();
    const nueva = e.ofertas.find((o) => o.numeroInscripcion === colaAntes[0])!;
    const fn = porNumero(nueva.numeroInscripcion);
    if (fn.consiente) await llega(fn, `hay un lugar para la inscripción N° ${padNumero(fn.numero)}`);
    for (const c of e.cola.nenas) {
      const f = porNumero(c.numeroInscripcion);
      if (f.consiente) await llega(f, `ahora es suplente N° ${c.posicionActual}.`);
    }
  }, 30_000);

  it('sends the reminder a day before the deadline and the expiry after it, also to an address that opted out', async () => {
    let e = await estado();
    const abierta = e.ofertas.find((o) => o.estado === 'ofrecida' && porNumero(o.numeroInscripcion).consiente)!;
    const f = porNumero(abierta.numeroInscripcion);
    // The family opts out of informational messages, by the link such a message carries.
    const claves = t.app.ctx.avisos.claves;
    const token = tokenBaja(claves, 'email', huellaDestino(claves, 'email', f.email));
    expect((await t.app.inject({ method: 'POST', url: '/api/avisos/baja', payload: { t: token } })).statusCode).toBe(
      200,
    );
    reloj.advance(Date.parse(abierta.vence) - DAY - reloj.clock().getTime() + 1000);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await llega(f, `vence el ${fechaHoraTexto(abierta.vence)}`);
    reloj.advance(DAY);
    // The expiry job's command (reads never advance the season: decision 0032).
    await avanzarTemporada(t.app.ctx, createRuntime());
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    e = await estado();
    expect(e.ofertas.find((o) => o.id === abierta.id)!.estado).toBe('vencida');
    await llega(f, 'venció el plazo del lugar ofrecido');
    // Needed to keep the place: both reached the address that opted out of the informational ones.
    // (The receiver has them; the outbox records the acceptance a moment later.)
    const estados = () =>
      t.app.ctx.db
        .selectFrom('avisos')
        .select(['tipo', 'estado'])
        .where('inscripto_id', '=', f.id)
        .where('canal', '=', 'email')
        .where('tipo', 'in', ['recordatorio', 'vencimiento'])
        .orderBy('creado_en')
        .execute();
    await esperar(async () => (await estados()).every((x) => x.estado === 'enviado'));
    expect((await estados()).map((x) => x.tipo)).toEqual(['recordatorio', 'vencimiento']);
    // An informational one to that address is dropped; on the phone, which did not opt out, it is sent.
    await t.app.ctx.db.transaction().execute(async (tx) =>
      (await redactor(t.app.ctx, tx)).avisar({
        plantilla: 'corrimiento',
        cicloId,
        numero: f.numero,
        inscriptoIds: [f.id],
        posicion: 1,
      }),
    );
    const corrimiento = () =>
      t.app.ctx.db
        .selectFrom('avisos')
        .select(['canal', 'estado', 'motivo'])
        .where('inscripto_id', '=', f.id)
        .where('tipo', '=', 'corrimiento')
        .orderBy('canal')
        .execute();
    await esperar(async () => (await corrimiento()).every((x) => x.estado !== 'pendiente' && x.estado !== 'enviando'));
    expect(await corrimiento()).toEqual([
      { canal: 'email', estado: 'descartado', motivo: 'baja' },
      { canal: 'telefono', estado: 'enviado', motivo: null },
    ]);
  }, 30_000);

  it('writes each step once however many read it, and a step on a transaction that rolls back sends nothing', async () => {
    const total = async () => (await t.app.ctx.db.selectFrom('avisos').select('id').execute()).length;
    const n = await total();
    await Promise.all([estado(), estado(), estado()]);
    expect(await total()).toBe(n);
    const plazas = (await plazasDelCiclo(t.app.ctx.db, cicloId, reloj.clock().toISOString()))!;
    const t0 = { sorteoId: plazas.pub.id, cicloId, byNumero: new Map(plazas.pub.units.map((u) => [u.numero, u])) };
    const contados = () =>
      t.app.ctx.db.selectFrom('plazas_avisados').select('indice').where('sorteo_id', '=', t0.sorteoId).execute();
    const antes = (await contados()).length;
    expect(antes).toBe(plazas.estado!.historial.length);
    // Every step as if untold, written and then rolled back with the change.
    await expect(
      t.app.ctx.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('plazas_avisados').where('sorteo_id', '=', t0.sorteoId).execute();
        await avisarPasos(t.app.ctx, tx, t0, plazas.estado!);
        expect((await tx.selectFrom('avisos').select('id').execute()).length).toBeGreaterThan(n);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await contados()).toHaveLength(antes);
    expect(await total()).toBe(n);
  });

  it('never names a CI, a full name or an address', async () => {
    let mirados = 0;
    for (const f of familias) {
      for (const texto of await recibidos(f)) {
        mirados++;
        expect(texto).not.toContain(f.ci);
        expect(texto).not.toContain(f.nombre);
        expect(texto).not.toContain(f.domicilio);
        expect(texto).not.toMatch(/Familia\d/);
      }
    }
    expect(mirados).toBeGreaterThan(10);
  });
});

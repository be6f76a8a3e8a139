import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DIALECTS, buildTestApp, type TestApp } from './test/helper.ts';
import { correoUnico, entornoAvisos, esperar, receptorSmtp, receptorWebhook } from './test/receptores.ts';
import type { Smtp, Webhook } from './test/receptores.ts';
import { encolarAviso } from './domain/avisos/encolar.ts';

/**
 * Two instances of the app on one database (decision 0029): each message of the outbox is sent by one of them,
 * once. Both run their own sender; the claim (SKIP LOCKED on PostgreSQL) gives each message to one.
 */
const N = 300;

describe.each(DIALECTS)('two instances sending one outbox (%s)', (dialect) => {
  let t: TestApp;
  let otra: FastifyInstance;
  let smtp: Smtp;
  let hook: Webhook;

  beforeAll(async () => {
    [smtp, hook] = await Promise.all([receptorSmtp(), receptorWebhook()]);
    const avisos = { sondeoMs: 20, concurrencia: 4 };
    t = await buildTestApp(dialect, { env: entornoAvisos(smtp, hook), avisos });
    otra = await t.reopen();
  });
  afterAll(async () => {
    await otra?.close();
    await t?.close();
    await Promise.all([smtp?.close(), hook?.close()]);
  });

  it(`sends each of ${N} messages exactly once, both instances taking part`, async () => {
    const destino = correoUnico();
    // Each message takes a few ms at the server, so both senders are busy at once.
    await smtp.regla(destino, { demoraMs: 3 });
    const ids = await t.app.ctx.db.transaction().execute(async (tx) => {
      const hechos: string[] = [];
      for (let i = 0; i < N; i++) {
        const texto = `Aviso ${i + 1} de ${N}.`;
        hechos.push(
          await encolarAviso(tx, { tipo: 'sorteo', canal: 'email', destino, asunto: 'Sorteo', texto }, new Date()),
        );
      }
      return hechos;
    });
    const tomadores = new Set<string>();
    const recibidos = await esperar(async () => {
      const enCurso = await t.app.ctx.db
        .selectFrom('avisos')
        .select('tomado_por')
        .distinct()
        .where('estado', '=', 'enviando')
        .execute();
      for (const r of enCurso) if (r.tomado_por) tomadores.add(r.tomado_por);
      const llegados = await smtp.ids(destino);
      return llegados.length >= N && llegados;
    }, 60_000);
    expect(recibidos).toHaveLength(N);
    expect(new Set(recibidos)).toEqual(new Set(ids.map((id) => `<${id}@inscripciones.escuela.test>`)));
    expect(tomadores.size).toBe(2);
    // The server records a message before it answers; the sender records it a moment after the answer.
    const enviados = await esperar(async () => {
      const n = await t.app.ctx.db
        .selectFrom('avisos')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id', 'in', ids)
        .where('estado', '=', 'enviado')
        .executeTakeFirstOrThrow();
      return Number(n.n) === N && Number(n.n);
    });
    expect(enviados).toBe(N);
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies, openBoard } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/**
 * Deleted means gone everywhere at once: a child deleted on one instance leaves the places'
 * views, live board and documents of another instance on the same database at once, though that one had them
 * cached. On SQLite the second app shares the file, as after a restart.
 */
const lone = (sexo: 'F' | 'M', i: number) => ({
  children: [
    {
      nombre1: `Borrable${sexo}${i}`,
      nombre2: undefined,
      apellido1: `Apellido${i}`,
      apellido2: 'Prueba',
      sexo,
      tieneHermanosPrimaria: false,
    },
  ],
});

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(DIALECTS)('a deleted child leaves the places on every instance (%s)', (dialect) => {
  let t: TestApp;
  let b: FastifyInstance;
  let token = '';
  const time = fakeClock(new Date('2026-12-01T13:00:00Z'));
  const get = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await insertFamilies(t.app.ctx.db, time.clock(), [
      ...Array.from({ length: 4 }, (_, i) => lone('F', i)),
      ...Array.from({ length: 4 }, (_, i) => lone('M', i)),
    ]);
    await runRaffle(t.app, token, { nenas: 2, varones: 2 });
    b = await t.reopen();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await t.close();
  });

  it('clears the board, the staff state, the live board and the suplentes PDF and Excel at once', async () => {
    const estado: TPlazasEstado = (await get(b, '/api/plazas')).json();
    const suplente = estado.cola.nenas[0]!;
    const name = suplente.nombreCompleto;
    expect(name).toMatch(/^Borrable/);
    // Instance b reads (and caches) everything with the name first.
    const views = async () => ({
      tablero: (await get(b, '/api/plazas/tablero')).body,
      estado: (await get(b, '/api/plazas')).body,
      pdf: await pdfText((await get(b, '/api/plazas/suplentes.pdf')).rawPayload),
      xlsx: JSON.stringify(
        Object.values(XLSX.read((await get(b, '/api/plazas/suplentes.xlsx')).rawPayload).Sheets).map((s) =>
          XLSX.utils.sheet_to_json(s!, { header: 1 }),
        ),
      ),
    });
    const before = await views();
    // The staff views and documents name the child; the public board never does (initials).
    for (const [k, v] of Object.entries(before)) expect([k, v.includes(name)]).toEqual([k, k !== 'tablero']);

    await b.listen({ port: 0, host: '127.0.0.1' });
    const board = await openBoard(
      `http://127.0.0.1:${(b.server.address() as { port: number }).port}/api/plazas/eventos`,
    );
    try {
      const first = await board.waitFor((e) => e.event === 'tablero');
      expect(JSON.stringify(first.data)).toContain(`"numeroInscripcion":${suplente.numeroInscripcion}`);
      expect(JSON.stringify(first.data)).not.toContain(name);

      const row = await t.app.ctx.db
        .selectFrom('inscriptos')
        .select('id')
        .where('numero_inscripcion', '=', suplente.numeroInscripcion)
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({ method: 'DELETE', url: `/api/inscriptos/${row.id}`, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const deletedAt = Date.now();

      const after = await views();
      for (const [k, v] of Object.entries(after)) expect([k, v.includes(name)]).toEqual([k, false]);
      // Still on the list, by its number, with its initials (decision 0024).
      expect((JSON.parse(after.estado) as TPlazasEstado).cola.nenas[0]!.numeroInscripcion).toBe(
        suplente.numeroInscripcion,
      );
      expect(Date.now() - deletedAt, 'every view of the other instance, read again').toBeLessThan(1000);
    } finally {
      board.close();
    }
  }, 60_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DIALECTS, openTestDatabase } from '../test/helper.ts';
import { migrateTo, migrateToLatest } from './migrations.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as 0045 left it is not today's DB type
type AnyDb = Kysely<any>;

describe.each(DIALECTS)('migration 0046 (documents as bytes) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  it('turns each stored document from base64 into the same bytes, keeps one per kind, and goes back down', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, '0045_asignacion_red', t.pgSchema);
    const db = t.db as AnyDb;
    const { id: cicloId } = await db.selectFrom('ciclos').select('id').executeTakeFirstOrThrow();
    const now = '2026-11-20T15:00:00.000Z';
    await db
      .insertInto('solicitudes')
      .values({
        id: 's1',
        ciclo_id: cicloId,
        codigo_hash: 'h',
        contacto_canal: 'email',
        contacto: 'familia@correo.uy',
        contacto_huella: 'x',
        estado: 'enviada',
        datos: '{}',
        version: 1,
        creado_en: now,
        actualizado_en: now,
      })
      .execute();
    const documentos = {
      d1: Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)),
      d2: Buffer.from([0, 0x27, 0x5c, 0xff]),
    };
    for (const [id, bytes] of Object.entries(documentos)) {
      const clase = id === 'd1' ? 'ci' : 'domicilio';
      await db
        .insertInto('solicitudes_documentos')
        .values({
          id,
          solicitud_id: 's1',
          clase,
          tipo: 'pdf',
          bytes: bytes.length,
          cifrado: bytes.toString('base64'),
          subido_en: now,
        })
        .execute();
    }

    await migrateToLatest(t.db, t.pgSchema);
    const filas = await db.selectFrom('solicitudes_documentos').selectAll().orderBy('id').execute();
    expect(filas.map((f) => [f.id, f.clase, Buffer.isBuffer(f.cifrado)])).toEqual([
      ['d1', 'ci', true],
      ['d2', 'domicilio', true],
    ]);
    expect(filas[0]!.cifrado).toEqual(documentos.d1);
    expect(filas[1]!.cifrado).toEqual(documentos.d2);
    const otra = { id: 'd3', solicitud_id: 's1', clase: 'ci', tipo: 'png', bytes: 1, subido_en: now };
    await expect(
      db
        .insertInto('solicitudes_documentos')
        .values({ ...otra, cifrado: Buffer.from([1]) })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('solicitudes_documentos')
        .values({ ...otra, clase: 'x', cifrado: null })
        .execute(),
    ).rejects.toThrow();
    if (dialect === 'postgres') {
      // Encrypted bytes do not compress: PostgreSQL stores them out of line without trying.
      const { rows } = await sql<{ attstorage: string }>`select attstorage from pg_attribute
        where attrelid = 'solicitudes_documentos'::regclass and attname = 'cifrado'`.execute(db);
      expect(rows).toEqual([{ attstorage: 'e' }]);
    }

    await migrateTo(t.db, '0045_asignacion_red', t.pgSchema);
    const antes = await db.selectFrom('solicitudes_documentos').select(['id', 'cifrado']).orderBy('id').execute();
    expect(antes).toEqual([
      { id: 'd1', cifrado: documentos.d1.toString('base64') },
      { id: 'd2', cifrado: documentos.d2.toString('base64') },
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyChain } from '../../audit/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../audit/audit-repository.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';

/** Values no other record or table holds, so finding one after the deletion means it was kept. */
const CHILD = {
  nombre1: 'Zenobia',
  apellido1: 'Quintanilla',
  domicilio: 'Calle Marcador 4321',
  cel1: '099334455',
  ingresos: 'Marcador ingresos Borrado',
  necesidadesEducativas: 'SI' as const,
  necesidadesEducativasAclarar: 'Marcador salud Borrado',
  observaciones: 'Marcador observación Borrada',
};

describe.each(DIALECTS)('deleting an enrolment on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t.close());

  /** Every table's every row as text. */
  async function everything(): Promise<string> {
    const db = t.app.ctx.db;
    const tables = await db.introspection.getTables();
    const dumps = await Promise.all(
      tables.map(async (table) => JSON.stringify(await sql`select * from ${sql.table(table.name)}`.execute(db))),
    );
    return dumps.join('\n');
  }

  it('leaves no personal value of the child in any table, and the audit chain still verifies', async () => {
    const data = buildInscripto(new Date(), CHILD);
    const created = await postInscripto(t.app, admin, data);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/inscriptos/${created.id}`,
      headers: bearer(admin),
      payload: { ...data, observaciones: `${CHILD.observaciones} bis`, version: created.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.app.inject({ method: 'GET', url: `/api/inscriptos/${created.id}`, headers: bearer(admin) });
    const secrets = [...Object.values(CHILD).filter((v) => v !== 'SI'), data.ci!];
    // While the record exists, the scan finds it (the check below can fail).
    expect(await everything()).toContain(CHILD.apellido1);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/inscriptos/${created.id}`, headers: bearer(admin) });
    expect(res.statusCode, res.body).toBe(200);

    const text = await everything();
    for (const value of secrets) expect(text, value).not.toContain(value);
    // The history keeps who did what to which fields.
    const historial = await t.app.inject({
      method: 'GET',
      url: `/api/inscriptos/${created.id}/historial`,
      headers: bearer(admin),
    });
    expect(historial.json().map((e: { accion: string }) => e.accion)).toEqual(['crear', 'editar', 'eliminar']);
    expect(Object.keys(historial.json()[1].cambios)).toEqual(['observaciones']);
    expect(await verifyChain(allAuditEntries(t.app.ctx.db), await auditHead(t.app.ctx.db))).toEqual({
      ok: true,
      checked: 3,
    });
  });
});

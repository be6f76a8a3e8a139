import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';

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
    // PostgreSQL lists the tables of every schema: only this test's own (other runs share the database).
    const schema =
      dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
        : undefined;
    const tables = (await db.introspection.getTables()).filter((table) => !schema || table.schema === schema);
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

  it('after a raffle, leaves only initials and huella in its list and acta, which still verify', async () => {
    const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await t.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res;
    };
    const cicloId = (await findActual(t.app.ctx.db)).id;
    await ok('PUT', `/api/ciclos/${cicloId}`, { plazasNenas: 1, plazasVarones: 1 });
    const child = (i: number) => ({
      nombre1: `Sorteada${String.fromCharCode(65 + i)}`,
      apellido1: `Suprimible${String.fromCharCode(65 + i)}`,
      sexo: (i % 2 ? 'M' : 'F') as 'F' | 'M',
    });
    // A sibling pair and two lone children; one of these is deleted (a sibling's form names its brother: docs/privacy.md).
    const rows = (await insertFamilies(
      t.app.ctx.db,
      new Date(),
      [{ children: [child(0), child(1)] }, { children: [child(2)] }, { children: [child(3)] }],
      cicloId,
    )) as { id: string; ci: string | null; datos: string }[];
    const start = (
      await ok('POST', '/api/sorteo/start', { fuenteValorPublico: { tipo: 'dados', cantidad: 3 } })
    ).json();
    await ok('POST', '/api/sorteo/valor-publico', { valor: '3 1 4', origen: 'Dados lanzados por la escribana' });
    for (;;) {
      const next = (await ok('POST', '/api/sorteo/next')).json();
      if (!next.participante) break;
      await ok('POST', '/api/sorteo/confirm', { participante: next.participante });
    }
    await ok('POST', '/api/sorteo/end', {});
    const [acta] = (await ok('GET', '/api/sorteo/actas')).json() as { id: string }[];
    const publica = (await t.app.inject({ method: 'GET', url: `/api/sorteo/actas/${acta!.id}/acta-publica.json` }))
      .body;
    expect(await everything()).toContain('SorteadaC');

    await ok('DELETE', `/api/inscriptos/${rows[2]!.id}`);
    const text = await everything();
    for (const v of ['SorteadaC', 'SuprimibleC', rows[2]!.ci!]) expect(text, v).not.toContain(v);
    expect(text).toContain('SorteadaD'); // the others keep their names

    const anunciado = { compromiso: start.compromiso, participantesHash: start.participantesHash };
    const full = (await ok('GET', `/api/sorteo/actas/${acta!.id}/acta.json`)).json();
    expect(verifyActa(full, anunciado)).toMatchObject({ ok: true, sorteos: 3 });
    const again = (await t.app.inject({ method: 'GET', url: `/api/sorteo/actas/${acta!.id}/acta-publica.json` })).body;
    expect(again).toBe(publica);
    expect(verifyActa(JSON.parse(again), anunciado)).toMatchObject({ ok: true, sorteos: 3 });
    expect(await verifyChain(allAuditEntries(t.app.ctx.db), await auditHead(t.app.ctx.db))).toMatchObject({ ok: true });
  });
});

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TAnonimizarResultado, TVistaPrevia } from '@inscripciones/shared/ciclos/retencion-schema.ts';
import type { TInformeDatos } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
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
import { insertFamilies } from '../../test/sorteo-test-data.ts';
import { encolarAviso } from '../../domain/avisos/encolar.ts';

/**
 * Ten children, each with values no other holds, and one pending; four places. Admitted are those who accept
 * their place: two titulares, and the suplente the roll-up offers the place a third titular declined; the
 * fourth titular's offer expires (decision 0024).
 */
const child = (i: number) => ({
  nombre1: `Retencio${String.fromCharCode(65 + i)}`,
  apellido1: `Borrable${String.fromCharCode(65 + i)}`,
  sexo: (i % 2 ? 'M' : 'F') as 'F' | 'M',
  barrio: i % 3 ? 'Centro' : 'Cerro',
  domicilio: `Calle Retención ${1000 + i}`,
  cel1: `0991${String(10000 + i)}`,
  ingresos: `Marcador ingresos ${i}`,
  ingresosAclarar: i % 2 ? '12.000' : '90.000',
  totalIntegrantesHogar: '4' as const,
  observaciones: `Marcador observación ${i}`,
});
const MONTH = 31 * 24 * 3600 * 1000;

/** `npm run <script> -- <args>` as the package defines it: node on the script's file. */
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
function npmScript(script: string, args: string[], env: Record<string, string> = {}) {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const file = pkg.scripts[script]!.replace(/^node /, '');
  return spawnSync(process.execPath, [path.join(ROOT, file), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
}

describe.each(DIALECTS)('retention of a closed cycle on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-11-10T15:00:00Z'));
  const tok = { administrador: '', visitado: '', voluntario: '' };
  let cicloId = '';
  let rows: { id: string; ci: string | null; datos: string; numero_inscripcion: number | null }[] = [];

  const call = (who: keyof typeof tok | 'none', method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who === 'none' ? {} : bearer(tok[who]),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const res = await call('administrador', method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const preview = () => ok('GET', `/api/ciclos/${cicloId}/anonimizar/vista-previa`) as Promise<TVistaPrevia>;
  /** The raffle as announced in the room: commitment and the public list's hash. */
  let anunciado = { compromiso: '', participantesHash: '' };
  /** Numbers of the children holding an accepted place. */
  const aceptadas = new Set<number>();

  /** Every table's every row as text. */
  async function everything(except: string[] = []): Promise<string> {
    const db = t.app.ctx.db;
    // PostgreSQL lists the tables of every schema: only this test's own (other runs share the database).
    const schema =
      dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
        : undefined;
    const tables = (await db.introspection.getTables()).filter(
      (table) => !except.includes(table.name) && (!schema || table.schema === schema),
    );
    const dumps = await Promise.all(
      tables.map(async (table) => JSON.stringify(await sql`select * from ${sql.table(table.name)}`.execute(db))),
    );
    return dumps.join('\n');
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, u.username, u.password);
    cicloId = (await findActual(t.app.ctx.db)).id;
    await ok('PUT', `/api/ciclos/${cicloId}`, { plazasNenas: 2, plazasVarones: 2 });
    const families = Array.from({ length: 10 }, (_, i) => ({ children: [child(i)] }));
    rows = [
      ...(await insertFamilies(t.app.ctx.db, time.clock(), families, cicloId)),
      ...(await insertFamilies(t.app.ctx.db, time.clock(), [{ children: [child(10)], estado: 'pendiente' }], cicloId)),
    ] as typeof rows;
    // A message for each child whose text names them (real ones carry initials only): it goes with the data.
    await t.app.ctx.db.transaction().execute(async (tx) => {
      for (const r of rows) {
        const texto = `Aviso de prueba para ${JSON.parse(r.datos).nombre1 as string}`;
        const aviso = { tipo: 'sorteo', canal: 'email', destino: 'familia@ejemplo.com.uy', asunto: 'Prueba' } as const;
        await encolarAviso(tx, { ...aviso, texto, inscriptoId: r.id, cicloId }, time.clock());
      }
    });

    // The raffle, through the API: four titulares, six suplentes.
    const start = await ok('POST', '/api/sorteo/start', { fuenteValorPublico: { tipo: 'dados', cantidad: 3 } });
    anunciado = { compromiso: start.compromiso, participantesHash: start.participantesHash };
    await ok('POST', '/api/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
    for (;;) {
      const next = await ok('POST', '/api/sorteo/next');
      if (!next.participante) break;
      await ok('POST', '/api/sorteo/confirm', { participante: next.participante });
    }
    await ok('POST', '/api/sorteo/end', {});
  });
  afterAll(() => t.close());

  it('only administrators preview, anonymise and set the period; everyone signed in reads the period', async () => {
    const url = `/api/ciclos/${cicloId}/anonimizar`;
    for (const who of ['voluntario', 'visitado'] as const) {
      expect((await call(who, 'GET', `${url}/vista-previa`)).statusCode).toBe(403);
      expect((await call(who, 'POST', url, { confirmacion: 'x' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', '/api/ciclos/retencion', { meses: 3 })).statusCode).toBe(403);
      expect((await call(who, 'GET', '/api/ciclos/retencion')).json().meses).toBe(12);
    }
    expect((await call('none', 'GET', `${url}/vista-previa`)).statusCode).toBe(401);
    expect((await call('none', 'POST', url, { confirmacion: 'x' })).statusCode).toBe(401);
    expect((await call('none', 'GET', '/api/ciclos/retencion')).statusCode).toBe(401);
    expect(
      (await call('administrador', 'GET', '/api/ciclos/01890000-0000-7000-8000-000000000000/anonimizar/vista-previa'))
        .statusCode,
    ).toBe(404);
  });

  it('admitted means an accepted place: nothing is anonymised before the offers are answered or expired', async () => {
    // The season of offers starts when the raffle closes (the titulares' offers are stored with the close).
    let p = await preview();
    expect(p.bloqueo).toMatch(/^Hay 4 ofertas de plaza abiertas/);
    expect(p).toMatchObject({ admitidos: 0, aAnonimizar: 0 });

    const estado = (await ok('GET', '/api/plazas')) as TPlazasEstado;
    const ofertas = estado.ofertas.filter((o) => o.origen === 'titular');
    expect(ofertas).toHaveLength(4);
    const [n1, n2] = ofertas.filter((o) => o.lista === 'nenas');
    const [v1] = ofertas.filter((o) => o.lista === 'varones');
    await ok('POST', `/api/plazas/${n1!.id}/respuesta`, { respuesta: 'aceptada' });
    await ok('POST', `/api/plazas/${v1!.id}/respuesta`, { respuesta: 'aceptada' });
    await ok('POST', `/api/plazas/${n2!.id}/respuesta`, {
      respuesta: 'rechazada',
      motivo: 'Marcador motivo: la madre dice que eligió otra escuela',
    });
    const corrida = ((await ok('GET', '/api/plazas')) as TPlazasEstado).ofertas.find((o) => o.origen === 'suplente')!;
    await ok('POST', `/api/plazas/${corrida.id}/respuesta`, { respuesta: 'aceptada' });
    for (const o of [n1!, v1!, corrida]) aceptadas.add(o.numeroInscripcion);

    // The second varón's offer is still open: the family may yet accept.
    p = await preview();
    expect(p.bloqueo).toMatch(/^Hay 1 oferta de plaza abierta \(vencen hasta el \d{2}\/\d{2}\/\d{4}\)/);
    expect(p).toMatchObject({ admitidos: 0, aAnonimizar: 0 });
  });

  it('refuses an open cycle (409) and a wrong confirmation (400), changing nothing', async () => {
    const ciclo = (await preview()).ciclo;
    const open = await call('administrador', 'POST', `/api/ciclos/${cicloId}/anonimizar`, {
      confirmacion: ciclo.nombre,
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(`Solo se puede anonimizar un ciclo cerrado: cerrá ${ciclo.nombre} primero.`);

    // Its one open offer stays open after closing: the administrator confirms (decision 0030).
    await ok('PUT', `/api/ciclos/${cicloId}`, { estado: 'cerrado', confirmarOfertasAbiertas: true });
    const wrong = await call('administrador', 'POST', `/api/ciclos/${cicloId}/anonimizar`, { confirmacion: 'si' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(`Para confirmar, escribí exactamente «${ciclo.nombre}».`);
    const abierta = await call('administrador', 'POST', `/api/ciclos/${cicloId}/anonimizar`, {
      confirmacion: ciclo.nombre,
    });
    expect(abierta.statusCode).toBe(409);
    expect(abierta.json().message).toMatch(/^Hay 1 oferta de plaza abierta/);
    expect((await preview()).yaAnonimizadas).toBe(0);
  });

  it('the period is a setting: the preview dates it from the closing and says when it is over', async () => {
    expect((await call('administrador', 'PUT', '/api/ciclos/retencion', { meses: 0 })).statusCode).toBe(400);
    expect(await ok('PUT', '/api/ciclos/retencion', { meses: 6 })).toMatchObject({ meses: 6, actualizadoPor: 'admin' });
    let p = await preview();
    expect(p).toMatchObject({ mesesRetencion: 6, sugeridaDesde: '2027-05-10', vencida: false });
    time.advance(7 * MONTH);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password); // the old session expired
    p = await preview();
    expect(p.vencida).toBe(true);
    await ok('PUT', '/api/ciclos/retencion', { meses: 12 });
  });

  it('removes every personal field of the non-admitted, in every table, keeps the counts; both verifiers pass', async () => {
    const p = await preview();
    expect(p).toMatchObject({ total: 11, admitidos: 3, aAnonimizar: 8, yaAnonimizadas: 0, bloqueo: null });
    expect(p.camposQueSeBorran).toEqual(
      expect.arrayContaining(['Primer Nombre', 'Cédula de Identidad', 'Fuentes de ingreso del hogar']),
    );
    expect(p.agregados.estrato).toEqual({ BAJO: 5, NORMAL: 6 });

    const acta = (await ok('GET', '/api/sorteo/actas')) as { id: string }[];
    const actaUrl = `/api/sorteo/actas/${acta[0]!.id}`;
    const publicaAntes = (await call('none', 'GET', `${actaUrl}/acta-publica.json`)).body;
    const titularesDelSorteo = await ok('GET', `${actaUrl}/acta.json`);
    expect(titularesDelSorteo.titulares.nenas.length + titularesDelSorteo.titulares.varones.length).toBe(4);
    const isAdmitted = (r: (typeof rows)[number]) => aceptadas.has(r.numero_inscripcion ?? 0);
    const dropped = rows.filter((r) => !isAdmitted(r));
    const kept = rows.filter(isAdmitted);
    expect(kept).toHaveLength(3);

    const res = await call('administrador', 'POST', `/api/ciclos/${cicloId}/anonimizar`, {
      confirmacion: p.ciclo.nombre,
    });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json() as TAnonimizarResultado;
    expect(done).toMatchObject({ anonimizadas: 8, message: 'Se anonimizaron 8 inscripciones.' });
    expect(done.agregadosDespues).toEqual(done.agregadosAntes);
    expect(done.agregadosDespues).toEqual(p.agregados);
    expect((await preview()).agregados).toEqual(p.agregados);

    // Every page a staff member may open before the scan: the raffle's board, acta PDF and places, so that
    // whatever they store or cache is in the scan too.
    for (const url of ['/api/sorteo/status', '/api/sorteo/participants', '/api/plazas', `${actaUrl}/acta.pdf`]) {
      expect((await call('administrador', 'GET', url)).statusCode, url).toBe(200);
    }

    // Nor the reason staff typed when the family declined, in the answer log or the audit trail.
    expect(await everything()).not.toContain('Marcador motivo');
    const registro = await ok('GET', '/api/plazas/registro.json');
    expect(registro.eventos.find((e: { respuesta: string }) => e.respuesta === 'rechazada').motivo).toBe(
      RETENCION_MSG.motivoBorrado,
    );

    // No value of a non-admitted child in any table, the raffle's frozen list and stored acta included.
    const secretsOf = (r: (typeof rows)[number]) => {
      const d = JSON.parse(r.datos);
      return [d.domicilio, d.cel1, d.ingresos, d.observaciones, d.fechaNacimiento, d.nombre1, d.apellido1, r.ci!];
    };
    const all = await everything();
    for (const r of dropped) {
      for (const v of secretsOf(r).filter((x) => x !== undefined)) expect(all, v).not.toContain(v);
      const read = await ok('GET', `/api/inscriptos/${r.id}`);
      expect(Object.keys(read).filter((k) => !['barrio', 'sexo'].includes(k) && k in JSON.parse(r.datos))).toEqual([]);
      expect(read.anonimizadoEn).toBe(time.clock().toISOString());
    }
    // Nor does the name search (FTS5 / pg_trgm index) find them by name, CI or a sibling's search key.
    for (const r of dropped) {
      for (const q of [secretsOf(r)[5], secretsOf(r)[6], r.ci!]) {
        const found = await ok('GET', `/api/inscriptos?q=${encodeURIComponent(q)}`);
        expect(found.total, q).toBe(0);
      }
    }
    for (const r of kept) expect((await ok('GET', `/api/inscriptos?q=${secretsOf(r)[5]}`)).total).toBe(1);
    // The admitted keep everything, in their record and in the raffle's acta.
    for (const r of kept) for (const v of [secretsOf(r)[2], secretsOf(r)[5]]) expect(all).toContain(v);
    // Nor does any answer of the raffle or the places name them.
    for (const url of ['/api/sorteo/participants', '/api/plazas', `${actaUrl}/acta.json`]) {
      const body = (await call('administrador', 'GET', url)).body;
      for (const r of dropped) for (const v of secretsOf(r).slice(5)) expect(body, `${url} ${v}`).not.toContain(v);
    }

    // Both verifiers: the audit chain (the CLI reads the SQLite file; on PostgreSQL, the same check in process)
    // and the raffle's actas, held to the commitment and the list hash announced in the room.
    expect(await verifyChain(allAuditEntries(t.app.ctx.db), await auditHead(t.app.ctx.db))).toMatchObject({ ok: true });
    if (dialect === 'sqlite') {
      const audit = npmScript('auditoria:verificar', [], { DATA_DIR: t.dataDir });
      expect(audit.status, audit.stderr).toBe(0);
      expect(audit.stdout).toMatch(/^Auditoría íntegra: \d+ entradas verificadas\.$/m);
    }
    const exportsBefore = (await ok('GET', '/api/accesos?accion=exportar')).total as number;
    const again = await call('administrador', 'GET', `${actaUrl}/acta.json`);
    // Downloading the acta, which names every participant, is one export in the access log.
    const exportsAfter = await ok('GET', '/api/accesos?accion=exportar');
    expect(exportsAfter.total).toBe(exportsBefore + 1);
    expect(exportsAfter.items[0]).toMatchObject({ detalle: 'sorteo-acta-json', cantidad: 10 });
    const publica = await call('none', 'GET', `${actaUrl}/acta-publica.json`);
    expect(publica.body).toBe(publicaAntes); // as published: it never held personal data
    const args = ['--compromiso', anunciado.compromiso, '--hash', anunciado.participantesHash];
    for (const [name, body] of [
      ['acta-tras-anonimizar.json', again.body],
      ['acta-publica-tras-anonimizar.json', publica.body],
    ] as const) {
      const file = path.join(t.dataDir, name);
      fs.writeFileSync(file, body);
      const sorteo = npmScript('sorteo:verificar', [file, ...args]);
      expect(sorteo.status, sorteo.stderr).toBe(0);
      expect(sorteo.stdout).toContain('Acta verificada: 10 sorteos, 4 titulares, 6 suplentes');
      expect(verifyActa(JSON.parse(body), anunciado)).toMatchObject({ ok: true });
    }
    // The stored acta says it was anonymised, and its PDF is made again for the new JSON.
    expect(JSON.parse(again.body).anonimizadoEn).toBe(time.clock().toISOString());
    const stored = await t.app.ctx.db.selectFrom('sorteo_actas').selectAll().executeTakeFirstOrThrow();
    expect(stored.acta_pdf.length).toBeGreaterThan(1000);
    expect(Buffer.from(stored.acta_pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('leaves no old bytes in the SQLite files; on PostgreSQL it vacuums every table it rewrote', async () => {
    const dropped = rows.filter((r) => !aceptadas.has(r.numero_inscripcion ?? 0));
    const kept = rows.filter((r) => aceptadas.has(r.numero_inscripcion ?? 0));
    const valuesOf = (r: (typeof rows)[number]) => {
      const d = JSON.parse(r.datos);
      return [d.nombre1, d.apellido1, d.domicilio, d.cel1, d.ingresos, d.observaciones, r.ci] as string[];
    };
    if (dialect === 'sqlite') {
      // What a copy of the data folder holds: the database file and its log, read as bytes.
      const files = ['inscripciones.db', 'inscripciones.db-wal'].map((f) => path.join(t.dataDir, f));
      const bytes = Buffer.concat(files.filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
      for (const r of kept) expect(bytes.includes(JSON.parse(r.datos).apellido1), 'the scan reads the data').toBe(true);
      for (const r of dropped) for (const v of valuesOf(r).filter(Boolean)) expect(bytes.includes(v), v).toBe(false);
      expect(bytes.includes('Marcador motivo')).toBe(false);
      return;
    }
    // That the step ran: how many dead versions it could remove depends on the transactions open elsewhere in
    // the database at that moment (other suites share it), so n_dead_tup is not asserted (decision 0017).
    const { rows: stats } = await sql<{ relname: string; last_vacuum: Date | null }>`
      select relname, last_vacuum from pg_stat_user_tables where schemaname = current_schema()`.execute(t.app.ctx.db);
    const byTable = new Map(stats.map((s) => [s.relname, s.last_vacuum]));
    for (const table of [
      'inscriptos',
      'avisos',
      'inscriptos_busqueda',
      'inscripto_hermanos',
      'auditoria_claves',
      'sorteos',
      'plaza_eventos',
      'duplicados_resueltos',
    ]) {
      expect(byTable.get(table), table).toBeInstanceOf(Date);
    }
  });

  it('is idempotent, keeps the cycle closed, and the report tells what happened', async () => {
    const p = await preview();
    expect(p).toMatchObject({ aAnonimizar: 0, yaAnonimizadas: 8 });
    expect(p.ciclo.anonimizadoEn).toBe(time.clock().toISOString());
    const second = await ok('POST', `/api/ciclos/${cicloId}/anonimizar`, { confirmacion: p.ciclo.nombre });
    expect(second.anonimizadas).toBe(0);
    const reopen = await call('administrador', 'PUT', `/api/ciclos/${cicloId}`, { estado: 'abierto' });
    expect(reopen.statusCode).toBe(409);

    const anon = rows.find((r) => JSON.parse(r.datos).nombre1 === 'RetencioK')!; // the pending one
    const informe = (await ok('GET', `/api/inscriptos/${anon.id}/informe-datos`)) as TInformeDatos;
    expect(informe.historial.map((h) => h.accion)).toEqual(['anonimizar']);
    expect(informe.secciones.flatMap((s) => s.campos.map((c) => c.campo)).sort()).toEqual(['barrio', 'sexo']);
    expect(informe.eventos).toEqual([]);
  });

  it("a child's report lists the raffle and the offer: taking part, the draw, the end, the offer and the answer", async () => {
    const participant = rows.find((r) => JSON.parse(r.datos).nombre1 === 'RetencioA')!;
    const informe = (await ok('GET', `/api/inscriptos/${participant.id}/informe-datos`)) as TInformeDatos;
    expect(informe.eventos.filter((e) => e.tipo === 'sorteo').map((e) => e.descripcion)).toEqual([
      expect.stringMatching(/^Participa del sorteo de Ingresos \d+ con el N° \d{3}\.$/),
      expect.stringMatching(/^Sorteo \d+ \(.+\): queda (titular|suplente), lista Nenas, posición \d+\.$/),
      expect.stringMatching(/^El sorteo de Ingresos \d+ finaliza y su acta queda archivada\.$/),
    ]);
    // Every admitted child was offered a place and accepted it.
    for (const r of rows.filter((x) => aceptadas.has(x.numero_inscripcion ?? 0))) {
      const { eventos } = (await ok('GET', `/api/inscriptos/${r.id}/informe-datos`)) as TInformeDatos;
      expect(eventos.filter((e) => e.tipo === 'plaza').map((e) => e.descripcion)).toEqual([
        expect.stringMatching(
          /^Se le ofrece una plaza en la lista (Nenas|Varones) \((titular del sorteo|corrimiento de suplentes)\)\.$/,
        ),
        'Se registra que la familia acepta la plaza.',
      ]);
    }
  });
});

import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TActa, TActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { listaPublicaHash } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, appendAudit, auditHead } from '../../data/auditoria/audit-repository.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { sorteoPublicado } from '../../domain/sorteos/resultados.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies, type Family } from '../../test/sorteo-test-data.ts';

/** A raffle nobody has to take on trust. */

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const CLI = path.join(import.meta.dirname, '../../cli/sorteo/verify-cli.ts');

function runVerifier(acta: unknown, dir: string, extra: string[] = []) {
  const file = path.join(dir, `acta-${crypto.randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(acta));
  const r = spawnSync(process.execPath, [CLI, file, ...extra], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

async function pdfPages(body: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

const kid = (i: number, extra: Record<string, unknown> = {}) => ({
  nombre1: `Confianza${i}`,
  nombre2: undefined,
  apellido1: `Apellido${i}`,
  apellido2: 'Prueba',
  sexo: i % 2 ? ('M' as const) : ('F' as const),
  tieneHermanosPrimaria: i % 5 === 0,
  ...extra,
});

function families(): Family[] {
  const out: Family[] = [];
  for (let i = 0; i < 24; i++) out.push({ children: [kid(i)] });
  out.push({ children: [kid(100), kid(101)] });
  out.push({ children: [kid(102)], listed: [{ nombre: 'Hermana Sin Registro', sexo: 'F' }] });
  return out;
}

describe.each(DIALECTS)('a raffle nobody has to take on trust, on %s', (dialect) => {
  let t: TestApp;
  const tok: Partial<Record<Exclude<Who, 'none'>, string>> = {};
  const h = (who: Who) => (who === 'none' ? {} : bearer(tok[who]!));
  const inject = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: h(who), ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await inject(who, method, url, payload);
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  let desfinalizadoId: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
    await insertFamilies(t.app.ctx.db, new Date(), families());
    // A record finalised once and pendiente now (a later save put it back): it must be named before the start.
    const [row] = await insertFamilies(t.app.ctx.db, new Date(), [{ children: [kid(200)], estado: 'pendiente' }]);
    desfinalizadoId = row!.id as string;
    await t.app.ctx.db.transaction().execute((tx) =>
      appendAudit(tx, {
        fecha: new Date().toISOString(),
        usuario: ADMIN.username,
        accion: 'finalizar',
        inscripto_id: desfinalizadoId,
        cambios: {},
      }),
    );
  });
  afterAll(() => t.close());

  it('shows the pre-flight: who takes part, who was finalised and is pendiente now, siblings without a record', async () => {
    const pre = await ok('administrador', 'GET', '/api/sorteo/preflight');
    expect(pre.unidades).toBe(26);
    expect(pre.desfinalizados).toEqual([
      expect.objectContaining({ inscriptoId: desfinalizadoId, nombreCompleto: 'Confianza200 Apellido200 Prueba' }),
    ]);
    expect(pre.desfinalizados[0].modificadoPor).toBe(ADMIN.username);
    expect(pre.hermanosSinInscripcion).toEqual([
      expect.objectContaining({ nombreCompleto: 'Hermana Sin Registro', deQuien: 'Confianza102 Apellido102 Prueba' }),
    ]);
    expect(pre.duplicadosAbiertos).toBe(0);
    for (const who of ['none', 'visitado', 'voluntario'] as const) {
      expect((await inject(who, 'GET', '/api/sorteo/preflight')).statusCode).toBe(who === 'none' ? 401 : 403);
    }
  });

  let first: { id: string; participantesHash: string; compromiso: string };
  let firstRevealed: number;

  it('publishes the frozen list (number and initials, no login) whose hash the board shows', async () => {
    first = await ok('administrador', 'POST', '/api/sorteo/start', {
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    const status = await ok('none', 'GET', '/api/sorteo/status');
    expect(status.participantesHash).toBe(first.participantesHash);
    for (const who of ['none', 'visitado', 'voluntario', 'administrador'] as const) {
      const res = await inject(who, 'GET', '/api/sorteo/participantes-publicos');
      expect(res.statusCode, who).toBe(200);
    }
    const lista = await ok('none', 'GET', '/api/sorteo/participantes-publicos');
    expect(lista.hash).toBe(status.participantesHash);
    expect(listaPublicaHash(lista.participantes)).toBe(lista.hash);
    expect(lista.participantes).toHaveLength(26);
    const family = lista.participantes.find((p: { iniciales: string }) => p.iniciales === 'C. A. P.');
    expect(family).toMatchObject({ miembros: [{ iniciales: 'C. A. P.' }] });
    const numbers = lista.participantes.map((p: { numeroInscripcion: number }) => p.numeroInscripcion);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(JSON.stringify(lista)).not.toMatch(/Confianza|Apellido|"ci"/);

    const pdf = await inject('administrador', 'GET', '/api/sorteo/lista-participantes.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages.join(' ')).toContain(lista.hash);
    expect(pages.join(' ')).toContain(first.compromiso);
    expect(pages.join(' ')).toContain('3 dados de seis caras, tirados en la sala');
    expect(pages[0]).toContain(`Página 1 de ${pages.length}`);
  });

  it('refuses next and confirm until the public value and its origin are registered', async () => {
    const next = await inject('administrador', 'POST', '/api/sorteo/next');
    expect(next.statusCode).toBe(409);
    expect(next.json()).toMatchObject({ message: SORTEO_MSG.faltaValorPublico, error: SORTEO_MSG.faltaValorPublico });
    const confirm = await inject('administrador', 'POST', '/api/sorteo/confirm', {
      participante: { numeroInscripcion: 101 },
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(SORTEO_MSG.faltaValorPublico);
    const noOrigin = await inject('administrador', 'POST', '/api/sorteo/valor-publico', { valor: '3 5 1' });
    expect(noOrigin.statusCode).toBe(400);
    const status = await ok('administrador', 'POST', '/api/sorteo/valor-publico', {
      valor: '3 5 1',
      origen: 'Dados lanzados por la escribana',
    });
    expect(status).toMatchObject({
      valorPublico: 'dados:1,3,5',
      valorPublicoOrigen: 'Dados lanzados por la escribana',
    });
  });

  it('records every reveal, and annuls an unfinished raffle only with a reason', async () => {
    const a = await ok('administrador', 'POST', '/api/sorteo/next');
    await ok('administrador', 'POST', '/api/sorteo/next');
    await ok('administrador', 'POST', '/api/sorteo/confirm', { participante: a.participante, index: a.index });
    await ok('administrador', 'POST', '/api/sorteo/next');
    firstRevealed = 3;

    const noReason = await inject('administrador', 'POST', '/api/sorteo/end', {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(SORTEO_MSG.faltaMotivoAnulacion);
    expect((await ok('none', 'GET', '/api/sorteo/status')).isActive).toBe(true);

    const motivo = 'Se cortó la transmisión en vivo';
    const end = await ok('administrador', 'POST', '/api/sorteo/end', { motivo });
    expect(end.message).toBe(SORTEO_MSG.anulado);
    const status = await ok('none', 'GET', '/api/sorteo/status');
    expect(status.isActive).toBe(false);
    expect(status.sorteosDelCiclo).toEqual([
      expect.objectContaining({
        id: first.id,
        estado: 'anulado',
        motivoAnulacion: motivo,
        compromiso: first.compromiso,
      }),
    ]);
    expect(status.resultadosDe).toBeNull();

    const acta: TActa = await ok('administrador', 'GET', `/api/sorteo/actas/${first.id}/acta.json`);
    expect(acta.revelaciones).toHaveLength(firstRevealed);
    expect(acta.revelaciones!.map((r) => r.sorteo)).toEqual([1, 1, 2]);
    expect(acta.revelaciones![0]).toMatchObject({ usuario: ADMIN.username });
    expect(acta).toMatchObject({ estado: 'anulado', motivoAnulacion: motivo });
  });

  let second: { id: string; participantesHash: string; compromiso: string };
  let publica: TActaPublica;

  it('starts again only after confirming the annulment, and finalises with the notary and witnesses', async () => {
    const again = await inject('administrador', 'POST', '/api/sorteo/start', {
      fuenteValorPublico: { tipo: 'loteria', sorteo: 'Quiniela nocturna', cantidad: 1, cifras: 4 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFIRMATION_REQUIRED' });
    expect(again.json().message).toContain('Se cortó la transmisión en vivo');
    second = await ok('administrador', 'POST', '/api/sorteo/start', {
      confirmarNuevo: true,
      fuenteValorPublico: { tipo: 'loteria', sorteo: 'Quiniela nocturna', cantidad: 1, cifras: 4 },
    });
    await ok('administrador', 'POST', '/api/sorteo/valor-publico', { valor: '0815', origen: 'Quiniela nocturna' });
    for (;;) {
      const next = await ok('administrador', 'POST', '/api/sorteo/next');
      if (!next.participante) break;
      await ok('administrador', 'POST', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
    }
    await ok('administrador', 'POST', '/api/sorteo/end', {
      escuela: 'Escuela N° 1 de Tiempo Completo',
      escribano: 'Esc. Ana Núñez',
      testigos: ['Luis Pérez', 'Marta Gómez'],
    });
    const status = await ok('none', 'GET', '/api/sorteo/status');
    expect(status.resultadosDe).toBe(second.id);
    expect(status.sorteosDelCiclo.map((s: { estado: string }) => s.estado)).toEqual(['anulado', 'finalizado']);
    const board = await ok('none', 'GET', '/api/sorteo/participants');
    expect(board.participantes).toHaveLength(26);
    // One raffle per cycle: a finalised one is never re-rolled.
    const third = await inject('administrador', 'POST', '/api/sorteo/start', {
      confirmarNuevo: true,
      fuenteValorPublico: { tipo: 'loteria', sorteo: 'Quiniela nocturna', cantidad: 1, cifras: 4 },
    });
    expect(third.statusCode).toBe(409);
    // The results the places after the raffle start from (docs/decisions/0015).
    const resultados = sorteoPublicado(await sorteosDelCiclo(t.app.ctx.db, (await findActual(t.app.ctx.db)).id));
    expect(resultados).toMatchObject({ id: second.id });
    expect(resultados!.draws).toHaveLength(26);
  });

  it('publishes an acta without CIs or full names that replays to the same result, in code and with the CLI', async () => {
    for (const who of ['none', 'visitado', 'voluntario', 'administrador'] as const) {
      expect((await inject(who, 'GET', `/api/sorteo/actas/${second.id}/acta-publica.json`)).statusCode).toBe(200);
    }
    const res = await inject('none', 'GET', `/api/sorteo/actas/${second.id}/acta-publica.json`);
    publica = res.json();
    expect(res.body).not.toMatch(/Confianza|Apellido|Hermana Sin Registro|"ci"/);
    const full: TActa = await ok('administrador', 'GET', `/api/sorteo/actas/${second.id}/acta.json`);
    for (const unit of full.participantes)
      for (const m of unit.miembros) if (m.ci) expect(res.body).not.toContain(m.ci);
    expect(publica.listaPublicaHash).toBe(second.participantesHash);
    expect(publica.resultados).toEqual(full.resultados);
    expect(publica.sorteosDelCiclo.map((s) => s.motivoAnulacion)).toEqual(['Se cortó la transmisión en vivo', null]);
    expect(verifyActa(publica, { participantesHash: second.participantesHash, compromiso: second.compromiso })).toEqual(
      {
        ok: true,
        sorteos: 26,
        titulares: expect.any(Number),
        suplentes: expect.any(Number),
        completo: true,
      },
    );
    const cli = runVerifier(publica, t.dataDir, ['--hash', second.participantesHash]);
    expect(cli.out).toMatch(/^Acta verificada: 26 sorteos/);
    expect(cli.status).toBe(0);
    // The administrators' acta is held to the same published hash.
    expect(runVerifier(full, t.dataDir, ['--hash', second.participantesHash]).status).toBe(0);
    // The annulled raffle's acta of the cycle is public too, and verifies the draws it confirmed.
    const annulled = await ok('none', 'GET', `/api/sorteo/actas/${first.id}/acta-publica.json`);
    expect(verifyActa(annulled, { participantesHash: first.participantesHash })).toMatchObject({
      ok: true,
      sorteos: 1,
    });
  });

  it('rejects a public acta with one child removed against the published hash', () => {
    const forged = structuredClone(publica);
    const removed = forged.participantes.findIndex(
      (p) => !forged.resultados.slice(0, 10).some((d) => d.numero === p.numeroInscripcion),
    );
    forged.participantes.splice(removed, 1);
    // Even with its own hash recomputed, the hash the board showed gives it away.
    forged.listaPublicaHash = listaPublicaHash(forged.participantes);
    const result = verifyActa(forged, { participantesHash: second.participantesHash });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('hash') });
    const cli = runVerifier(forged, t.dataDir, ['--hash', second.participantesHash]);
    expect(cli.status).toBe(1);
    // Without the announced hash the replay itself no longer matches (one unit fewer).
    expect(verifyActa(forged)).toMatchObject({ ok: false });
  });

  it('stores the acta PDF once: the same bytes at every download, page N of M and the SHA-256 on every page', async () => {
    const a = await inject('administrador', 'GET', `/api/sorteo/actas/${second.id}/acta.pdf`);
    const b = await inject('administrador', 'GET', `/api/sorteo/actas/${second.id}/acta.pdf`);
    expect(a.statusCode).toBe(200);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    const json = await inject('administrador', 'GET', `/api/sorteo/actas/${second.id}/acta.json`);
    const sha = crypto.createHash('sha256').update(json.rawPayload).digest('hex');
    const pages = await pdfPages(a.rawPayload);
    pages.forEach((text, i) => {
      expect(text).toContain(sha);
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    const all = pages.join(' ');
    for (const expected of [
      'Escuela N° 1 de Tiempo Completo',
      'Esc. Ana Núñez',
      'Luis Pérez',
      'UTC-03:00',
      'Quiniela nocturna',
      'Se cortó la transmisión en vivo',
      'Lista de participantes',
      'Reglas del sorteo',
    ])
      expect(all).toContain(expected);
  });

  it('puts start, public value, every confirmation, the annulment and the end in an audit chain that verifies', async () => {
    const entries = await t.app.ctx.db
      .selectFrom('auditoria')
      .select(['accion', 'inscripto_id', 'cambios'])
      .where('inscripto_id', 'in', [`sorteo:${first.id}`, `sorteo:${second.id}`])
      .orderBy('seq')
      .execute();
    const of = (id: string) => entries.filter((e) => e.inscripto_id === `sorteo:${id}`).map((e) => e.accion);
    expect(of(first.id)).toEqual(['crear', 'editar', 'editar', 'finalizar']);
    expect(of(second.id)).toEqual(['crear', 'editar', ...Array(26).fill('editar'), 'finalizar']);
    expect(JSON.parse(entries.find((e) => e.accion === 'finalizar')!.cambios)).toMatchObject({
      estado: { despues: 'anulado' },
      motivoAnulacion: { despues: 'Se cortó la transmisión en vivo' },
    });
    const check = await verifyChain(allAuditEntries(t.app.ctx.db), await auditHead(t.app.ctx.db));
    expect(check.ok).toBe(true);
  });
});

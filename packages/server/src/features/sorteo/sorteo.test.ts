import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { yearInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import { SORTEO_STAGES } from '@inscripciones/shared/sorteo/schemas.ts';
import type { TActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies, population300 } from '../../test/sorteo-test-data.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';
const CLI = path.join(import.meta.dirname, '../../cli/sorteo/verify-cli.ts');

async function pdfText(body: Buffer) {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

function runVerifier(acta: unknown, dir: string, extra: string[] = []) {
  const file = path.join(dir, `acta-${crypto.randomBytes(4).toString('hex')}.json`);
  fs.writeFileSync(file, JSON.stringify(acta));
  const r = spawnSync(process.execPath, [CLI, file, ...extra], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe.each(DIALECTS)('sorteo API on %s', (dialect) => {
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

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  });
  afterAll(() => t.close());

  describe('who may do what', () => {
    const controls: [string, 'GET' | 'POST', string, unknown?][] = [
      ['start', 'POST', '/api/sorteo/start', {}],
      ['valor-publico', 'POST', '/api/sorteo/valor-publico', { valor: '1 2 3', origen: 'dados' }],
      ['next', 'POST', '/api/sorteo/next'],
      ['confirm', 'POST', '/api/sorteo/confirm', { participante: { numeroInscripcion: 1 } }],
      ['end', 'POST', '/api/sorteo/end', { motivo: 'prueba' }],
      ['preflight', 'GET', '/api/sorteo/preflight'],
      ['lista-participantes.pdf', 'GET', '/api/sorteo/lista-participantes.pdf'],
      ['actas', 'GET', '/api/sorteo/actas'],
      ['acta.json', 'GET', `/api/sorteo/actas/${crypto.randomUUID()}/acta.json`],
      ['acta.pdf', 'GET', `/api/sorteo/actas/${crypto.randomUUID()}/acta.pdf`],
      ['resultados.xlsx', 'GET', `/api/sorteo/actas/${crypto.randomUUID()}/resultados.xlsx`],
    ];
    it.each([
      ['none', 401],
      ['visitado', 403],
      ['voluntario', 403],
    ] as const)('refuses every control to %s (%i), before reading the body', async (who, status) => {
      for (const [name, method, url, payload] of controls) {
        const res = await inject(who, method, url, payload ?? (method === 'POST' ? { basura: true } : undefined));
        expect(res.statusCode, name).toBe(status);
        const body = res.json();
        expect(body.code).toBe(status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
        expect(body.error, `${name} carries SPEC 7's error field`).toBe(body.message);
      }
    });

    it.each(['none', 'visitado', 'voluntario'] as const)('lets %s read the board', async (who) => {
      expect((await inject(who, 'GET', '/api/sorteo/status')).statusCode).toBe(200);
      expect((await inject(who, 'GET', '/api/sorteo/participants')).statusCode).toBe(200);
      // No raffle yet: the public list and a public acta are simply not there, for anyone.
      expect((await inject(who, 'GET', '/api/sorteo/participantes-publicos')).statusCode).toBe(404);
      const acta = await inject(who, 'GET', `/api/sorteo/actas/${crypto.randomUUID()}/acta-publica.json`);
      expect(acta.statusCode).toBe(404);
    });
  });

  describe('a complete raffle of 300 participants through the API', () => {
    let started: Record<string, unknown>;
    let acta: TActa;
    const publicBodies: string[] = [];

    it('starts with the statistics of the frozen list and shows the commitment, not the seed', async () => {
      const before = await ok('none', 'GET', '/api/sorteo/status');
      expect(before).toMatchObject({
        isActive: false,
        currentIndex: 0,
        selectedCount: 0,
        plazas: { nenas: 28, varones: 28 },
      });
      await insertFamilies(t.app.ctx.db, new Date(), population300());
      // Nobody may confirm before anything starts.
      expect((await inject('administrador', 'POST', '/api/sorteo/next')).statusCode).toBe(409);

      started = await ok('administrador', 'POST', '/api/sorteo/start', {
        fuenteValorPublico: { tipo: 'dados', cantidad: 6 },
      });
      expect(started.estadisticas).toEqual({ gruposHermanos: 40, hermanosPrimaria: 30, comunes: 185, total: 300 });
      expect(started.total).toBe(255);
      const status = await ok('none', 'GET', '/api/sorteo/status');
      publicBodies.push(JSON.stringify(status));
      expect(status).toMatchObject({
        isActive: true,
        currentStage: 'hermanos_juntos',
        currentIndex: 0,
        total: 255,
        participantesTotal: 300,
        compromiso: started.compromiso,
        participantesHash: started.participantesHash,
        valorPublicoAbierto: true,
        anio: yearInMontevideo(new Date()) + 1,
      });
      expect(status.compromiso).toMatch(/^[0-9a-f]{64}$/);
      // A second start while this one runs is refused, with SPEC 7's error field.
      const again = await inject('administrador', 'POST', '/api/sorteo/start', {
        fuenteValorPublico: { tipo: 'dados', cantidad: 6 },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'CONFLICT',
        message: SORTEO_MSG.yaActivo,
        error: SORTEO_MSG.yaActivo,
      });
    });

    it('takes the public value before the first draw and not after', async () => {
      expect(
        (await inject('administrador', 'POST', '/api/sorteo/valor-publico', { valor: '', origen: 'dados' })).statusCode,
      ).toBe(400);
      expect((await inject('administrador', 'POST', '/api/sorteo/valor-publico', { valor: '3 5' })).statusCode).toBe(
        400,
      );
      const status = await ok('administrador', 'POST', '/api/sorteo/valor-publico', {
        valor: '  Dados: 3 5 6 1 2 4  ',
        origen: 'Dados lanzados por la escribana',
      });
      expect(status.valorPublico).toBe('dados:1,2,3,4,5,6');
      expect(status.valorPublicoOrigen).toBe('Dados lanzados por la escribana');
      const confirmFirst = await inject('administrador', 'POST', '/api/sorteo/confirm', {
        participante: { numeroInscripcion: 101 },
      });
      expect(confirmFirst.statusCode).toBe(409);
      expect(confirmFirst.json().error).toBe(SORTEO_MSG.sinSiguiente);
    });

    it('reveals one draw at a time, the same one until confirmed, in stage order', { timeout: 120_000 }, async () => {
      const seen: { index: number; stage: string; numero: number }[] = [];
      for (;;) {
        const next = await ok('administrador', 'POST', '/api/sorteo/next');
        if (!next.participante) {
          expect(next).toMatchObject({ stage: null, index: 255, total: 255 });
          break;
        }
        if (next.index === 0) {
          const late = await inject('administrador', 'POST', '/api/sorteo/valor-publico', {
            valor: '1 1 1 1 1 1',
            origen: 'otro',
          });
          expect(late.json()).toMatchObject({ code: 'CONFLICT', error: SORTEO_MSG.valorPublicoCerrado });
        }
        // Asking again gives the same participant: no re-rolls.
        expect(await ok('administrador', 'POST', '/api/sorteo/next')).toEqual(next);
        if (next.index % 50 === 7) {
          const pub = await ok('none', 'GET', '/api/sorteo/participants');
          publicBodies.push(JSON.stringify(pub));
          // The public board never shows the participant on screen before it is confirmed.
          expect(pub.participantes.map((p: { index: number }) => p.index)).not.toContain(next.index);
          publicBodies.push(JSON.stringify(await ok('none', 'GET', '/api/sorteo/status')));
        }
        const confirmed = await ok('administrador', 'POST', '/api/sorteo/confirm', { participante: next.participante });
        expect(confirmed).toMatchObject({ currentIndex: next.index + 1, duplicado: false });
        seen.push({ index: next.index, stage: next.stage, numero: next.participante.numeroInscripcion });
      }
      expect(seen.map((s) => s.index)).toEqual(seen.map((_, i) => i));
      const ranks = seen.map((s) => SORTEO_STAGES.indexOf(s.stage as (typeof SORTEO_STAGES)[number]));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(new Set(seen.map((s) => s.numero)).size).toBe(255);
    });

    it('shows the completed lists: places respected, groups whole, substitutes ranked', async () => {
      const status = await ok('none', 'GET', '/api/sorteo/status');
      expect(status).toMatchObject({ completado: true, currentIndex: 255, currentStage: null });
      expect(status.selectedCount + status.suplentesCount).toBe(300);
      const pub = await ok('none', 'GET', '/api/sorteo/participants');
      const admin = await ok('administrador', 'GET', '/api/sorteo/participants');
      expect(pub.titulares.nenas.length).toBeLessThanOrEqual(28);
      expect(pub.titulares.varones.length).toBeLessThanOrEqual(28);
      expect(pub.titulares.nenas.length + pub.titulares.varones.length).toBe(status.selectedCount);
      expect(pub.principales).toHaveLength(status.selectedCount);
      expect(pub.totales).toEqual({ principales: status.selectedCount, suplentes: status.suplentesCount, total: 300 });
      // Stage and position only for administrators.
      expect(pub.suplentes.nenas[0].posicion).toBeUndefined();
      expect(pub.suplentes.nenas[0].etapa).toBeUndefined();
      for (const l of ['nenas', 'varones'] as const) {
        expect(admin.suplentes[l].map((x: { posicion: number }) => x.posicion)).toEqual(
          admin.suplentes[l].map((_: unknown, i: number) => i + 1),
        );
      }
      expect(admin.principales.every((x: { etapa?: string }) => typeof x.etapa === 'string')).toBe(true);
      // Every member of a group shares its result.
      const byNumero = new Map<number, Set<string>>();
      for (const line of [...admin.principales, ...admin.suplentes.nenas, ...admin.suplentes.varones]) {
        const set = byNumero.get(line.numeroInscripcion) ?? new Set<string>();
        set.add(line.resultado);
        byNumero.set(line.numeroInscripcion, set);
      }
      expect([...byNumero.values()].every((s) => s.size === 1)).toBe(true);
      // A listed sibling without a record is on the board; the one with a pending record is not.
      const names = JSON.stringify(admin);
      expect(names).toContain('Hermano Listado 0');
      expect(names).not.toContain('Pendiente Hermano');
      publicBodies.push(JSON.stringify(pub));
    });

    it('archives on "Finalizar Sorteo": inactive, seed revealed, results kept on the board, acta kept', async () => {
      const end = await ok('administrador', 'POST', '/api/sorteo/end');
      expect(end.actaId).toBe(started.id);
      // A second click changes nothing.
      expect(await ok('administrador', 'POST', '/api/sorteo/end')).toMatchObject({ actaId: started.id });
      const status = await ok('none', 'GET', '/api/sorteo/status');
      expect(status).toMatchObject({ isActive: false, currentIndex: 0, selectedCount: 0, suplentesCount: 0 });
      expect(status.sorteosArchivados).toBe(1);
      const seed = status.ultimoArchivado.semilla as string;
      expect(crypto.createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex')).toBe(started.compromiso);
      // The seed was never in a public answer before the end.
      for (const body of publicBodies) expect(body).not.toContain(seed);
      // The cycle's results stay on the public board.
      expect(status.resultadosDe).toBe(started.id);
      const pub = await ok('none', 'GET', '/api/sorteo/participants');
      expect(pub.totales.total).toBe(300);
      expect(pub.participantes).toHaveLength(255);

      const list = await ok('administrador', 'GET', '/api/sorteo/actas');
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ id: started.id, completo: true, sorteosConfirmados: 255, totalSorteos: 255 });
      const res = await inject('administrador', 'GET', `/api/sorteo/actas/${started.id}/acta.json`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/acta_sorteo_\d{4}_\d{4}-\d{2}-\d{2}\.json/);
      acta = res.json();
      expect(acta).toMatchObject({
        semilla: seed,
        compromiso: started.compromiso,
        listaPublicaHash: started.participantesHash,
        valorPublico: 'dados:1,2,3,4,5,6',
        plazas: { nenas: 28, varones: 28 },
        operador: { usuario: ADMIN.username },
      });
    });

    it('verifies the acta, and rejects it with a single changed result', () => {
      expect(verifyActa(acta, { compromiso: started.compromiso as string })).toMatchObject({ ok: true, sorteos: 255 });
      const good = runVerifier(acta, t.dataDir, ['--hash', started.participantesHash as string]);
      expect(good.out).toMatch(/^Acta verificada: 255 sorteos, \d+ titulares, \d+ suplentes/);
      expect(good.status).toBe(0);

      const changed = structuredClone(acta);
      const i = changed.resultados.findIndex((d) => d.resultado === 'suplente' && d.stage === 'suplentes');
      changed.resultados[i]!.resultado = 'titular';
      const bad = runVerifier(changed, t.dataDir);
      expect(bad.status).toBe(1);
      expect(bad.out).toContain(`sorteo ${i + 1}`);

      // Swapping two names in a printed list is caught too.
      const swapped = structuredClone(acta);
      const [a, b] = swapped.titulares.nenas;
      [a!.nombreCompleto, b!.nombreCompleto] = [b!.nombreCompleto, a!.nombreCompleto];
      expect(verifyActa(swapped)).toMatchObject({ ok: false });
      const otherSeed = { ...structuredClone(acta), semilla: '0'.repeat(64) };
      expect(verifyActa(otherSeed)).toMatchObject({ ok: false, error: expect.stringContaining('compromiso') });
      expect(runVerifier(acta, t.dataDir, ['--compromiso', 'f'.repeat(64)]).status).toBe(1);
    });

    it('prints the acta as a PDF and the results as an Excel file', async () => {
      const pdf = await inject('administrador', 'GET', `/api/sorteo/actas/${started.id}/acta.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      for (const expected of [
        'Acta del sorteo público de ingreso',
        acta.semilla,
        acta.compromiso,
        acta.participantesHash,
        'Dados: 3 5 6 1 2 4',
        'Titulares — Nenas',
        'Suplentes — Varones',
        'Firmas',
        acta.titulares.nenas[0]!.nombreCompleto,
      ])
        expect(text).toContain(expected);
      expect(text).toMatch(/\b\d{3} /);

      const xlsx = await inject('administrador', 'GET', `/api/sorteo/actas/${started.id}/resultados.xlsx`);
      expect(xlsx.statusCode).toBe(200);
      const wb = XLSX.read(xlsx.rawPayload);
      expect(wb.SheetNames).toEqual([
        'Titulares nenas',
        'Titulares varones',
        'Suplentes nenas',
        'Suplentes varones',
        'Sorteo',
      ]);
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets['Suplentes varones']!);
      expect(rows).toHaveLength(acta.suplentes.varones.length);
      expect(rows[0]).toMatchObject({
        Posición: 1,
        'N° de inscripción': String(acta.suplentes.varones[0]!.numeroInscripcion).padStart(3, '0'),
      });
      expect(
        (await inject('administrador', 'GET', `/api/sorteo/actas/${crypto.randomUUID()}/acta.pdf`)).statusCode,
      ).toBe(404);
    });

    it('refuses a second raffle in the cycle once one was finalised', async () => {
      const res = await inject('administrador', 'POST', '/api/sorteo/start', {
        confirmarNuevo: true,
        fuenteValorPublico: { tipo: 'dados', cantidad: 6 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', error: expect.stringContaining('ya se realizó') });
      expect(await ok('administrador', 'GET', '/api/sorteo/actas')).toHaveLength(1);
    });

    it('keeps the raffles in the SQL backup', async () => {
      const dump = await inject('administrador', 'GET', '/api/inscriptos/export/sql');
      expect(dump.statusCode).toBe(200);
      expect(dump.body).toContain('INSERT INTO "sorteos"');
      expect(dump.body).toContain('INSERT INTO "sorteo_contenidos"');
      expect(dump.body).toContain('INSERT INTO "sorteo_actas"');
      expect(dump.body).toContain('INSERT INTO "sorteo_revelaciones"');
      expect(dump.body).toContain(acta.semilla);
    });
  });
});

import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { TActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import type { TParticipantesPublicos } from '@inscripciones/shared/sorteo/api-schema.ts';
import { listaPublica, miembrosDeLaFamilia } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies, openBoard, type Family } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/**
 * After a raffle, the attacker of the second red team reads every answer the server gives
 * without a session and tries to recover a child's CI (the CI is ~4 million candidates; here 10,000 around the
 * true one, with the true full name: a generous attacker) and looks for any full name or birth date. The family,
 * with its constancia's number and code, still finds its own children in the public list and the acta.
 */

// Distinctive names: none of their words can appear in an answer by chance.
const kid = (i: number) => ({
  nombre1: `Huellanino${i}`,
  nombre2: undefined,
  apellido1: `Huellapellido${i}`,
  apellido2: 'Zzyzxhuella',
  sexo: i % 2 ? ('M' as const) : ('F' as const),
  tieneHermanosPrimaria: i % 5 === 0,
});

function families(): Family[] {
  const out: Family[] = [];
  for (let i = 0; i < 10; i++) out.push({ children: [kid(i)] });
  out.push({ children: [kid(100), kid(101)] });
  out.push({ children: [kid(102)], listed: [{ nombre: 'Huellahermana Sinregistro', sexo: 'F' }] });
  return out;
}

/** The attacker's inner loop: candidate CIs around `ci` (valid check digits), the true one among them. */
function candidatos(ci: string, n: number): string[] {
  const base = Number(ci.slice(0, 7));
  return Array.from({ length: n }, (_, k) => {
    const first7 = String(base - n / 2 + k);
    return `${first7}${ciCheckDigit(first7)}`;
  });
}

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Every way the attacker knows to fingerprint a CI: v1 of decision 0020 and plain hashes of the CI. */
function intentos(sal: string, ci: string, nombre: string): string[] {
  return [sha(`${sal}|${ci}|${nombre}`), sha(`${sal}|${ci}`), sha(ci), sha(`${sal}${ci}${nombre}`)];
}

function recuperarCi(huellas: ReadonlySet<string>, sal: string, ci: string, nombre: string): string | null {
  for (const c of candidatos(ci, 10_000)) {
    if (intentos(sal, c, nombre).some((h) => huellas.has(h))) return c;
  }
  return null;
}

describe.each(DIALECTS)('public fingerprints nobody can invert, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let base: string;
  let sorteoId: string;
  /** Every no-login answer after the raffle, as text. */
  let publico = '';
  let lista: TParticipantesPublicos;
  let acta: TActaPublica;
  let sal: string;
  /** Each finalised child as inserted: id, number, CI, full name and birth date. */
  let ninos: { id: string; numero: number; ci: string; nombre: string; palabras: string[]; nacimiento: string }[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const rows = await insertFamilies(t.app.ctx.db, new Date(), families());
    ninos = rows.map((r) => {
      const d = JSON.parse(r.datos) as TInscriptoData;
      const palabras = [d.nombre1!, d.apellido1!, d.apellido2!];
      return {
        id: r.id,
        numero: Number(r.numero_inscripcion),
        ci: r.ci!,
        nombre: palabras.join(' '),
        palabras,
        nacimiento: d.fechaNacimiento!,
      };
    });
    sorteoId = await runRaffle(t.app, admin, { nenas: 3, varones: 3 });
    // Staff open Plazas: the season of offers starts and the public plazas board fills.
    expect((await t.app.inject({ url: '/api/plazas', headers: bearer(admin) })).statusCode).toBe(200);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, ops] of Object.entries(doc.paths)) {
      const ruta = path.replace('{id}', sorteoId);
      const url = base + ruta;
      if (ops.get) {
        if (path.endsWith('/eventos')) {
          const board = await openBoard(url);
          publico += JSON.stringify((await board.waitFor((e) => e.event === 'tablero')).data);
          board.close();
        } else {
          const res = await fetch(url);
          publico += `${ruta} ${res.status} ${await res.text()}\n`;
        }
      }
      if (ops.post) {
        const body = path === '/api/estado' ? { numeroInscripcion: ninos[0]!.numero, codigo: 'X' } : {};
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        publico += `${ruta} ${res.status} ${await res.text()}\n`;
      }
    }
    lista = (await t.app.inject({ url: '/api/sorteo/participantes-publicos' })).json();
    acta = (await t.app.inject({ url: `/api/sorteo/actas/${sorteoId}/acta-publica.json` })).json();
    sal = acta.sal;
  });
  afterAll(() => t.close());

  it('read the public answers: the list, the acta, both boards and the salt', () => {
    expect(publico).toContain(`/api/sorteo/actas/${sorteoId}/acta-publica.json 200`);
    expect(publico).toContain('/api/plazas/tablero 200');
    expect(publico).toContain('/api/sorteo/participants 200');
    expect(publico).toContain(sal);
    expect(lista.participantes).toHaveLength(12);
    for (const p of lista.participantes) for (const m of p.miembros) expect(publico).toContain(m.huella);
  });

  it('carries no full name, no name word, no CI and no birth date of any child', () => {
    expect(ninos).toHaveLength(13);
    for (const n of ninos) {
      expect(publico).not.toContain(n.nombre);
      for (const palabra of n.palabras) expect(publico).not.toContain(palabra);
      expect(publico).not.toContain(n.ci);
      expect(publico).not.toContain(n.nacimiento);
      expect(publico).not.toContain(n.nacimiento.split('-').reverse().join('/'));
    }
    expect(publico).not.toContain('Huellahermana');
    expect(publico).not.toContain('Sinregistro');
  });

  it('gives the attacker no CI from 10,000 candidates with the true name, where v1 gave it at once', () => {
    const huellas = new Set(lista.participantes.flatMap((p) => p.miembros.map((m) => m.huella)));
    for (const n of ninos) expect(recuperarCi(huellas, sal, n.ci, n.nombre), n.nombre).toBeNull();
    // The same attacker against the v1 list of this child (decision 0020 before v2) finds the CI.
    const n = ninos[0]!;
    const v1 = listaPublica(
      [
        {
          numero: 1,
          hermanosPrimaria: false,
          miembros: [{ ci: n.ci, inscriptoId: null, nombreCompleto: n.nombre, sexo: 'F' }],
        },
      ],
      { nenas: 1, varones: 1 },
      sal,
    );
    expect(recuperarCi(new Set([v1[0]!.miembros[0]!.huella]), sal, n.ci, n.nombre)).toBe(n.ci);
  });

  it('lets a family find its own children in the public list and the acta with its constancia’s number and code', async () => {
    const grupo = ninos.filter((n) => n.nombre.startsWith('Huellanino100 ') || n.nombre.startsWith('Huellanino101 '));
    expect(grupo).toHaveLength(2);
    const numero = grupo[0]!.numero;
    const codigo = await t.app.inject({ url: `/api/inscriptos/${grupo[0]!.id}/codigo-estado`, headers: bearer(admin) });
    expect(codigo.statusCode, codigo.body).toBe(200);
    const { codigo: suCodigo } = codigo.json() as { codigo: string };
    expect(miembrosDeLaFamilia(lista.participantes, suCodigo, sal, numero)).toEqual([0, 1]);
    expect(miembrosDeLaFamilia(acta.participantes, suCodigo.toLowerCase(), sal, numero)).toEqual([0, 1]);
    // Another family's code finds nothing of this number.
    const otro = ninos.find((n) => n.nombre.startsWith('Huellanino3 '))!;
    const suyo = (
      await t.app.inject({ url: `/api/inscriptos/${otro.id}/codigo-estado`, headers: bearer(admin) })
    ).json() as { codigo: string };
    expect(miembrosDeLaFamilia(lista.participantes, suyo.codigo, sal, numero)).toEqual([]);
    expect(miembrosDeLaFamilia(lista.participantes, suyo.codigo, sal, otro.numero)).toEqual([0]);

    // Its status page shows each child's huella, the one of the public list.
    const estado = await t.app.inject({
      method: 'POST',
      url: '/api/estado',
      payload: { numeroInscripcion: numero, codigo: suCodigo },
    });
    expect(estado.statusCode, estado.body).toBe(200);
    const publicada = lista.participantes.find((p) => p.numeroInscripcion === numero)!;
    expect((estado.json() as { ninos: { huella?: string }[] }).ninos.map((n) => n.huella)).toEqual(
      publicada.miembros.map((m) => m.huella),
    );
  });
});

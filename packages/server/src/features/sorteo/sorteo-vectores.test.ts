import fs from 'node:fs';
import path from 'node:path';
import { hmacSourceJs } from '@inscripciones/shared/sorteo/draw-source.ts';
import { fromHex, sha256Hex } from '@inscripciones/shared/sorteo/sha256.ts';
import { describe, expect, it } from 'vitest';
import { planRaffle } from '@inscripciones/shared/sorteo/plan.ts';
import { canonicalJson } from '@inscripciones/shared/sorteo/units.ts';
import { ZPlazas, ZSorteoDraw, ZUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { VECTORES, recording, renderVector } from '../../test/sorteo-vectores.ts';
import { commitment, hmacSource, participantsHash } from './sorteo-random.ts';

/** The test vectors of docs/decisions/0008-sorteo.md, read from the doc itself. */
const DOC = path.resolve(import.meta.dirname, '../../../../../docs/decisions/0008-sorteo.md');

function parseVectors(markdown: string) {
  const section = markdown.split('\n## Vectores de prueba\n')[1];
  if (!section) throw new Error('0008-sorteo.md has no "Vectores de prueba" section');
  const blocks = [...section.split(/\n## /)[0]!.matchAll(/### (.+)\n\n```text\n([\s\S]*?)\n```/g)];
  return blocks.map(([, titulo, body]) => {
    const lines = body!.split('\n');
    const value = (key: string) => {
      const line = lines.find((l) => l.startsWith(`${key}: `));
      if (line === undefined) throw new Error(`${titulo}: falta «${key}»`);
      return line.slice(key.length + 2);
    };
    const between = (from: string, to: string) =>
      lines.slice(lines.indexOf(from) + 1, to ? lines.indexOf(to) : undefined);
    const azarLine = lines.findIndex((l) => l.startsWith('azar: '));
    return {
      titulo: titulo!,
      semilla: value('semilla'),
      compromiso: value('compromiso'),
      valorPublico: value('valorPublico'),
      plazas: ZPlazas.parse(JSON.parse(value('plazas'))),
      participantesHash: value('participantesHash'),
      participantesJson: lines.slice(lines.indexOf('participantes:') + 1, azarLine),
      azar: value('azar').split(' '),
      sorteos: between('sorteos:', '').map((l) => ZSorteoDraw.parse(JSON.parse(l))),
    };
  });
}

describe('the test vectors of decision 0008, read from the doc, against the engine', () => {
  const vectors = parseVectors(fs.readFileSync(DOC, 'utf8'));

  it('the doc has at least three vectors with groups, primaria, "Otro" and suplentes among them', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(3);
    const stages = new Set(vectors.flatMap((v) => v.sorteos.map((d) => `${d.stage}/${d.resultado}`)));
    expect([...stages].sort()).toEqual([
      'comun/titular',
      'hermanos_juntos/suplente',
      'hermanos_juntos/titular',
      'hermanos_primaria/titular',
      'suplentes/suplente',
    ]);
    expect(vectors.some((v) => v.participantesJson.some((l) => l.includes('"sexo":"Otro"')))).toBe(true);
  });

  it.each(vectors.map((v) => [v.titulo, v] as const))('%s: commitment, hash, random calls and draws', (_, v) => {
    const units = v.participantesJson.map((l) => ZUnidad.parse(JSON.parse(l)));
    // The lines are the canonical JSON, unit by unit: the hash covers exactly them.
    expect(canonicalJson(units)).toBe(`[${v.participantesJson.join(',')}]`);
    expect(commitment(v.semilla)).toBe(v.compromiso);
    expect(participantsHash(units)).toBe(v.participantesHash);
    const rng = recording(hmacSource(v.semilla, v.valorPublico));
    expect(planRaffle(units, v.plazas, rng)).toEqual(v.sorteos);
    expect(rng.log).toEqual(v.azar);
    // The browser's and the CLI's verifier (plain TypeScript SHA-256 and HMAC) gives the same draws.
    expect(sha256Hex(fromHex(v.semilla))).toBe(v.compromiso);
    expect(sha256Hex(canonicalJson(units))).toBe(v.participantesHash);
    expect(planRaffle(units, v.plazas, hmacSourceJs(v.semilla, v.valorPublico))).toEqual(v.sorteos);
  });

  it('the doc shows exactly what the vector generator prints (regenerate it after a deliberate change)', () => {
    const doc = fs.readFileSync(DOC, 'utf8');
    for (const v of VECTORES) expect(doc).toContain(renderVector(v));
  });
});

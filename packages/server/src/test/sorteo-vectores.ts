/**
 * Writes the draw test vectors of docs/decisions/0008-sorteo.md ("Vectores de prueba") from the engine:
 * `node packages/server/src/test/sorteo-vectores.ts` prints the section's vector blocks. The doc holds the
 * output and sorteo-vectores.test.ts runs the doc's vectors against the engine, so the two cannot drift.
 */
import crypto from 'node:crypto';
import { planRaffle, type RandomSource } from '@inscripciones/shared/sorteo/plan.ts';
import { canonicalUnits } from '@inscripciones/shared/sorteo/units.ts';
import type { TMiembro, TPlazas, TSexoSorteo, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { commitment, hmacSource, participantsHash } from '../features/sorteo/sorteo-random.ts';

export interface TVector {
  titulo: string;
  semilla: string;
  valorPublico: string;
  plazas: TPlazas;
  participantes: TUnidad[];
}

const seedOf = (name: string) => crypto.createHash('sha256').update(name).digest('hex');

const m = (sexo: TSexoSorteo, ci: string | null, nombreCompleto: string, inscriptoId: string | null): TMiembro => ({
  ci,
  inscriptoId,
  nombreCompleto,
  sexo,
});
const u = (numero: number, miembros: TMiembro[], hermanosPrimaria = false): TUnidad => ({
  numero,
  hermanosPrimaria,
  miembros,
});

/** A cycle of `n` units with every case: groups (mixed, a sibling without a record), primaria, "Otro". */
function mediano(n: number): TUnidad[] {
  const nombres = ['Ana', 'Bruno', 'Carla', 'Diego', 'Eva', 'Facundo', 'Gala', 'Hugo', 'Inés', 'Juan'];
  const sexos: TSexoSorteo[] = ['F', 'M', 'F', 'M', 'F', 'M', 'F', 'M', 'F', 'M'];
  return Array.from({ length: n }, (_, i) => {
    const numero = i + 1;
    const ci = String(60_000_000 + numero * 37);
    const first = m(sexos[i % 10]!, ci, `${nombres[i % 10]} Apellido${numero}`, `id-${numero}`);
    if (numero % 7 === 0) return u(numero, [first, m('Otro', null, `Hermano${numero} Apellido${numero}`, null)]);
    if (numero % 5 === 0) {
      return u(numero, [first, m(sexos[(i + 1) % 10]!, String(Number(ci) + 1), `Otra${numero}`, `id-${numero}b`)]);
    }
    if (numero % 11 === 0) return u(numero, [{ ...first, sexo: 'Otro' }]);
    return u(numero, [first], numero % 4 === 0);
  });
}

export const VECTORES: TVector[] = [
  {
    titulo: 'Vector 1: un grupo mixto, un niño con hermanos en primaria, comunes',
    semilla: seedOf('inscripciones vector 1'),
    valorPublico: '17 42 05',
    plazas: { nenas: 2, varones: 2 },
    participantes: [
      u(1, [m('F', '61234561', 'Ana Pérez', 'i1')]),
      u(2, [m('M', '61234572', 'Bruno Díaz', 'i2a'), m('F', '61234583', 'Carla Díaz', 'i2b')]),
      u(3, [m('M', '61234594', 'Dante Ruiz', 'i3')], true),
      u(4, [m('F', '61234605', 'Eva Sosa', 'i4')]),
      u(5, [m('M', '61234616', 'Facundo Gómez', 'i5')]),
      u(6, [m('F', '61234627', 'Gala Núñez', 'i6')]),
      u(7, [m('M', '61234638', 'Hugo Silva', 'i7')]),
    ],
  },
  {
    titulo: 'Vector 2: un grupo que no entra, "Otro", un hermano sin inscripción propia, tildes en el valor público',
    semilla: seedOf('inscripciones vector 2'),
    valorPublico: 'Dados: 3, 5 y 6 — escribana Núñez',
    plazas: { nenas: 1, varones: 3 },
    participantes: [
      u(10, [m('F', '62000017', 'Inés Rivero', 'i10a'), m('F', '62000028', 'Julia Rivero', 'i10b')]),
      u(11, [m('M', '62000039', 'Lucas Pereira', 'i11'), m('Otro', null, 'Alex Pereira', null)]),
      u(12, [m('Otro', '62000040', 'Noa Castro', 'i12')]),
      u(13, [m('F', '62000051', 'Olivia Méndez', 'i13')], true),
      u(14, [m('M', '62000062', 'Pablo Acosta', 'i14')]),
      u(15, [m('F', '62000073', 'Renata Vega', 'i15')]),
    ],
  },
  {
    titulo: 'Vector 3: 25 unidades, cinco plazas de nenas y cuatro de varones',
    semilla: seedOf('inscripciones vector 3'),
    valorPublico: '0815',
    plazas: { nenas: 5, varones: 4 },
    participantes: mediano(25),
  },
];

/** The engine's random source, recording every call as "n→value". */
export function recording(source: RandomSource): RandomSource & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    uniform(n: number) {
      const v = source.uniform(n);
      log.push(`${n}→${v}`);
      return v;
    },
  };
}

/** One vector as the doc shows it: a `text` block with `clave: valor` lines and one JSON line per item. */
export function renderVector(v: TVector): string {
  const units = canonicalUnits(v.participantes);
  const rng = recording(hmacSource(v.semilla, v.valorPublico));
  const draws = planRaffle(units, v.plazas, rng);
  return [
    `### ${v.titulo}`,
    '',
    '```text',
    `semilla: ${v.semilla}`,
    `compromiso: ${commitment(v.semilla)}`,
    `valorPublico: ${v.valorPublico}`,
    `plazas: ${JSON.stringify(v.plazas)}`,
    `participantesHash: ${participantsHash(units)}`,
    'participantes:',
    ...units.map((unit) => JSON.stringify(unit)),
    `azar: ${rng.log.join(' ')}`,
    'sorteos:',
    ...draws.map((d) => JSON.stringify(d)),
    '```',
  ].join('\n');
}

if (import.meta.main) console.log(VECTORES.map(renderVector).join('\n\n'));

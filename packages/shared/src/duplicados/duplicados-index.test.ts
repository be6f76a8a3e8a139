import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../seeded-random.ts';
import { validCi } from '../test/duplicados-fixture.ts';
import { findDuplicados, ninoKey, type TDuplicadoFuente, type TParDuplicado } from './duplicados.ts';
import { DuplicadosIndex } from './duplicados-index.ts';
import { drenar, Uniones, type TGrupoDuplicado } from './grupos.ts';

/*
 * Property: after any sequence of adds, edits and deletions, the index's groups are exactly the connected parts
 * of the pairs findDuplicados gives over the enrolments as they are then (a group of two with the pair's
 * reason), `gruposCon` those with unsaved records added, and `pairsWith` exactly the pairs of one unsaved record
 * that findDuplicados gives with it added. Random sequences over small pools, so that names, birth dates and
 * CIs collide often: accents and case, swapped surnames, one missing, CIs one digit apart or with two adjacent
 * digits swapped, malformed CIs, listed siblings named in every reading (with and without a CI).
 */

const NOMBRES = ['Lucía', 'LUCIA', 'lucia ', 'María José', 'Maria Jose', 'Ana', 'Juan', '', undefined];
const APELLIDOS = ['Pérez', 'perez', 'García', 'De León', 'deleon', 'Sosa', '', undefined];
const FECHAS = ['2020-03-14', '2020-03-15', '2020-04-01', '', undefined];
const BASE_CIS = [validCi('7123456'), validCi('6234567'), validCi('7031270')];
const swapAdjacent = (ci: string, i: number) => `${ci.slice(0, i)}${ci[i + 1]}${ci[i]}${ci.slice(i + 2)}`;
const oneDigit = (ci: string, i: number) => `${ci.slice(0, i)}${(Number(ci[i]) + 1) % 10}${ci.slice(i + 1)}`;
const CIS = [
  ...BASE_CIS,
  ...BASE_CIS.map((ci) => swapAdjacent(ci, 3)),
  ...BASE_CIS.map((ci) => swapAdjacent(ci, 6)),
  ...BASE_CIS.map((ci) => oneDigit(ci, 5)),
  '7.123.456-3',
  '123',
  '',
  undefined,
];

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

function siblingName(random: Random): string {
  const words = [
    pick(random, NOMBRES),
    random() < 0.3 ? pick(random, NOMBRES) : undefined,
    pick(random, APELLIDOS),
    random() < 0.6 ? pick(random, APELLIDOS) : undefined,
    random() < 0.2 ? pick(random, APELLIDOS) : undefined,
  ];
  return words.filter(Boolean).join(' ');
}

function fuente(random: Random, inscriptoId: string): TDuplicadoFuente {
  const hermanos = random() < 0.35 ? Math.ceil(random() * 2) : 0;
  return {
    inscriptoId,
    nombre1: pick(random, NOMBRES),
    apellido1: pick(random, APELLIDOS),
    apellido2: pick(random, APELLIDOS),
    fechaNacimiento: pick(random, FECHAS),
    ci: pick(random, CIS),
    hermanosInscriben:
      hermanos === 0
        ? random() < 0.5
          ? undefined
          : null
        : Array.from({ length: hermanos }, () => ({
            ...(random() < 0.9 ? { nombre: siblingName(random) } : {}),
            ...(random() < 0.5 ? { ci: pick(random, CIS) } : {}),
          })),
  };
}

const plain = (pairs: readonly TParDuplicado[]) => pairs.map((p) => JSON.stringify(p));

/** The connected parts of the pairs, as the index should group them: children's keys, and a pair's reason. */
function partes(pairs: readonly TParDuplicado[]): string[] {
  const u = new Uniones();
  for (const p of pairs) u.unir(p.a, p.b, p.motivo);
  return u
    .grupos()
    .map((g) =>
      describir(
        g,
        g.ninos.length === 2
          ? pairs.find((p) => p.a.inscriptoId === g.ninos[0]!.inscriptoId && ninoKey(p.b) === ninoKey(g.ninos[1]!))
              ?.motivo
          : undefined,
      ),
    );
}
function describir(g: TGrupoDuplicado, motivo = g.ninos.length === 2 ? g.motivos[0] : undefined): string {
  return `${g.ninos.map(ninoKey).join(' ')}${motivo ? ` ${motivo}` : ''}`;
}
const grupos = (gs: readonly TGrupoDuplicado[]) => gs.map((g) => describir(g));

describe('DuplicadosIndex, kept up to date one enrolment at a time', () => {
  it('always groups as the parts of the pairs findDuplicados gives, over random adds, edits and deletions', () => {
    let checked = 0;
    let nonEmpty = 0;
    let largeGroups = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const random = mulberry32(seed);
      const index = new DuplicadosIndex();
      const stored = new Map<string, TDuplicadoFuente>();
      let next = 0;
      for (let step = 0; step < 80; step++) {
        const ids = [...stored.keys()];
        const roll = random();
        if (roll < 0.15 && ids.length) {
          const id = pick(random, ids);
          index.delete(id);
          stored.delete(id);
        } else {
          const id = roll < 0.45 && ids.length ? pick(random, ids) : `i${String(next++).padStart(3, '0')}`;
          const f = fuente(random, id);
          index.set(f);
          stored.set(id, f);
        }
        const expected = findDuplicados([...stored.values()]);
        expect(grupos(index.grupos()), `seed ${seed}, step ${step}`).toEqual(partes(expected));
        expect(index.size).toBe(stored.size);
        checked++;
        if (expected.length) nonEmpty++;
        if (index.grupos().some((g) => g.ninos.length > 2)) largeGroups++;
        if (step % 10 === 9) {
          // Unsaved records: one edited (its stored copy replaced), new ones, alike among themselves.
          const ids = [...stored.keys()];
          const unsaved = [
            ...(ids.length ? [fuente(random, pick(random, ids))] : []),
            fuente(random, 'new-a'),
            fuente(random, 'new-b'),
          ];
          // An import's rows: new ids; the groups that hold one are those of the whole cycle with them added.
          const nuevos = unsaved.filter((f) => f.inscriptoId.startsWith('new-'));
          const conNuevos = (gs: string[]) => gs.filter((g) => / new-/.test(` ${g}`));
          expect(conNuevos(grupos(drenar(index.gruposConNuevos(nuevos)))), `seed ${seed}, step ${step}: new`).toEqual(
            conNuevos(partes(findDuplicados([...stored.values(), ...nuevos]))),
          );
          const one = unsaved[0]!;
          const withIt = findDuplicados([...new Map(stored).set(one.inscriptoId, one).values()]).filter(
            (p) => p.a.inscriptoId === one.inscriptoId || p.b.inscriptoId === one.inscriptoId,
          );
          expect(plain(index.pairsWith(one)), `seed ${seed}, step ${step}: one unsaved`).toEqual(plain(withIt));
          // Asking changed nothing.
          expect(grupos(index.grupos())).toEqual(partes(expected));
        }
      }
    }
    // The pools make pairs often, and groups of three or more: the property was tested on something.
    expect(nonEmpty).toBeGreaterThan(checked / 2);
    expect(largeGroups).toBeGreaterThan(checked / 10);
  });

  it('groups many siblings listed by one name with many children of that name as the pairs would', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const random = mulberry32(seed);
      const cis = [...BASE_CIS, ...BASE_CIS.map((ci) => oneDigit(ci, 5)), ...BASE_CIS.map((ci) => swapAdjacent(ci, 3))];
      const n = 40 + Math.floor(random() * 80);
      const cycle: TDuplicadoFuente[] = Array.from({ length: n }, (_, i) => ({
        inscriptoId: `e${String(i).padStart(3, '0')}`,
        nombre1: 'Ana',
        apellido1: 'Pérez',
        apellido2: random() < 0.5 ? 'Sosa' : undefined,
        // Birth dates apart: only the siblings join them.
        fechaNacimiento: `20${String(10 + (i % 10))}-0${1 + (i % 9)}-1${i % 10}`,
        ci: random() < 0.3 ? undefined : `${pick(random, cis)}`,
        hermanosInscriben: Array.from({ length: Math.floor(random() * 3) }, () => ({
          nombre: pick(random, ['Ana Pérez', 'Ana Pérez Sosa', 'Ana Sosa Pérez', 'Ana Gómez']),
          ...(random() < 0.5 ? { ci: pick(random, cis) } : {}),
        })),
      }));
      // CIs repeat here (the database refuses that between enrolments): one per enrolment keeps it realistic.
      const seen = new Set<string>();
      for (const f of cycle) {
        if (f.ci && seen.has(f.ci)) f.ci = undefined;
        if (f.ci) seen.add(f.ci);
      }
      expect(grupos(new DuplicadosIndex(cycle).grupos()), `seed ${seed}`).toEqual(partes(findDuplicados(cycle)));
    }
  });

  it('makes one group of k look-alikes, in steps that grow with k', () => {
    const index = new DuplicadosIndex();
    const k = 20_000;
    const started = performance.now();
    for (let i = 0; i < k; i++) {
      index.set({
        inscriptoId: `r${String(i).padStart(5, '0')}`,
        nombre1: 'Lucía',
        apellido1: i % 2 ? 'Pérez' : 'Sosa',
        apellido2: i % 2 ? 'Sosa' : 'Pérez',
        fechaNacimiento: '2020-03-14',
        ci: validCi(String(1_000_000 + i)),
      });
    }
    const [grupo, ...otros] = index.grupos();
    expect(otros).toEqual([]);
    expect(grupo!.ninos).toHaveLength(k);
    expect(grupo!.motivos.slice(0, 2)).toEqual(['nombre_y_fecha', 'apellidos_invertidos']);
    // k² / 2 pairs would be 200 million; generous for a loaded machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('finds every reason on the way, and forgets a group when either record is deleted or edited apart', () => {
    const lucia = {
      inscriptoId: 'a',
      nombre1: 'Lucía',
      apellido1: 'Pérez',
      apellido2: 'Sosa',
      fechaNacimiento: '2020-03-14',
      ci: BASE_CIS[0],
    };
    const index = new DuplicadosIndex([lucia]);
    const reasons = (id: string, f: Partial<TDuplicadoFuente>) => {
      index.set({ ...lucia, ...f, inscriptoId: id });
      return grupos(index.grupos());
    };
    expect(reasons('b', { nombre1: 'LUCIA', ci: undefined })).toEqual(['a b nombre_y_fecha']);
    expect(reasons('b', { apellido1: 'Sosa', apellido2: 'Pérez', ci: undefined })).toEqual([
      'a b apellidos_invertidos',
    ]);
    expect(reasons('b', { nombre1: 'Ana', ci: oneDigit(BASE_CIS[0]!, 2) })).toEqual(['a b ci_un_digito']);
    expect(reasons('b', { nombre1: 'Ana', ci: swapAdjacent(BASE_CIS[0]!, 6) })).toEqual(['a b ci_digitos_invertidos']);
    expect(
      reasons('b', {
        nombre1: 'Ana',
        fechaNacimiento: '2019-01-01',
        hermanosInscriben: [{ nombre: 'Lucia Perez Sosa' }],
      }),
    ).toEqual(['a b#0 hermano_e_inscripto']);
    // Linked by the same CI: a real sibling, no pair.
    expect(
      reasons('b', {
        nombre1: 'Ana',
        fechaNacimiento: '2019-01-01',
        hermanosInscriben: [{ nombre: 'Lucia Perez Sosa', ci: lucia.ci }],
      }),
    ).toEqual([]);
    expect(reasons('b', { nombre1: 'LUCIA', ci: undefined })).toEqual(['a b nombre_y_fecha']);
    index.delete('a');
    expect(index.grupos()).toEqual([]);
    expect(index.size).toBe(1);
  });
});

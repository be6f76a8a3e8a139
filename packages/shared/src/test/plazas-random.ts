import { planRaffle } from '../sorteo/plan.ts';
import type { TEventoPlaza, TRespuestaPlaza } from '../sorteo/plazas-estado.ts';
import type { TPlazas, TSexoSorteo, TSorteoDraw } from '../sorteo/schemas.ts';
import { seededSource } from './test-random.ts';
import { unidad } from './test-units.ts';

/** Seeded helpers for the roll-up's property tests: random raffles and random answer logs. */
export function random(seed: number) {
  const source = seededSource(seed);
  return {
    source,
    int: (n: number) => source.uniform(n),
    chance: (p: number) => source.uniform(1_000_000) < p * 1_000_000,
    pick: <T>(items: readonly T[]) => items[source.uniform(items.length)]!,
  };
}

export type Random = ReturnType<typeof random>;

/** A raffle drawn by the real engine: lone children and sibling groups (mixed lists, "Otro" too). */
export function randomRaffle(r: Random): { draws: TSorteoDraw[]; plazas: TPlazas } {
  const sexos: readonly TSexoSorteo[] = ['F', 'M', 'F', 'M', 'Otro'];
  const count = 5 + r.int(40);
  const units = Array.from({ length: count }, (_, i) => {
    const size = r.chance(0.2) ? 2 + r.int(2) : 1;
    return unidad(
      i + 1,
      Array.from({ length: size }, () => r.pick(sexos)),
      r.chance(0.2),
    );
  });
  const plazas = { nenas: r.int(12), varones: r.int(12) };
  return { draws: planRaffle(units, plazas, r.source), plazas };
}

const HOUR = 60 * 60 * 1000;

/**
 * The next answer of a random log, `after` the previous one (hours to days later, so some offers expire
 * in between). Mostly to a unit holding an offer (`holders`, from the state so far), sometimes to any unit
 * (a suplente leaving the queue, a correction, an answer the rules refuse); now and then from one child of
 * a group alone.
 */
export function randomEvent(
  r: Random,
  draws: readonly TSorteoDraw[],
  holders: readonly number[],
  after: number,
): TEventoPlaza {
  const respuestas: readonly TRespuestaPlaza[] = ['aceptada', 'aceptada', 'rechazada', 'rechazada', 'vencida'];
  const t = after + (r.chance(0.7) ? r.int(12 * HOUR) : r.int(9 * 24 * HOUR));
  const numero = holders.length > 0 && r.chance(0.75) ? r.pick(holders) : r.pick(draws).numero;
  const size = draws.find((d) => d.numero === numero)!.miembros.length;
  const miembro = size > 1 && r.chance(0.3) ? r.int(size) : undefined;
  return {
    en: new Date(t).toISOString(),
    numero,
    respuesta: r.pick(respuestas),
    ...(miembro === undefined ? {} : { miembro }),
    motivo: 'prueba',
  };
}

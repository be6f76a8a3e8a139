import type { TSexoSorteo, TUnidad } from '../sorteo/schemas.ts';

/** Test factory: a unit numbered `numero` with one member per sexo given (a group when more than one). */
export function unidad(numero: number, sexos: readonly TSexoSorteo[], hermanosPrimaria = false): TUnidad {
  return {
    numero,
    hermanosPrimaria,
    miembros: sexos.map((sexo, i) => ({
      ci: String(50_000_000 + numero * 10 + i),
      inscriptoId: `id-${numero}-${i}`,
      nombreCompleto: `Niño ${numero}.${i}`,
      sexo,
    })),
  };
}

/** A population: `n` units of one kind, numbered from `from`. */
export function many(
  from: number,
  n: number,
  sexos: readonly TSexoSorteo[] | ((i: number) => readonly TSexoSorteo[]),
  hermanosPrimaria = false,
): TUnidad[] {
  return Array.from({ length: n }, (_, i) =>
    unidad(from + i, typeof sexos === 'function' ? sexos(i) : sexos, hermanosPrimaria),
  );
}

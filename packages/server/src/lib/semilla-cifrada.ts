import { cifrarCodigo, descifrarCodigo } from './codigos.ts';

/**
 * A raffle's secret seed is stored encrypted until the raffle closes (docs/decisions/0020, "La semilla
 * sellada"): whoever reads the database during the draw cannot compute the plan, so cannot try spellings of
 * the public value against it. At the close the seed is revealed and stored as it is published.
 * The raffle's id is bound as associated data: a sealed seed copied to another raffle does not open.
 */
const EN_CLARO = /^[0-9a-f]{64}$/;

const contexto = (sorteoId: string) => `semilla-sorteo:${sorteoId}`;

export const sellarSemilla = (clave: Buffer, semilla: string, sorteoId: string): string =>
  cifrarCodigo(clave, semilla, contexto(sorteoId));

/** The seed in hex, whether stored sealed or (after the close, or before sealing existed) as published; null
 * when it was sealed under another key (the server's secret changed during the raffle). */
export function semillaEnClaro(clave: Buffer, guardada: string, sorteoId: string): string | null {
  if (EN_CLARO.test(guardada)) return guardada;
  const semilla = descifrarCodigo(clave, guardada, contexto(sorteoId));
  return semilla !== null && EN_CLARO.test(semilla) ? semilla : null;
}

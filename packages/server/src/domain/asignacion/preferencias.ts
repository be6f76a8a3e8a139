import { AppError } from '@inscripciones/shared/errors.ts';
import { PREFERENCIAS_LABEL, PREFERENCIAS_MSG } from '@inscripciones/shared/escuelas/preferencias.ts';
import type { AppContext } from '../context.ts';
import { maxPreferenciasDelAnio } from './modo-ciclo.ts';

/**
 * The schools a family ranks (docs/decisions/0039): at most the network's N for the cycle's year, each one a
 * school of the network. The shape (codes, none twice) is the shared schema's; this is what only the network
 * knows. 400 with the field `preferencias` otherwise.
 */
export async function assertPreferencias(
  ctx: AppContext,
  anio: number,
  preferencias: readonly string[] | null | undefined,
): Promise<void> {
  if (!preferencias) return;
  const error = (message: string) =>
    new AppError('VALIDATION', message, [{ field: 'preferencias', label: PREFERENCIAS_LABEL, message }]);
  const max = await maxPreferenciasDelAnio(ctx.red.db, anio);
  if (preferencias.length > max) throw error(PREFERENCIAS_MSG.demasiadas(max));
  const codigos = new Set(ctx.red.escuelas().map((e) => e.codigo));
  const desconocida = preferencias.find((c) => !codigos.has(c));
  if (desconocida !== undefined) throw error(PREFERENCIAS_MSG.desconocida(desconocida));
}

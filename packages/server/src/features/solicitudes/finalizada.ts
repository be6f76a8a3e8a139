import type { AppContext } from '../../domain/context.ts';
import { codigoDelNumero, leerCodigo } from '../../domain/codigos-estado/codigos.ts';
import { findById } from '../../data/inscriptos/inscriptos-repository.ts';
import type { SolicitudRow } from '../../data/solicitudes/solicitudes-repository.ts';

/**
 * What a family sees of its finalised application (docs/decisions/0038): the enrolment's number and the code to
 * follow it on /estado. The family holds the application's code, so it may read the number's code: the same one
 * the constancia prints, made now if staff have not printed it yet.
 */
export async function finalizadaComo(
  ctx: AppContext,
  row: Pick<SolicitudRow, 'estado' | 'inscripto_id' | 'verificada_por'>,
): Promise<{ numeroInscripcion: number | null; codigoEstado: string | null }> {
  const nada = { numeroInscripcion: null, codigoEstado: null };
  if (row.estado !== 'finalizada' || !row.inscripto_id) return nada;
  const inscripto = await findById(ctx.db, row.inscripto_id);
  const numero = inscripto?.numero_inscripcion;
  if (!inscripto || numero === null || numero === undefined) return nada;
  const codigo = await codigoDelNumero(ctx, inscripto.ciclo_id, numero, row.verificada_por ?? 'solicitud', false);
  return { numeroInscripcion: numero, codigoEstado: leerCodigo(ctx, codigo) };
}

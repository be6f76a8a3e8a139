import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { TPreflight } from '@inscripciones/shared/sorteo/api-schema.ts';
import { estadisticas } from '@inscripciones/shared/sorteo/units.ts';
import { unitsNow } from '../../domain/sorteos/unidades.ts';
import { cicloActualAbierto } from '../../domain/ciclos/ciclo-scope.ts';
import type { AppContext } from '../../domain/context.ts';
import { gruposAbiertos } from '../../domain/duplicados/pares-abiertos.ts';
import * as enrolments from '../../data/inscriptos/sorteo-reads.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { finalizada } from '../../data/auditoria/audit-repository.ts';

/**
 * Who takes part if the raffle starts now (docs/decisions/0008 "Participantes y unidades"), and the pre-flight
 * the operator reviews before starting: who is left out and why, first of all the records that
 * were finalised and are pendiente now, and the siblings listed without an enrolment of their own.
 */

const nombreDe = (datos: string) => {
  const d = JSON.parse(datos) as Partial<TInscriptoData>;
  return [d.nombre1, d.nombre2, d.apellido1, d.apellido2].filter(Boolean).join(' ');
};

export async function preflight(ctx: AppContext, actor: SessionActor): Promise<TPreflight> {
  requirePermission(actor, 'sorteo:operar');
  const ciclo = await cicloActualAbierto(ctx.db);
  const [units, desfinalizados, pendientes, pares] = await Promise.all([
    unitsNow(ctx, ciclo.id),
    enrolments.desfinalizados(ctx.db, ciclo.id, finalizada(ctx.db)),
    enrolments.countPendientes(ctx.db, ciclo.id),
    gruposAbiertos(ctx.db),
  ]);
  return {
    estadisticas: estadisticas(units),
    unidades: units.length,
    desfinalizados: desfinalizados.map((r) => ({
      inscriptoId: r.id,
      numeroInscripcion: r.numero_inscripcion,
      nombreCompleto: nombreDe(r.datos),
      modificadoPor: r.updated_by,
      modificadoEn: r.updated_at,
    })),
    pendientes: pendientes - desfinalizados.length,
    hermanosSinInscripcion: units.flatMap((u) =>
      u.miembros
        .filter((m) => m.inscriptoId === null)
        .map((m) => ({
          numeroInscripcion: u.numero,
          nombreCompleto: m.nombreCompleto,
          deQuien: u.miembros
            .filter((o) => o.inscriptoId !== null)
            .map((o) => o.nombreCompleto)
            .join(', '),
        })),
    ),
    duplicadosAbiertos: pares.length,
  };
}

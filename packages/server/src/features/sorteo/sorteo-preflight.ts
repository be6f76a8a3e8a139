import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { TPreflight } from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { buildUnits, estadisticas, type TSorteoFuente } from '@inscripciones/shared/sorteo/units.ts';
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

type Extracto = [
  TInscriptoData['nombre1'] | null,
  TInscriptoData['nombre2'] | null,
  TInscriptoData['apellido1'] | null,
  TInscriptoData['apellido2'] | null,
  unknown,
  TInscriptoData['hermanosInscriben'] | null,
];

function toFuente(row: Awaited<ReturnType<typeof enrolments.finalisedEnrolments>>[number]): TSorteoFuente {
  let fields: Extracto;
  if (row.extracto !== null) {
    fields = JSON.parse(row.extracto) as Extracto; // enrolments.EXTRACTO, in that order
  } else {
    const d = JSON.parse(row.datos!) as TInscriptoData;
    fields = [d.nombre1, d.nombre2, d.apellido1, d.apellido2, d.tieneHermanosPrimaria, d.hermanosInscriben];
  }
  const [nombre1, nombre2, apellido1, apellido2, primaria, hermanos] = fields;
  return {
    inscriptoId: row.id,
    numero: row.numero_inscripcion!,
    ci: row.ci,
    sexo: row.sexo,
    nombreCompleto: [nombre1, nombre2, apellido1, apellido2].filter(Boolean).join(' '),
    tieneHermanosPrimaria: primaria === true,
    hermanosInscriben: hermanos ?? [],
  };
}

/** The units the raffle would freeze now: the cycle's finalised enrolments. */
export async function unitsNow(ctx: AppContext, cicloId: string): Promise<TUnidad[]> {
  const [rows, cis] = await Promise.all([
    enrolments.finalisedEnrolments(ctx.db, ctx.dialect, cicloId),
    enrolments.enrolledCis(ctx.db, cicloId),
  ]);
  return buildUnits(rows.map(toFuente), cis);
}

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

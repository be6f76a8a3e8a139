import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { buildUnits, type TSorteoFuente } from '@inscripciones/shared/sorteo/units.ts';
import type { AppContext } from '../context.ts';
import * as enrolments from '../../data/inscriptos/sorteo-reads.ts';

/**
 * Who takes part in a draw now (docs/decisions/0008 "Participantes y unidades"): the cycle's finalised enrolments
 * as units (a child, or siblings enrolling together). The school's raffle and the network's (0039) freeze these.
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

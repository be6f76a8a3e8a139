import { MESES_RETENCION_POR_DEFECTO, ZRetencion } from '@inscripciones/shared/ciclos/retencion-schema.ts';
import type { TEstadoPlazas } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import { calcularPlazas } from '@inscripciones/shared/sorteo/plazas.ts';
import type { Executor } from '../../db/executor.ts';
import { listCiclos, plazoDelCiclo, type CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { plazasDelCiclo, publicacionDe } from '../sorteos/plazas-del-ciclo.ts';
import { CLAVE_RETENCION, findConfiguracion } from '../../data/configuracion/configuracion-repository.ts';

/**
 * A season does not end when another cycle becomes current (docs/decisions/0030): the families' status page
 * and Plazas keep answering for every cycle that is open or was closed within the retention period (and not
 * anonymised yet), until its offers are over.
 */

/** The retention setting (months after closing, docs/privacy.md); the default while never saved. */
async function mesesDeRetencion(db: Executor): Promise<number> {
  const row = await findConfiguracion(db, CLAVE_RETENCION);
  const parsed = row ? ZRetencion.safeParse(JSON.parse(row.valor)) : null;
  return parsed?.success ? parsed.data.meses : MESES_RETENCION_POR_DEFECTO;
}

/** The instant `meses` months after `iso` (the 31st becomes the month's last day). */
function masMeses(iso: string, meses: number): Date {
  const at = new Date(iso);
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(at.getUTCMonth() + meses);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), last));
  return target;
}

/** Whether a cycle's season may still be read by families and staff at `ahora`. */
function cicloVigente(ciclo: CicloRow, meses: number, ahora: Date): boolean {
  if (ciclo.actual === 1) return true;
  if (ciclo.anonimizado_en) return false;
  if (ciclo.estado !== 'cerrado') return true;
  return !!ciclo.cerrado_en && masMeses(ciclo.cerrado_en, meses) > ahora;
}

/** The cycles still in force, the current one first, then the newest first. */
export async function ciclosVigentes(db: Executor, ahora: Date): Promise<CicloRow[]> {
  const [ciclos, meses] = await Promise.all([listCiclos(db), mesesDeRetencion(db)]);
  return ciclos.filter((c) => cicloVigente(c, meses, ahora)).sort((a, b) => b.actual - a.actual);
}

/** What is still open in a season: offers waiting for an answer (counted per number) and suplentes in line. */
export function abiertoEn(estado: TEstadoPlazas): { ofertas: number; suplentes: number } {
  return {
    ofertas: estado.ofertas.filter((o) => o.miembros.some((m) => m.estado === 'ofrecida')).length,
    suplentes: estado.cola.nenas.length + estado.cola.varones.length,
  };
}

/**
 * What is open in a cycle's season at `en`; null without a finished raffle. A season nobody opened yet is
 * read as it starts (its titulares' offers all open).
 */
export async function abiertoDelCiclo(db: Executor, cicloId: string, en: string) {
  const plazas = await plazasDelCiclo(db, cicloId, en);
  if (!plazas) return null;
  // Which offers are open does not depend on the opening hours, only their deadlines' exact times do.
  const inicio = {
    publicado_en: plazas.pub.archivadoEn,
    plazo_dias: await plazoDelCiclo(db, cicloId),
    horario_atencion: null,
  };
  return abiertoEn(plazas.estado ?? calcularPlazas(publicacionDe(plazas.pub, inicio), [], en));
}

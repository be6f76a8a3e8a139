import type { CampoDeCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import type { TContenido } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import type { CiclosTable } from '../../db/schema.ts';
import type { CicloRow } from './ciclos-repository.ts';

/**
 * The seasonal part of the school's content lives in the cycle (docs/decisions/0014): the lottery's date,
 * time, place and stream, the intake year and the places. These two functions map it both ways.
 */
export function contenidoDeCiclo(c: CicloRow): Pick<TContenido, CampoDeCiclo> {
  return {
    anioIngreso: c.anio_ingreso,
    sorteoFecha: c.sorteo_fecha,
    sorteoHora: c.sorteo_hora,
    sorteoLugar: c.sorteo_lugar,
    transmisionUrl: c.transmision_url,
    plazasNenas: c.plazas_nenas,
    plazasVarones: c.plazas_varones,
  };
}

export function columnasDeContenido(c: Partial<Pick<TContenido, CampoDeCiclo>>): Partial<CiclosTable> {
  const out: Partial<CiclosTable> = {};
  if (c.anioIngreso !== undefined) out.anio_ingreso = c.anioIngreso;
  if (c.sorteoFecha !== undefined) out.sorteo_fecha = c.sorteoFecha;
  if (c.sorteoHora !== undefined) out.sorteo_hora = c.sorteoHora;
  if (c.sorteoLugar !== undefined) out.sorteo_lugar = c.sorteoLugar;
  if (c.transmisionUrl !== undefined) out.transmision_url = c.transmisionUrl;
  if (c.plazasNenas !== undefined) out.plazas_nenas = c.plazasNenas;
  if (c.plazasVarones !== undefined) out.plazas_varones = c.plazasVarones;
  return out;
}

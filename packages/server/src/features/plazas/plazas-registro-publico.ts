import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import { canonicalUnits } from '@inscripciones/shared/sorteo/units.ts';
import { urlEsquema } from '@inscripciones/shared/sorteo/esquemas-publicos.ts';
import {
  REGISTRO_PUBLICO_FORMATO,
  encadenar,
  entradasDeLaTemporada,
  type TRegistroPublico,
} from '@inscripciones/shared/plazas/registro-publico.ts';
import { REGISTRO_FORMATO, type TRegistroPlazas } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { eventosDe, type Season } from '../../domain/sorteos/temporada.ts';

/**
 * GET /api/plazas/registro-publico.json: the season replayed into its chained public entries,
 * initials as in the public acta (canonical member order), never a name, a CI, who recorded it or why.
 */
export function registroPublicoDe(season: Season): TRegistroPublico {
  const porNumero = new Map(
    canonicalUnits(season.t.pub.units).map((u) => [u.numero, u.miembros.map((m) => iniciales(m.nombreCompleto))]),
  );
  const { entradas } = entradasDeLaTemporada(
    season.t.pub.id,
    season.publicacion,
    eventosDe(season.eventos).map(({ motivo: _motivo, ...e }) => e),
    season.estado.en,
    (numero, miembro) => porNumero.get(numero)?.[miembro] ?? '',
  );
  return {
    $schema: urlEsquema('registro-publico'),
    formato: REGISTRO_PUBLICO_FORMATO,
    en: season.estado.en,
    entradas: encadenar(entradas),
  };
}

/** The staff's register (GET /api/plazas/registro.json): the answer log with reasons and the offers made. */
export function registroDe(season: Season): TRegistroPlazas {
  return {
    formato: REGISTRO_FORMATO,
    sorteoId: season.t.pub.id,
    publicadoEn: season.t.publicacion.publicadoEn,
    plazoDias: season.t.publicacion.plazoDias,
    plazos: [...(season.publicacion.plazos ?? [])],
    ...(season.publicacion.horario ? { horario: season.publicacion.horario } : {}),
    en: season.estado.en,
    eventos: eventosDe(season.eventos).map((e) => ({
      en: e.en,
      numero: e.numero,
      respuesta: e.respuesta,
      ...(e.miembro === undefined ? {} : { miembro: e.miembro }),
      ...(e.motivo === undefined ? {} : { motivo: e.motivo }),
      ...(e.vence === undefined ? {} : { vence: e.vence }),
    })),
    ofertas: season.ofertas.map((o) => ({
      numero: Number(o.numero),
      miembro: Number(o.miembro),
      lista: o.lista,
      origen: o.origen,
      ofrecidaEn: o.ofrecida_en,
      vence: o.vence,
    })),
  };
}

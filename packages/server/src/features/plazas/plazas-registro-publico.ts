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
import { eventosDe, type TemporadaLeida } from '../../domain/sorteos/temporada.ts';

/**
 * GET /api/plazas/registro-publico.json: the season replayed into its chained public entries,
 * initials as in the public acta (canonical member order), never a name, a CI, who recorded it or why.
 */
export function registroPublicoDe(leida: TemporadaLeida): TRegistroPublico {
  const porNumero = new Map(
    canonicalUnits(leida.temporada.pub.units).map((u) => [
      u.numero,
      u.miembros.map((m) => iniciales(m.nombreCompleto)),
    ]),
  );
  const { entradas } = entradasDeLaTemporada(
    leida.temporada.pub.id,
    leida.publicacion,
    eventosDe(leida.eventos).map(({ motivo: _motivo, ...e }) => e),
    leida.estado.en,
    (numero, miembro) => porNumero.get(numero)?.[miembro] ?? '',
  );
  return {
    $schema: urlEsquema('registro-publico'),
    formato: REGISTRO_PUBLICO_FORMATO,
    en: leida.estado.en,
    entradas: encadenar(entradas),
  };
}

/** The staff's register (GET /api/plazas/registro.json): the answer log with reasons and the offers made. */
export function registroDe(leida: TemporadaLeida): TRegistroPlazas {
  return {
    formato: REGISTRO_FORMATO,
    sorteoId: leida.temporada.pub.id,
    publicadoEn: leida.temporada.publicacion.publicadoEn,
    plazoDias: leida.temporada.publicacion.plazoDias,
    plazos: [...(leida.publicacion.plazos ?? [])],
    ...(leida.publicacion.horario ? { horario: leida.publicacion.horario } : {}),
    en: leida.estado.en,
    eventos: eventosDe(leida.eventos).map((e) => ({
      en: e.en,
      numero: e.numero,
      respuesta: e.respuesta,
      ...(e.miembro === undefined ? {} : { miembro: e.miembro }),
      ...(e.motivo === undefined ? {} : { motivo: e.motivo }),
      ...(e.vence === undefined ? {} : { vence: e.vence }),
    })),
    ofertas: leida.ofertas.map((o) => ({
      numero: Number(o.numero),
      miembro: Number(o.miembro),
      lista: o.lista,
      origen: o.origen,
      ofrecidaEn: o.ofrecida_en,
      vence: o.vence,
    })),
  };
}

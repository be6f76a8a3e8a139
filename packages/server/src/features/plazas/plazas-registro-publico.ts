import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import { canonicalUnits } from '@inscripciones/shared/sorteo/units.ts';
import { urlEsquema } from '@inscripciones/shared/sorteo/esquemas-publicos.ts';
import {
  REGISTRO_PUBLICO_FORMATO,
  encadenar,
  entradasDeLaTemporada,
  type TRegistroPublico,
} from '@inscripciones/shared/plazas/registro-publico.ts';
import { eventosDe, type Season } from './plazas-season.ts';

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

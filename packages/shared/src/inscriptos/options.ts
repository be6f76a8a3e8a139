import { BARRIOS, BARRIO_OTRO, MARCAS_AUTO } from './catalogos.ts';

/**
 * Option lists of the enrolment form (SPEC 3 "Option lists"). For each list, `X_VALUES` is the tuple of
 * stored values (for z.enum) and `X` the `{ value, label }` list with the Spanish label shown to people and
 * written in PDFs and Excel. Counts are stored as text ('0', '10+', 'masde4'), as the spec lists them.
 *
 * Values the spec does not fix are ours (changing them later needs a data migration):
 * - parentesco: madre, padre, madrastra, padrastro, abuelo, abuela, tio, tia, hermano, hermana, tutor,
 *   otro. The first values name the household members that section 4 ticks (SPEC 2).
 * - escuelaUltimo: 'Inicial' (the spec's only value) and 'Ninguno' for a child who never attended.
 * - ultimoCentro: kinds of centre plus 'Otro centro' (which requires centroOtroAclarar). 'Seleccione' is the
 *   form's placeholder: it is never stored (the schema turns it into "not answered") and counts as empty.
 * - repitio, discapacidad: SI/NO like the other yes/no questions of the spec.
 * - hermanos, hermanas: '0'–'9' or '10+', like otrosAdultos and otrosMenores.
 * - otroResponsableNivel: the education levels of the mother and father.
 * - trabajoFuturo: what the family imagines for the child (estudiar, trabajar, estudiarYTrabajar, noSabe);
 *   trabajoFuturoTipo then names the kind of work or studies.
 * - Free text, not lists: ingresos (the sources of income; the amount is ingresosAclarar) and otroResponsable.
 */

export type Option<V extends string = string> = { readonly value: V; readonly label: string };

function toOptions<const V extends readonly string[]>(
  values: V,
  labels: Partial<Record<V[number], string>> = {},
): readonly Option<V[number]>[] {
  return Object.freeze(values.map((value: V[number]) => Object.freeze({ value, label: labels[value] ?? value })));
}

export const SEXO_VALUES = ['M', 'F', 'Otro'] as const;
export const SEXO = toOptions(SEXO_VALUES, { M: 'Masculino', F: 'Femenino', Otro: 'Otro' });

/** Siblings enrolling are M or F only (SPEC 3). */
export const SEXO_HERMANO_VALUES = ['M', 'F'] as const;
export const SEXO_HERMANO = toOptions(SEXO_HERMANO_VALUES, { M: 'Masculino', F: 'Femenino' });

export const SI_NO_VALUES = ['SI', 'NO'] as const;
export const SI_NO = toOptions(SI_NO_VALUES, { SI: 'Sí', NO: 'No' });

export const ZONA_TOLERANCIA_VALUES = ['Sí', 'No'] as const;
export const ZONA_TOLERANCIA = toOptions(ZONA_TOLERANCIA_VALUES);

export const ESCUELA_P_VALUES = ['Publica', 'Privada'] as const;
export const ESCUELA_P = toOptions(ESCUELA_P_VALUES, { Publica: 'Pública', Privada: 'Privada' });

export const ESCUELA_ULTIMO_VALUES = ['Inicial', 'Ninguno'] as const;
export const ESCUELA_ULTIMO = toOptions(ESCUELA_ULTIMO_VALUES, {
  Inicial: 'Educación Inicial',
  Ninguno: 'Ninguno (no asistió)',
});

/** The form's placeholder of the last-centre select; it counts as empty (SPEC 5). */
export const ULTIMO_CENTRO_SELECCIONE = 'Seleccione';
export const ULTIMO_CENTRO_OTRO = 'Otro centro';
export const ULTIMO_CENTRO_VALUES = [
  'Jardín público',
  'Escuela pública',
  'Jardín privado',
  'Colegio privado',
  'CAIF',
  ULTIMO_CENTRO_OTRO,
] as const;
export const ULTIMO_CENTRO = toOptions(ULTIMO_CENTRO_VALUES);

export const PARENTESCO_VALUES = [
  'madre',
  'padre',
  'madrastra',
  'padrastro',
  'abuelo',
  'abuela',
  'tio',
  'tia',
  'hermano',
  'hermana',
  'tutor',
  'otro',
] as const;
export const PARENTESCO = toOptions(PARENTESCO_VALUES, {
  madre: 'Madre',
  padre: 'Padre',
  madrastra: 'Madrastra',
  padrastro: 'Padrastro',
  abuelo: 'Abuelo',
  abuela: 'Abuela',
  tio: 'Tío',
  tia: 'Tía',
  hermano: 'Hermano',
  hermana: 'Hermana',
  tutor: 'Tutor/a legal',
  otro: 'Otro',
});

export const TRABAJO_VALUES = [
  'fijoMayor8',
  'fijoMenor8',
  'jubilado',
  'pensionista',
  'ocasionales',
  'buscando',
  'noBuscando',
  'otro',
] as const;
export const TRABAJO = toOptions(TRABAJO_VALUES, {
  fijoMayor8: 'Trabajo fijo de más de 8 horas',
  fijoMenor8: 'Trabajo fijo de menos de 8 horas',
  jubilado: 'Jubilado/a',
  pensionista: 'Pensionista',
  ocasionales: 'Trabajos ocasionales',
  buscando: 'Sin trabajo, buscando',
  noBuscando: 'Sin trabajo, sin buscar',
  otro: 'Otro',
});

export const VIVIENDA_VALUES = [
  'viviendaTerreno',
  'viviendaSolo',
  'alquila',
  'cedida',
  'viviendaFamiliar',
  'ocupaTerreno',
  'ocupaVivienda',
  'viviendaOtro',
] as const;
export const VIVIENDA = toOptions(VIVIENDA_VALUES, {
  viviendaTerreno: 'Propietario de la vivienda y el terreno',
  viviendaSolo: 'Propietario solo de la vivienda',
  alquila: 'Alquila',
  cedida: 'Vivienda cedida o prestada',
  viviendaFamiliar: 'Vive en la vivienda de un familiar',
  ocupaTerreno: 'Ocupa el terreno',
  ocupaVivienda: 'Ocupa la vivienda',
  viviendaOtro: 'Otra',
});

export const VEHICULO_VALUES = ['autoymoto', 'auto', 'moto', 'no', 'vehiculoOtro'] as const;
export const VEHICULO = toOptions(VEHICULO_VALUES, {
  autoymoto: 'Auto y moto',
  auto: 'Auto',
  moto: 'Moto',
  no: 'No tiene',
  vehiculoOtro: 'Otro',
});
/** The vehicle values that make the car's make, model and year required (SPEC 5, section 6). */
export const VEHICULOS_CON_AUTO: readonly string[] = ['auto', 'autoymoto'];

export const NIVEL_EDUCATIVO_VALUES = [
  'primariaCompleta',
  'primariaIncompleta',
  'secundariaCompleta',
  'secundariaIncompleta',
  'utecCompleta',
  'utecIncompleta',
  'universidadCompleta',
  'universidadIncompleta',
  'noAplica',
] as const;
export const NIVEL_EDUCATIVO = toOptions(NIVEL_EDUCATIVO_VALUES, {
  primariaCompleta: 'Primaria completa',
  primariaIncompleta: 'Primaria incompleta',
  secundariaCompleta: 'Secundaria completa',
  secundariaIncompleta: 'Secundaria incompleta',
  utecCompleta: 'UTU/UTEC completa',
  utecIncompleta: 'UTU/UTEC incompleta',
  universidadCompleta: 'Universidad completa',
  universidadIncompleta: 'Universidad incompleta',
  noAplica: 'No aplica',
});

export const ULTIMO_ANIO_CENTRO_VALUES = ['muyBien', 'bien', 'regular', 'mal', 'muyMal'] as const;
export const ULTIMO_ANIO_CENTRO = toOptions(ULTIMO_ANIO_CENTRO_VALUES, {
  muyBien: 'Muy bien',
  bien: 'Bien',
  regular: 'Regular',
  mal: 'Mal',
  muyMal: 'Muy mal',
});

export const TRABAJO_FUTURO_VALUES = ['estudiar', 'trabajar', 'estudiarYTrabajar', 'noSabe'] as const;
export const TRABAJO_FUTURO = toOptions(TRABAJO_FUTURO_VALUES, {
  estudiar: 'Que siga estudiando',
  trabajar: 'Que trabaje',
  estudiarYTrabajar: 'Que estudie y trabaje',
  noSabe: 'No sabe / no lo pensó',
});

export const TRABAJO_FUTURO_TIPO_VALUES = [
  'profesional',
  'tecnico',
  'oficio',
  'comercio',
  'servicios',
  'terciario',
  'universitario',
  'noUniversitario',
  'otro',
] as const;
export const TRABAJO_FUTURO_TIPO = toOptions(TRABAJO_FUTURO_TIPO_VALUES, {
  profesional: 'Profesional',
  tecnico: 'Técnico',
  oficio: 'Oficio',
  comercio: 'Comercio',
  servicios: 'Servicios',
  terciario: 'Estudios terciarios',
  universitario: 'Estudios universitarios',
  noUniversitario: 'Estudios terciarios no universitarios',
  otro: 'Otro',
});

export const RAZON_ELEGIR_VALUES = ['propuestaEducativa', 'extensionHoraria', 'cercania', 'seguridad', 'otra'] as const;
export const RAZON_ELEGIR = toOptions(RAZON_ELEGIR_VALUES, {
  propuestaEducativa: 'Propuesta educativa',
  extensionHoraria: 'Extensión horaria',
  cercania: 'Cercanía',
  seguridad: 'Seguridad',
  otra: 'Otra',
});

export const ABUELOS_VALUES = ['0', '1', '2'] as const;
export const ABUELOS = toOptions(ABUELOS_VALUES);

/** otrosAdultos, otrosMenores, hermanos and hermanas. */
export const OTROS_VALUES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+'] as const;
export const OTROS = toOptions(OTROS_VALUES, { '10+': '10 o más' });

export const MENORES_VALUES = ['0', '1', '2', '3', '4', 'masde4'] as const;
export const MENORES = toOptions(MENORES_VALUES, { masde4: 'Más de 4' });

export const TOTAL_INTEGRANTES_VALUES = ['1', '2', '3', '4', '5', '6', '7', 'masde7'] as const;
export const TOTAL_INTEGRANTES = toOptions(TOTAL_INTEGRANTES_VALUES, { masde7: 'Más de 7' });

/** Numbers, not text: the schema stores them as integers. */
export const CANTIDAD_HERMANOS_INSCRIBEN_VALUES = [0, 1, 2, 3, 4] as const;
export const CANTIDAD_HERMANOS_INSCRIBEN = toOptions(['0', '1', '2', '3', '4'] as const);
export const MAX_HERMANOS_INSCRIBEN = 4;

export const NIVEL_HERMANO_INSCRIBE_VALUES = ['Inicial'] as const;
export const NIVEL_HERMANO_INSCRIBE = toOptions(NIVEL_HERMANO_INSCRIBE_VALUES);

export const NIVEL_HERMANO_PRIMARIA_VALUES = [1, 2, 3, 4, 5, 6] as const;
export const NIVEL_HERMANO_PRIMARIA = toOptions(['1', '2', '3', '4', '5', '6'] as const, {
  '1': '1° año',
  '2': '2° año',
  '3': '3° año',
  '4': '4° año',
  '5': '5° año',
  '6': '6° año',
});
export const MAX_HERMANOS_PRIMARIA = 6;

export const BARRIO = toOptions(BARRIOS, { [BARRIO_OTRO]: 'Otro' });
export const MARCA_AUTO = toOptions(MARCAS_AUTO);

/**
 * The field catalogue of the enrolment form: every form field by its server name (SPEC 3), its Spanish
 * label and its section (SPEC 2). The labels of the mandatory fields are exactly those of SPEC 5, since the
 * missing-field messages name them; the others are ours. Order: the form's order.
 */

export const SECTION_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export type SectionNumber = (typeof SECTION_NUMBERS)[number];

/** SPEC 2: the 11 sections of the form, by number. */
export const SECTION_TITLES: Readonly<Record<SectionNumber, string>> = {
  1: 'Datos Personales del Estudiante',
  2: 'Domicilio y contacto',
  3: 'Trayectoria educativa',
  4: 'Composición y situación del hogar',
  5: 'Ingresos y beneficios',
  6: 'Vivienda, trabajo y bienes',
  7: 'Nivel educativo de los responsables',
  8: 'Motivaciones y expectativas',
  9: 'Hermanos que se inscriben este año (opcional)',
  10: 'Hermanos ya en primaria del centro (opcional)',
  11: 'Observaciones',
};

export interface InscriptoField {
  readonly name: string;
  readonly label: string;
  readonly section: SectionNumber;
}

const f = (section: SectionNumber, name: string, label: string): InscriptoField =>
  Object.freeze({ name, label, section });

export const INSCRIPTO_FIELDS: readonly InscriptoField[] = Object.freeze([
  f(1, 'nombre1', 'Primer Nombre'),
  f(1, 'nombre2', 'Segundo Nombre'),
  f(1, 'apellido1', 'Primer Apellido'),
  f(1, 'apellido2', 'Segundo Apellido'),
  f(1, 'fechaNacimiento', 'Fecha de nacimiento'),
  f(1, 'sexo', 'Sexo'),
  f(1, 'ci', 'Cédula de Identidad'),

  f(2, 'domicilio', 'Domicilio'),
  f(2, 'barrio', 'Barrio'),
  f(2, 'barrioOtro', 'Otro barrio'),
  f(2, 'zonaTolerancia', '¿Está en zona de tolerancia?'),
  f(2, 'fueraDeZonaAutorizado', 'ADMIN: Fuera de zona autorizado'),
  f(2, 'tel', 'Teléfono fijo'),
  f(2, 'cel1', 'Celular 1 (del adulto referente)'),
  f(2, 'cel2', 'Celular 2'),
  f(2, 'cel3', 'Celular 3'),
  f(2, 'email', 'Correo electrónico (del adulto referente)'),
  f(2, 'avisosConsentimiento', '¿Acepta recibir avisos sobre la inscripción por correo y celular?'),
  f(2, 'inscriptor', 'Persona que inscribe'),
  f(2, 'parentesco', 'Parentesco del inscriptor'),

  f(3, 'escuelaAnioActual', educacionInicialLabel()),
  f(3, 'escuelaAnioActualExtendido', 'Centro de tiempo completo/extendido'),
  f(3, 'escuelaUltimo', 'Último año cursado'),
  f(3, 'ultimoCentro', 'Último centro de estudios'),
  f(3, 'centroOtroAclarar', 'Aclaración de Otro centro'),
  f(3, 'escuelaP', 'Tipo de centro (público/privado)'),
  f(3, 'repitio', '¿Repitió algún año?'),
  f(3, 'necesidadesEducativas', '¿El estudiante tiene necesidades educativas especiales?'),
  f(3, 'necesidadesEducativasAclarar', 'Aclaración de necesidades educativas especiales'),
  f(3, 'caif', 'CAIF'),
  f(3, 'caifInicio', 'CAIF: año de inicio'),
  f(3, 'caifFin', 'CAIF: año de fin'),
  f(3, 'clubNinos', 'Club de Niños'),
  f(3, 'clubNinosInicio', 'Club de Niños: año de inicio'),
  f(3, 'clubNinosFin', 'Club de Niños: año de fin'),
  f(3, 'clubDeportivo', 'Club Deportivo'),
  f(3, 'clubDeportivoInicio', 'Club Deportivo: año de inicio'),
  f(3, 'clubDeportivoFin', 'Club Deportivo: año de fin'),
  f(3, 'centroEducativoRecreativo', 'Centro Educativo Recreativo'),
  f(3, 'centroEducativoRecreativoInicio', 'Centro Educativo Recreativo: año de inicio'),
  f(3, 'centroEducativoRecreativoFin', 'Centro Educativo Recreativo: año de fin'),

  f(4, 'monoparental', '¿Monoparental?'),
  f(4, 'madre', 'Madre'),
  f(4, 'padre', 'Padre'),
  f(4, 'madrastra', 'Madrastra'),
  f(4, 'padrastro', 'Padrastro'),
  f(4, 'abuelos', 'Cantidad de abuelos'),
  f(4, 'abuelas', 'Cantidad de abuelas'),
  f(4, 'otrosAdultos', 'Cantidad de otros adultos'),
  f(4, 'otrosAdultosAclarar', 'Aclaración de otros adultos'),
  f(4, 'hermanos', 'Cantidad de hermanos'),
  f(4, 'hermanas', 'Cantidad de hermanas'),
  f(4, 'otrosMenores', 'Cantidad de otros menores'),
  f(4, 'otrosMenoresAclarar', 'Aclaración de otros menores'),
  f(4, 'discapacidad', '¿Algún integrante del hogar tiene discapacidad?'),
  f(4, 'menores', 'Cantidad total de menores de edad'),
  f(4, 'totalIntegrantesHogar', 'Total de integrantes del hogar'),

  f(5, 'ingresos', 'Fuentes de ingreso del hogar'),
  f(5, 'ingresosAclarar', 'Ingresos mensuales del hogar'),
  f(5, 'planEquidad', 'Plan de Equidad'),
  f(5, 'tarjetaUruguaySocial', 'Tarjeta Uruguay Social'),
  f(5, 'asignacionFamiliar', 'Asignación Familiar'),

  f(6, 'trabajo', 'Tipo de trabajo de la persona a cargo'),
  f(6, 'trabajoOtroAclarar', 'Aclaración de otro tipo de trabajo'),
  f(6, 'vivienda', 'Tipo de vivienda'),
  f(6, 'viviendaOtroAclarar', 'Aclaración de otro tipo de vivienda'),
  f(6, 'vehiculo', 'Tipo de vehículo'),
  f(6, 'vehiculoOtroAclarar', 'Aclaración de otro tipo de vehículo'),
  f(6, 'marcaAuto', 'Marca del auto'),
  f(6, 'marcaAutoOtroAclarar', 'Aclaración de otra marca de auto'),
  f(6, 'modeloAuto', 'Modelo del auto'),
  f(6, 'anioAuto', 'Año del auto'),

  f(7, 'nivelEducativoMadre', 'Nivel educativo de la madre'),
  f(7, 'nivelEducativoPadre', 'Nivel educativo del padre'),
  f(7, 'otroResponsable', 'Otro responsable'),
  f(7, 'otroResponsableNivel', 'Nivel educativo del otro responsable'),
  f(7, 'otroResponsableAclarar', 'Aclaración sobre el otro responsable'),

  f(8, 'razonElegirInstitucion', 'Razón para elegir la institución'),
  f(8, 'razonElegirInstitucionOtra', 'Otra razón para elegir la institución'),
  f(8, 'ultimoAnioCentroEstudios', '¿Cómo le fue en el último año en el centro de estudios?'),
  f(8, 'trabajoFuturo', '¿Qué futuro imagina para el estudiante?'),
  f(8, 'trabajoFuturoTipo', 'Tipo de trabajo o estudio que imagina'),
  f(8, 'trabajoFuturoTipoOtro', 'Aclaración de otro tipo de trabajo o estudio'),

  f(9, 'cantidadHermanosInscriben', 'Cantidad de hermanos que se inscriben'),
  f(9, 'hermanosInscriben', 'Hermanos que se inscriben'),

  f(10, 'tieneHermanosPrimaria', '¿Tiene hermanos en primaria del centro?'),
  f(10, 'hermanosPrimaria', 'Hermanos en primaria del centro'),

  f(11, 'observaciones', 'Observaciones'),
]);

/** Labels of the fields of one sibling row (hermanosInscriben, hermanosPrimaria). */
export const HERMANO_FIELD_LABELS: Readonly<Record<string, string>> = {
  nombre: 'Nombre completo',
  nivel: 'Nivel',
  ci: 'Cédula',
  sexo: 'Sexo',
  grupo: 'Grupo',
};

/** System fields of the record (SPEC 3), never part of the form payload. */
export const SYSTEM_FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'Id',
  numeroInscripcion: 'N° Inscripción',
  estado: 'Estado',
  fechaInscripcion: 'Fecha inscripción',
  createdAt: 'Fecha de creación',
  updatedAt: 'Última modificación',
  createdBy: 'Creado por',
  funcionario: 'Inscripción realizada por',
  version: 'Versión',
};

/**
 * "Educación Inicial 2024" (SPEC 5) asks whether the child is in Educación Inicial in the year of the
 * enrolment, the one before the intake year: "Educación Inicial 2026" in Ingresos 2027. SPEC 5's label is the
 * one of Ingresos 2025, and stays where the cycle is not known.
 */
export const EDUCACION_INICIAL_FIELD = 'escuelaAnioActual';
export function educacionInicialLabel(anioIngreso?: number | null): string {
  return anioIngreso ? `Educación Inicial ${anioIngreso - 1}` : 'Educación Inicial 2024';
}

/** The label of a form field in the cycle of this intake year (only "Educación Inicial …" names a year). */
export function fieldLabelFor(name: string, anioIngreso?: number | null): string {
  if (name === EDUCACION_INICIAL_FIELD) return educacionInicialLabel(anioIngreso);
  return FIELD_LABELS[name] ?? name;
}

/** Name → label of every form field and system field (API validation errors name fields with these). */
export const FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(INSCRIPTO_FIELDS.map((field) => [field.name, field.label])),
  ...SYSTEM_FIELD_LABELS,
});

/** The form fields of one section, in order. */
export function sectionFields(section: SectionNumber): readonly InscriptoField[] {
  return INSCRIPTO_FIELDS.filter((field) => field.section === section);
}

import { describe, expect, it } from 'vitest';
import {
  FIELD_LABELS,
  INSCRIPTO_FIELDS,
  SECTION_NUMBERS,
  SECTION_TITLES,
  educacionInicialLabel,
  fieldLabelFor,
  sectionFields,
} from './fields.ts';
import { labelsOf, sectionMissing } from './sections.ts';
import { INSCRIPTO_DATA_KEYS } from './inscripto-schema.ts';

describe('INSCRIPTO_FIELDS (field catalogue)', () => {
  it('lists every schema field once, in the schema order', () => {
    expect(INSCRIPTO_FIELDS.map((f) => f.name)).toEqual(INSCRIPTO_DATA_KEYS);
  });

  it('has a label and a section 1–11 for each field, and fields in every section', () => {
    for (const f of INSCRIPTO_FIELDS) {
      expect(f.label.trim()).not.toBe('');
      expect(SECTION_NUMBERS).toContain(f.section);
    }
    for (const s of SECTION_NUMBERS) expect(sectionFields(s).length).toBeGreaterThan(0);
  });

  it('has no two fields with the same label', () => {
    const labels = INSCRIPTO_FIELDS.map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  // SPEC 5 "Mandatory fields for completeness (labels as shown to users)".
  it.each([
    ['nombre1', 'Primer Nombre'],
    ['apellido1', 'Primer Apellido'],
    ['fechaNacimiento', 'Fecha de nacimiento'],
    ['sexo', 'Sexo'],
    ['ci', 'Cédula de Identidad'],
    ['domicilio', 'Domicilio'],
    ['barrio', 'Barrio'],
    ['zonaTolerancia', '¿Está en zona de tolerancia?'],
    ['cel1', 'Celular 1 (del adulto referente)'],
    ['inscriptor', 'Persona que inscribe'],
    ['parentesco', 'Parentesco del inscriptor'],
    ['escuelaAnioActual', 'Educación Inicial 2024'],
    ['escuelaAnioActualExtendido', 'Centro de tiempo completo/extendido'],
    ['escuelaUltimo', 'Último año cursado'],
    ['ultimoCentro', 'Último centro de estudios'],
    ['centroOtroAclarar', 'Aclaración de Otro centro'],
    ['escuelaP', 'Tipo de centro (público/privado)'],
    ['necesidadesEducativas', '¿El estudiante tiene necesidades educativas especiales?'],
    ['monoparental', '¿Monoparental?'],
    ['menores', 'Cantidad total de menores de edad'],
    ['totalIntegrantesHogar', 'Total de integrantes del hogar'],
    ['ingresosAclarar', 'Ingresos mensuales del hogar'],
    ['trabajo', 'Tipo de trabajo de la persona a cargo'],
    ['vivienda', 'Tipo de vivienda'],
    ['vehiculo', 'Tipo de vehículo'],
    ['otroResponsableNivel', 'Nivel educativo del otro responsable'],
    ['razonElegirInstitucion', 'Razón para elegir la institución'],
    ['fueraDeZonaAutorizado', 'ADMIN: Fuera de zona autorizado'],
    ['numeroInscripcion', 'N° Inscripción'],
    ['estado', 'Estado'],
    ['funcionario', 'Inscripción realizada por'],
    ['id', 'Id'],
    ['version', 'Versión'],
  ])('%s → %j', (name, label) => {
    expect(FIELD_LABELS[name]).toBe(label);
  });
});

describe('SECTION_TITLES (SPEC 2)', () => {
  it('names the 11 sections, 1 to 11', () => {
    expect(Object.keys(SECTION_TITLES).map(Number)).toEqual([...SECTION_NUMBERS]);
    expect(SECTION_TITLES[1]).toBe('Datos Personales del Estudiante');
    expect(SECTION_TITLES[7]).toBe('Nivel educativo de los responsables');
    expect(SECTION_TITLES[11]).toBe('Observaciones');
  });
});

describe('"Educación Inicial …" names the year of the cycle', () => {
  it('is the year before the intake year: Ingresos 2027 asks about Educación Inicial 2026', () => {
    expect(educacionInicialLabel(2027)).toBe('Educación Inicial 2026');
    expect(fieldLabelFor('escuelaAnioActual', 2027)).toBe('Educación Inicial 2026');
  });

  it("keeps SPEC 5's label where the cycle is not known (and for Ingresos 2025, the spec's own)", () => {
    expect(educacionInicialLabel()).toBe('Educación Inicial 2024');
    expect(educacionInicialLabel(null)).toBe('Educación Inicial 2024');
    expect(educacionInicialLabel(2025)).toBe('Educación Inicial 2024');
    expect(fieldLabelFor('escuelaAnioActual')).toBe('Educación Inicial 2024');
  });

  it('changes no other label', () => {
    expect(fieldLabelFor('nombre1', 2027)).toBe('Primer Nombre');
    expect(fieldLabelFor('desconocido', 2027)).toBe('desconocido');
  });

  it("names the cycle's year in the missing-field lists, the spec's without a year", () => {
    const missing = sectionMissing(3, {});
    expect(labelsOf(missing, 2027)[0]).toBe('Educación Inicial 2026');
    expect(labelsOf(missing)[0]).toBe('Educación Inicial 2024');
    expect(labelsOf(missing, 2027).slice(1)).toEqual(labelsOf(missing).slice(1));
  });
});

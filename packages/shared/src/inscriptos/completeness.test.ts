import { describe, expect, it } from 'vitest';
import { labelsOf } from './sections.ts';
import { MANDATORY_COUNT, completionPercent, isComplete, missingForCompleteness } from './completeness.ts';
import { completeInscripto } from '../test/fixtures.ts';

const TODAY = new Date('2025-06-15T15:00:00Z');
const full = { ...completeInscripto(TODAY), funcionario: 'mperez' };

/** SPEC 5's list in order, the education-level rule in section 7's place, then the full check. */
const ALL_MISSING = [
  'Primer Nombre',
  'Primer Apellido',
  'Fecha de nacimiento',
  'Sexo',
  'Cédula de Identidad',
  'Domicilio',
  'Barrio',
  '¿Está en zona de tolerancia?',
  'Celular 1 (del adulto referente)',
  'Persona que inscribe',
  'Parentesco del inscriptor',
  'Educación Inicial 2024',
  'Centro de tiempo completo/extendido',
  'Último año cursado',
  'Último centro de estudios',
  'Tipo de centro (público/privado)',
  '¿El estudiante tiene necesidades educativas especiales?',
  '¿Monoparental?',
  'Cantidad total de menores de edad',
  'Total de integrantes del hogar',
  'Ingresos mensuales del hogar',
  'Tipo de trabajo de la persona a cargo',
  'Tipo de vivienda',
  'Tipo de vehículo',
  'Nivel educativo (al menos uno: madre o padre)',
  'Razón para elegir la institución',
  '¿Cómo le fue en el último año en el centro de estudios?',
  '¿Qué futuro imagina para el estudiante?',
  'Tipo de trabajo o estudio que imagina',
  'Inscripción realizada por',
];

/** The fields of the first 15 labels of ALL_MISSING. */
const FIRST_15_FIELDS = [
  'nombre1',
  'apellido1',
  'fechaNacimiento',
  'sexo',
  'ci',
  'domicilio',
  'barrio',
  'zonaTolerancia',
  'cel1',
  'inscriptor',
  'parentesco',
  'escuelaAnioActual',
  'escuelaAnioActualExtendido',
  'escuelaUltimo',
  'ultimoCentro',
];

describe('missingForCompleteness (SPEC 5)', () => {
  it('a complete record misses nothing', () => {
    expect(missingForCompleteness(full)).toEqual([]);
    expect(isComplete(full)).toBe(true);
  });

  it('an empty record misses everything, in order', () => {
    expect(labelsOf(missingForCompleteness({}))).toEqual(ALL_MISSING);
    expect(isComplete({})).toBe(false);
  });

  it('names each missing item by its server field name', () => {
    expect(missingForCompleteness({ ...full, funcionario: undefined, hermanosInscriben: undefined })).toEqual([
      { field: 'funcionario', label: 'Inscripción realizada por', message: 'Este campo es obligatorio' },
    ]);
    const fields = missingForCompleteness({}).map((f) => f.field);
    expect(fields.slice(0, 3)).toEqual(['nombre1', 'apellido1', 'fechaNacimiento']);
    expect(fields).toContain('nivelEducativoMadre');
  });

  it.each([
    ['the funcionario (the fixture has none)', { funcionario: undefined }, ['Inscripción realizada por']],
    ['a whitespace-only name', { nombre1: '  ' }, ['Primer Nombre']],
    ['a whitespace-only funcionario', { funcionario: ' ' }, ['Inscripción realizada por']],
    ['null', { domicilio: null }, ['Domicilio']],
    ['zonaTolerancia', { zonaTolerancia: undefined }, ['¿Está en zona de tolerancia?']],
    ['zonaTolerancia when authorised out of zone', { zonaTolerancia: undefined, fueraDeZonaAutorizado: true }, []],
    ['ultimoCentro Seleccione', { ultimoCentro: 'Seleccione' }, ['Último centro de estudios']],
    [
      'the Otro centro clarification, after the centre',
      { ultimoCentro: 'Otro centro', escuelaUltimo: undefined },
      ['Último año cursado', 'Aclaración de Otro centro'],
    ],
    ['Otro centro, clarified', { ultimoCentro: 'Otro centro', centroOtroAclarar: 'Jardín X' }, []],
    ['the other responsible’s level', { otroResponsable: 'Tía Ana' }, ['Nivel educativo del otro responsable']],
    ['another responsible with level', { otroResponsable: 'Tía Ana', otroResponsableNivel: 'noAplica' }, []],
    ['one parent’s level is enough', { nivelEducativoMadre: undefined }, []],
    [
      'neither parent',
      { nivelEducativoMadre: undefined, nivelEducativoPadre: undefined },
      ['Nivel educativo (al menos uno: madre o padre)'],
    ],
    ['no reason', { razonElegirInstitucion: [] }, ['Razón para elegir la institución']],
    [
      'the full check',
      { ultimoAnioCentroEstudios: undefined, trabajoFuturo: undefined, trabajoFuturoTipo: undefined },
      [
        '¿Cómo le fue en el último año en el centro de estudios?',
        '¿Qué futuro imagina para el estudiante?',
        'Tipo de trabajo o estudio que imagina',
      ],
    ],
    [
      'optional fields are not required',
      { nombre2: undefined, observaciones: undefined, hermanosInscriben: undefined },
      [],
    ],
  ])('%s', (_name, change, missing) => {
    expect(labelsOf(missingForCompleteness({ ...full, ...change }))).toEqual(missing);
  });
});

describe('completionPercent: filled out of (mandatory count + 1), rounded, minimum 0', () => {
  const withoutFirst15 = Object.fromEntries(Object.entries(full).filter(([k]) => !FIRST_15_FIELDS.includes(k)));
  it('counts 29 single items plus the reasons', () => {
    expect(MANDATORY_COUNT).toBe(29);
  });

  it.each([
    ['complete', full, 100],
    ['empty', {}, 0],
    ['empty but for Otro centro (the clarification takes its place)', { ultimoCentro: 'Otro centro' }, 0],
    ['one item missing: 29/30', { ...full, funcionario: undefined }, 97],
    ['two items missing: 28/30', { ...full, funcionario: undefined, sexo: undefined }, 93],
    ['half missing: 15/30', withoutFirst15, 50],
    ['only the reasons: 1/30', { razonElegirInstitucion: ['cercania'] }, 3],
  ])('%s → %i%%', (_name, data, percent) => {
    expect(completionPercent(data)).toBe(percent);
  });

  it('is 100 only when complete', () => {
    for (const key of Object.keys(full)) {
      const data = { ...full, [key]: undefined };
      expect(completionPercent(data) === 100).toBe(isComplete(data));
    }
  });
});

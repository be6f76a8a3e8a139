import { describe, expect, it } from 'vitest';
import { SECTION_NUMBERS } from './fields.ts';
import { completeInscripto } from '../test/fixtures.ts';
import { INSCRIPTO_MSG } from './messages.ts';
import { type InscriptoInput } from './rules-input.ts';
import type { FieldError } from '../errors.ts';
import { inputsOf, labelsOf, ruleErrors, sectionBlockers, sectionErrors, sectionMissing } from './sections.ts';

const TODAY = new Date('2025-06-15T15:00:00Z');
const full = completeInscripto(TODAY);
const LENGTH = 'La cédula debe tener exactamente 8 dígitos (7 + verificador)';
const messagesOf = (findings: readonly FieldError[]) => findings.map((f) => f.message);

describe('a complete record passes every section', () => {
  it.each(SECTION_NUMBERS)('section %i', (section) => {
    expect(sectionBlockers(section, full, TODAY)).toEqual({ missing: [], errors: [] });
  });
});

describe('sectionMissing on an empty record (SPEC 5 "Per-section required fields")', () => {
  it.each([
    [1, ['Primer Nombre', 'Primer Apellido', 'Fecha de nacimiento', 'Sexo', 'Cédula de Identidad']],
    [
      2,
      [
        'Domicilio',
        'Barrio',
        '¿Está en zona de tolerancia?',
        'Celular 1 (del adulto referente)',
        'Persona que inscribe',
        'Parentesco del inscriptor',
      ],
    ],
    [
      3,
      [
        'Educación Inicial 2024',
        'Centro de tiempo completo/extendido',
        'Último año cursado',
        'Último centro de estudios',
        'Tipo de centro (público/privado)',
        '¿El estudiante tiene necesidades educativas especiales?',
      ],
    ],
    [4, ['Cantidad total de menores de edad', 'Total de integrantes del hogar', '¿Monoparental?']],
    [5, ['Ingresos mensuales del hogar']],
    [6, ['Tipo de trabajo de la persona a cargo', 'Tipo de vivienda', 'Tipo de vehículo']],
    [7, ['Nivel educativo (al menos uno: madre o padre)']],
    [8, ['Razón para elegir la institución']],
    [9, []],
    [10, []],
    [11, []],
  ] as const)('section %i', (section, labels) => {
    expect(labelsOf(sectionMissing(section, {}))).toEqual(labels);
  });

  it('treats whitespace-only text and empty lists as empty', () => {
    expect(labelsOf(sectionMissing(1, { ...full, nombre1: '   ' }))).toEqual(['Primer Nombre']);
    expect(labelsOf(sectionMissing(8, { ...full, razonElegirInstitucion: [] }))).toEqual([
      'Razón para elegir la institución',
    ]);
  });

  it('builds the spec message', () => {
    expect(INSCRIPTO_MSG.cannotAdvance(labelsOf(sectionMissing(4, { ...full, menores: '' })).join(', '))).toBe(
      '❌ No podés avanzar a la siguiente sección. Por favor completá los siguientes campos obligatorios: ' +
        'Cantidad total de menores de edad.',
    );
  });

  it('names each field by the server field name, with its label and message', () => {
    expect(sectionMissing(1, { ...full, sexo: '' })).toEqual([
      { field: 'sexo', label: 'Sexo', message: 'Este campo es obligatorio' },
    ]);
    const [rule] = sectionMissing(7, { ...full, nivelEducativoMadre: '', nivelEducativoPadre: '' });
    expect(rule).toEqual({
      field: 'nivelEducativoMadre',
      label: 'Nivel educativo (al menos uno: madre o padre)',
      message: 'Nivel educativo (al menos uno: madre o padre)',
    });
    // Either parent's level satisfies the rule: it is about both inputs.
    expect(inputsOf(rule!)).toEqual(['nivelEducativoMadre', 'nivelEducativoPadre']);
    expect(inputsOf({ field: 'sexo', label: 'Sexo', message: '' })).toEqual(['sexo']);
  });
});

describe('sectionMissing conditions', () => {
  it.each<[string, 1 | 2 | 3 | 6 | 7, InscriptoInput, string[]]>([
    ['barrio otro needs barrioOtro', 2, { barrio: 'otro' }, ['Otro barrio']],
    ['barrio otro with barrioOtro', 2, { barrio: 'otro', barrioOtro: 'Villa García' }, []],
    ['zonaTolerancia required', 2, { zonaTolerancia: undefined }, ['¿Está en zona de tolerancia?']],
    [
      'the consent to messages, with a mobile to send them to',
      2,
      { avisosConsentimiento: undefined },
      ['¿Acepta recibir avisos sobre la inscripción por correo y celular?'],
    ],
    [
      '… or only an e-mail',
      2,
      { avisosConsentimiento: undefined, cel1: undefined, email: 'ana@correo.uy' },
      ['Celular 1 (del adulto referente)', '¿Acepta recibir avisos sobre la inscripción por correo y celular?'],
    ],
    [
      '… not asked with nowhere to send them',
      2,
      { avisosConsentimiento: undefined, cel1: undefined },
      ['Celular 1 (del adulto referente)'],
    ],
    ['zonaTolerancia not required when authorised', 2, { zonaTolerancia: undefined, fueraDeZonaAutorizado: true }, []],
    ['… also as text', 2, { zonaTolerancia: '', fueraDeZonaAutorizado: 'true' }, []],
    [
      '… but not when false',
      2,
      { zonaTolerancia: '', fueraDeZonaAutorizado: 'false' },
      ['¿Está en zona de tolerancia?'],
    ],
    [
      'special needs SI needs the clarification',
      3,
      { necesidadesEducativas: 'SI' },
      ['Aclaración de necesidades educativas especiales'],
    ],
    ['special needs SI, clarified', 3, { necesidadesEducativas: 'SI', necesidadesEducativasAclarar: 'TEA' }, []],
    ['ultimoCentro Seleccione is empty', 3, { ultimoCentro: 'Seleccione' }, ['Último centro de estudios']],
    ['Otro centro needs the clarification', 3, { ultimoCentro: 'Otro centro' }, ['Aclaración de Otro centro']],
    ['Otro centro, clarified', 3, { ultimoCentro: 'Otro centro', centroOtroAclarar: 'Jardín X' }, []],
    [
      'a ticked centre needs both years',
      3,
      { clubNinos: true, clubNinosInicio: undefined, clubNinosFin: undefined },
      ['Club de Niños: año de inicio', 'Club de Niños: año de fin'],
    ],
    ['an unticked centre needs none', 3, { caif: false, caifInicio: undefined, caifFin: undefined }, []],
    [
      'a ticked centre given as text',
      3,
      { centroEducativoRecreativo: 'true', centroEducativoRecreativoFin: '' },
      ['Centro Educativo Recreativo: año de inicio', 'Centro Educativo Recreativo: año de fin'],
    ],
    [
      'a car needs make, model and year',
      6,
      { vehiculo: 'auto', marcaAuto: undefined, modeloAuto: undefined, anioAuto: undefined },
      ['Marca del auto', 'Modelo del auto', 'Año del auto'],
    ],
    [
      'a car and a motorbike too',
      6,
      { vehiculo: 'autoymoto', marcaAuto: undefined, modeloAuto: '', anioAuto: undefined },
      ['Marca del auto', 'Modelo del auto', 'Año del auto'],
    ],
    ['make Otro needs the clarification', 6, { marcaAuto: 'Otro' }, ['Aclaración de otra marca de auto']],
    ['a motorbike needs nothing more', 6, { vehiculo: 'moto', marcaAuto: undefined, modeloAuto: undefined }, []],
    ['no vehicle needs nothing more', 6, { vehiculo: 'no', marcaAuto: 'Otro', anioAuto: undefined }, []],
    [
      'another responsible needs its level',
      7,
      { otroResponsable: 'Tía Ana' },
      ['Nivel educativo del otro responsable'],
    ],
    [
      '… even with the parents’ levels',
      7,
      { otroResponsable: 'Tía Ana', otroResponsableNivel: undefined },
      ['Nivel educativo del otro responsable'],
    ],
    ['another responsible with its level', 7, { otroResponsable: 'Tía Ana', otroResponsableNivel: 'noAplica' }, []],
    ['the mother’s level is enough', 7, { nivelEducativoPadre: undefined }, []],
    ['the father’s level is enough', 7, { nivelEducativoMadre: undefined }, []],
    [
      'neither parent',
      7,
      { nivelEducativoMadre: undefined, nivelEducativoPadre: '' },
      ['Nivel educativo (al menos uno: madre o padre)'],
    ],
    ['a blank other responsible does not count', 7, { otroResponsable: '  ' }, []],
  ])('%s', (_name, section, change, labels) => {
    expect(labelsOf(sectionMissing(section, { ...full, ...change }))).toEqual(labels);
  });
});

describe('section 9: an invalid sibling CI blocks advancing', () => {
  const data = {
    ...full,
    hermanosInscriben: [
      { nombre: 'Mateo', ci: '6.543.211-1' },
      { nombre: 'Lola', ci: '6543210' },
      { nombre: 'Sin cédula' },
      { nombre: 'Juan', ci: '5.999.999-9' },
    ],
  };

  it('lists the invalid CIs as missing fields', () => {
    expect(sectionMissing(9, data)).toEqual([
      { field: 'hermanosInscriben.1.ci', label: 'Cédula del hermano 2', message: LENGTH },
      {
        field: 'hermanosInscriben.3.ci',
        label: 'Cédula del hermano 4',
        message: 'La cédula debe ser mayor a 6.000.000',
      },
    ]);
  });

  it('and gives the reasons as errors', () => {
    expect(sectionErrors(9, data, TODAY)).toEqual([
      { field: 'hermanosInscriben.1.ci', label: 'Cédula del hermano 2', message: `Hermano 2: ${LENGTH}` },
      {
        field: 'hermanosInscriben.3.ci',
        label: 'Cédula del hermano 4',
        message: 'Hermano 4: La cédula debe ser mayor a 6.000.000',
      },
    ]);
  });

  it('a wrong check digit never blocks', () => {
    expect(sectionBlockers(9, { hermanosInscriben: [{ ci: '6.543.210-4' }] }, TODAY)).toEqual({
      missing: [],
      errors: [],
    });
  });
});

describe("section 9: a sibling's CI equal to the child's own is refused", () => {
  const SAME = 'Hermano 2: La cédula del hermano no puede ser la misma que la del estudiante.';

  it('in any format, named by the sibling CI path', () => {
    const data = {
      ...full,
      ci: '65432105',
      hermanosInscriben: [
        { nombre: 'Mateo', ci: '65432111' },
        { nombre: 'Otro', ci: '6.543.210-5' },
      ],
    };
    expect(sectionErrors(9, data, TODAY)).toEqual([
      { field: 'hermanosInscriben.1.ci', label: 'Cédula del hermano 2', message: SAME },
    ]);
    expect(ruleErrors(data, TODAY).map((e) => e.field)).toEqual(['hermanosInscriben.1.ci']);
  });

  it('only when both CIs are given and valid', () => {
    const siblings = [
      { nombre: 'Mateo', ci: '65432111' },
      { nombre: 'Otro', ci: '6543210' },
    ];
    expect(messagesOf(sectionErrors(9, { ...full, ci: '', hermanosInscriben: siblings }, TODAY))).toEqual([
      `Hermano 2: ${LENGTH}`,
    ]);
    expect(messagesOf(sectionErrors(9, { ...full, ci: '6543210', hermanosInscriben: siblings }, TODAY))).toEqual([
      `Hermano 2: ${LENGTH}`,
    ]);
  });
});

describe('section 10: "Sí" needs at least one sibling in primary', () => {
  const REQUIRED = {
    field: 'tieneHermanosPrimaria',
    label: '¿Tiene hermanos en primaria del centro?',
    message: 'Respondiste que tiene hermanos en primaria del centro: agregá al menos un hermano.',
  };

  it.each<[string, InscriptoInput]>([
    ['no list', { tieneHermanosPrimaria: true, hermanosPrimaria: undefined }],
    ['an empty list', { tieneHermanosPrimaria: true, hermanosPrimaria: [] }],
    [
      'only untouched rows',
      { tieneHermanosPrimaria: 'true', hermanosPrimaria: [{ nombre: ' ', nivel: '', grupo: '' }] },
    ],
  ])('refused with %s', (_name, change) => {
    expect(sectionErrors(10, { ...full, ...change }, TODAY)).toEqual([REQUIRED]);
  });

  it.each<[string, InscriptoInput]>([
    ['one row with a name', { tieneHermanosPrimaria: true, hermanosPrimaria: [{ nombre: 'Ana' }] }],
    ['one row with only a level', { tieneHermanosPrimaria: true, hermanosPrimaria: [{ nivel: 3 }] }],
    ['"No" and no list', { tieneHermanosPrimaria: false, hermanosPrimaria: [] }],
    ['no answer', { tieneHermanosPrimaria: undefined, hermanosPrimaria: undefined }],
  ])('accepted with %s', (_name, change) => {
    expect(sectionErrors(10, { ...full, ...change }, TODAY)).toEqual([]);
  });
});

describe('sectionErrors', () => {
  it.each<[string, 1 | 3, InscriptoInput, string[]]>([
    ['an invalid CI', 1, { ci: '6543210' }, [LENGTH]],
    ['a CI below 6.000.000', 1, { ci: '5999999-9' }, ['La cédula debe ser mayor a 6.000.000']],
    ['an empty CI is missing, not an error', 1, { ci: '' }, []],
    ['born on 1 January of year − 8', 1, { fechaNacimiento: '2017-01-01' }, []],
    [
      'born on 31 December of year − 9',
      1,
      { fechaNacimiento: '2016-12-31' },
      ['La fecha de nacimiento debe estar entre el 01/01/2017 y el 31/12/2021'],
    ],
    ['born on 31 December of year − 4', 1, { fechaNacimiento: '2021-12-31' }, []],
    [
      'born on 1 January of year − 3',
      1,
      { fechaNacimiento: '2022-01-01' },
      ['La fecha de nacimiento debe estar entre el 01/01/2017 y el 31/12/2021'],
    ],
    [
      'start after end',
      3,
      { caif: true, caifInicio: 2024, caifFin: 2023 },
      ['CAIF: El año de inicio (2024) no puede ser posterior al año de fin (2023)'],
    ],
    ['start = end', 3, { caif: true, caifInicio: 2023, caifFin: 2023 }, []],
    [
      'years as text',
      3,
      { clubDeportivo: 'true', clubDeportivoInicio: '2025', clubDeportivoFin: '2024' },
      ['Club Deportivo: El año de inicio (2025) no puede ser posterior al año de fin (2024)'],
    ],
    [
      'CAIF before its window',
      3,
      { caif: true, caifInicio: 2019, caifFin: 2020 },
      ['CAIF: el año de inicio (2019) debe estar entre 2020 y 2025'],
    ],
    ['another centre at year − 6', 3, { clubNinos: true, clubNinosInicio: 2019, clubNinosFin: 2019 }, []],
    [
      'a year in the future',
      3,
      { clubNinos: true, clubNinosInicio: 2025, clubNinosFin: 2026 },
      ['Club de Niños: el año de fin (2026) debe estar entre 2019 y 2025'],
    ],
    ['an unticked centre is ignored', 3, { caif: false, caifInicio: 2024, caifFin: 2000 }, []],
    ['empty years are valid', 3, { caif: true, caifInicio: undefined, caifFin: undefined }, []],
  ])('%s', (_name, section, change, errors) => {
    expect(messagesOf(sectionErrors(section, { ...full, ...change }, TODAY))).toEqual(errors);
  });

  it('uses the injected today', () => {
    const data = { ...full, fechaNacimiento: '2016-06-01' };
    expect(sectionErrors(1, data, new Date('2024-06-15T12:00:00Z'))).toEqual([]);
    expect(sectionErrors(1, data, TODAY)).toHaveLength(1);
  });

  it.each([2, 4, 5, 6, 7, 8, 10, 11] as const)('section %i has no rule errors', (section) => {
    expect(sectionErrors(section, {}, TODAY)).toEqual([]);
  });
});

describe('ruleErrors (all sections)', () => {
  it('collects the errors in section order', () => {
    const data = {
      ...full,
      ci: '123',
      caifInicio: 2024,
      caifFin: 2023,
      hermanosInscriben: [{ ci: '1' }],
    };
    expect(ruleErrors(data, TODAY).map(({ field, message }) => [field, message])).toEqual([
      ['ci', LENGTH],
      ['caifFin', 'CAIF: El año de inicio (2024) no puede ser posterior al año de fin (2023)'],
      ['hermanosInscriben.0.ci', `Hermano 1: ${LENGTH}`],
    ]);
  });

  it('is empty for the fixture', () => {
    expect(ruleErrors(full, TODAY)).toEqual([]);
  });
});

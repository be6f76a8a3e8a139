import { describe, expect, it } from 'vitest';
import { validationError } from '../validation-errors.ts';
import { FIELD_LABELS } from './fields.ts';
import { completeInscripto } from '../test/fixtures.ts';
import {
  INSCRIPTO_DATA_KEYS,
  INSCRIPTO_FIELD_ALIASES,
  ZInscriptoData,
  applyAliases,
  toFormNames,
} from './inscripto-schema.ts';
import { BOOLEAN_FIELDS, FIELD_OPTIONS } from './field-options.ts';

const TODAY = new Date('2025-06-15T15:00:00Z');
const valid = completeInscripto(TODAY);
const x = (n: number) => 'x'.repeat(n);

function firstMessage(input: Record<string, unknown>): string | undefined {
  const r = ZInscriptoData.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('ZInscriptoData accepts', () => {
  it('a full valid record, unchanged', () => {
    expect(ZInscriptoData.parse(valid)).toStrictEqual(valid);
  });

  it('an empty record (sections are saved one at a time)', () => {
    expect(ZInscriptoData.parse({})).toStrictEqual({});
  });

  it.each([
    ['nombre1', x(60)],
    ['domicilio', x(200)],
    ['observaciones', x(2000)],
    ['necesidadesEducativasAclarar', x(500)],
    ['cel1', '1'.repeat(15)],
    ['hermanosInscriben', Array.from({ length: 4 }, () => ({ nombre: 'Ana', nivel: 'Inicial', sexo: 'F' }))],
    ['hermanosPrimaria', Array.from({ length: 6 }, (_, i) => ({ nombre: 'Ana', nivel: i + 1, grupo: 'A' }))],
    ['razonElegirInstitucion', ['propuestaEducativa', 'extensionHoraria', 'cercania', 'seguridad', 'otra']],
    ['cantidadHermanosInscriben', 0],
    ['cantidadHermanosInscriben', 4],
    ['ci', '6.000.000-1'],
    ['ci', '6.543.210-4'],
    ['fechaNacimiento', '2020-02-29'],
  ])('%s at its limit (%j)', (field, value) => {
    expect(ZInscriptoData.safeParse({ [field]: value }).success).toBe(true);
  });

  const optionCases = Object.entries(FIELD_OPTIONS)
    .filter(([field]) => !field.includes('.'))
    .flatMap(([field, options]) => options.map((o) => [field, o.value] as const));
  it.each(optionCases)('every option: %s = %j', (field, value) => {
    const input = field === 'razonElegirInstitucion' ? [value] : value;
    expect(ZInscriptoData.safeParse({ [field]: input }).success).toBe(true);
  });
});

describe('ZInscriptoData normalises', () => {
  it.each([
    [{ madre: 'true' }, { madre: true }],
    [{ madre: 'false' }, { madre: false }],
    [{ madre: '' }, { madre: false }],
    [{ madre: null }, { madre: false }],
    [{ nombre1: '  Ana  ' }, { nombre1: 'Ana' }],
    [{ nombre1: '   ' }, {}],
    [{ nombre1: null }, {}],
    [{ ci: '6.543.210-5' }, { ci: '65432105' }],
    [{ ci: ' 6543210-5 ' }, { ci: '65432105' }],
    [{ cel1: '099 123-456' }, { cel1: '099123456' }],
    [{ tel: '(2) 222.3333' }, { tel: '22223333' }],
    [{ ingresosAclarar: '$ 25.000' }, { ingresosAclarar: '25.000' }],
    [{ ingresosAclarar: 25000 }, { ingresosAclarar: '25000' }],
    [{ caifInicio: '2022' }, { caifInicio: 2022 }],
    [{ abuelos: 1 }, { abuelos: '1' }],
    [{ otrosAdultos: '10+' }, { otrosAdultos: '10+' }],
    [{ cantidadHermanosInscriben: '2' }, { cantidadHermanosInscriben: 2 }],
    [{ fechaNacimiento: '14/05/2019' }, { fechaNacimiento: '2019-05-14' }],
    [{ ultimoCentro: 'Seleccione' }, {}],
    [{ razonElegirInstitucion: [] }, {}],
    [{ hermanosInscriben: [] }, {}],
    [
      { hermanosInscriben: [{ nombre: ' Mateo ', ci: '6.543.211-1', nivel: 'Inicial', sexo: 'M' }] },
      { hermanosInscriben: [{ nombre: 'Mateo', ci: '65432111', nivel: 'Inicial', sexo: 'M' }] },
    ],
    [{ hermanosPrimaria: [{ nivel: '3', grupo: '' }] }, { hermanosPrimaria: [{ nivel: 3 }] }],
  ])('%j → %j', (input, expected) => {
    expect(ZInscriptoData.parse(input)).toEqual(expected);
  });
});

describe('ZInscriptoData rejects', () => {
  const LENGTH = 'La cédula debe tener exactamente 8 dígitos (7 + verificador)';
  it.each([
    ['an over-long name', { nombre1: x(61) }, 'Primer Nombre: puede tener como máximo 60 caracteres'],
    ['an over-long address', { domicilio: x(201) }, 'Domicilio: puede tener como máximo 200 caracteres'],
    [
      'over-long free text',
      { trabajoOtroAclarar: x(501) },
      'Aclaración de otro tipo de trabajo: puede tener como máximo 500 caracteres',
    ],
    ['over-long observations', { observaciones: x(2001) }, 'Observaciones: puede tener como máximo 2000 caracteres'],
    ['a number as text', { nombre1: 5 }, 'Primer Nombre: debe ser un texto'],
    ['a value outside a list', { sexo: 'X' }, 'Sexo: elegí una opción válida'],
    ['a neighbourhood outside the catalogue', { barrio: 'Narnia' }, 'Barrio: elegí una opción válida'],
    ['a car make outside the catalogue', { marcaAuto: 'Trabant' }, 'Marca del auto: elegí una opción válida'],
    ['a count outside its list', { abuelos: '3' }, 'Cantidad de abuelos: elegí una opción válida'],
    ['a boolean as other text', { madre: 'yes' }, 'Madre: debe ser verdadero o falso'],
    ['a boolean as a number', { caif: 1 }, 'CAIF: debe ser verdadero o falso'],
    ['a year as words', { caifInicio: 'dos mil' }, 'CAIF: año de inicio: debe ser un año de cuatro cifras'],
    ['a fractional year', { caifFin: 2020.5 }, 'CAIF: año de fin: debe ser un año de cuatro cifras'],
    [
      'an impossible date',
      { fechaNacimiento: '2019-02-29' },
      'Fecha de nacimiento: debe ser una fecha válida (DD/MM/AAAA)',
    ],
    [
      'a date in another format',
      { fechaNacimiento: '2019.05.14' },
      'Fecha de nacimiento: debe ser una fecha válida (DD/MM/AAAA)',
    ],
    ['a CI of 7 digits', { ci: '6543210' }, LENGTH],
    ['a CI of 9 digits', { ci: '654321059' }, LENGTH],
    ['a CI below 6.000.000', { ci: '5.999.999-9' }, 'La cédula debe ser mayor a 6.000.000'],
    ['a phone with letters', { cel1: '099abc' }, 'Celular 1 (del adulto referente): solo puede contener números'],
    [
      'an e-mail without a domain',
      { email: 'maria@correo' },
      'Correo electrónico (del adulto referente): escribí una dirección de correo válida (por ejemplo nombre@correo.com)',
    ],
    [
      'an e-mail with a space',
      { email: 'maria perez@correo.com' },
      'Correo electrónico (del adulto referente): escribí una dirección de correo válida (por ejemplo nombre@correo.com)',
    ],
    [
      'a consent that is not Sí or No',
      { avisosConsentimiento: 'quizás' },
      '¿Acepta recibir avisos sobre la inscripción por correo y celular?: elegí una opción válida',
    ],
    [
      'a phone of 16 digits',
      { cel1: '1'.repeat(16) },
      'Celular 1 (del adulto referente): puede tener como máximo 15 dígitos',
    ],
    [
      'income with a comma',
      { ingresosAclarar: '25,000' },
      'Ingresos mensuales del hogar: solo puede contener números y punto (por ejemplo 25.000)',
    ],
    [
      'income with words',
      { ingresosAclarar: 'veinte mil' },
      'Ingresos mensuales del hogar: solo puede contener números y punto (por ejemplo 25.000)',
    ],
    [
      'an unknown reason',
      { razonElegirInstitucion: ['precio'] },
      'Razón para elegir la institución: elegí razones de la lista',
    ],
    [
      'repeated reasons',
      { razonElegirInstitucion: ['cercania', 'cercania'] },
      'Razón para elegir la institución: hay razones repetidas',
    ],
    [
      'reasons as text',
      { razonElegirInstitucion: 'cercania' },
      'Razón para elegir la institución: debe ser una lista de razones',
    ],
    [
      '5 siblings enrolling',
      { hermanosInscriben: Array.from({ length: 5 }, () => ({ nombre: 'Ana' })) },
      'Hermanos que se inscriben: como máximo 4 hermanos',
    ],
    [
      '7 siblings in primary',
      { hermanosPrimaria: Array.from({ length: 7 }, () => ({ nombre: 'Ana' })) },
      'Hermanos en primaria del centro: como máximo 6 hermanos',
    ],
    [
      '5 as the number of siblings enrolling',
      { cantidadHermanosInscriben: 5 },
      'Cantidad de hermanos que se inscriben: debe ser un número entre 0 y 4',
    ],
    ['a sibling with an invalid CI', { hermanosInscriben: [{ ci: '123' }] }, LENGTH],
    ['a sibling of sex Otro', { hermanosInscriben: [{ sexo: 'Otro' }] }, 'Sexo del hermano: debe ser M o F'],
    [
      'a sibling at another level',
      { hermanosInscriben: [{ nivel: 'Primaria' }] },
      'Nivel del hermano: debe ser Inicial',
    ],
    [
      'a primary sibling in year 7',
      { hermanosPrimaria: [{ nivel: 7 }] },
      'Nivel del hermano: debe ser un año de 1 a 6',
    ],
    [
      'a primary sibling in year 0',
      { hermanosPrimaria: [{ nivel: '0' }] },
      'Nivel del hermano: debe ser un año de 1 a 6',
    ],
  ])('%s', (_name, change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message);
  });

  it.each([
    ['an unknown field', { ...valid, colorFavorito: 'azul' }, ['colorFavorito']],
    ['a system field', { ...valid, estado: 'finalizado' }, ['estado']],
    ['a form name (aliases are applied first)', { ...valid, telFijo: '22223333' }, ['telFijo']],
    ['an unknown field in a sibling row', { hermanosPrimaria: [{ nombre: 'Ana', edad: 8 }] }, ['edad']],
  ])('%s', (_name, input, keys) => {
    const r = ZInscriptoData.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys });
  });

  it('names fields with their Spanish labels in API errors', () => {
    const r = ZInscriptoData.safeParse({ nombre1: x(61), ci: '123' });
    const error = validationError(r.error!.issues, FIELD_LABELS);
    expect(error.message).toBe(
      'Hay datos inválidos: Primer Nombre: puede tener como máximo 60 caracteres; ' +
        'Cédula de Identidad: La cédula debe tener exactamente 8 dígitos (7 + verificador)',
    );
  });
});

describe('schema coverage', () => {
  it('has a boolean schema for every boolean field', () => {
    for (const field of BOOLEAN_FIELDS) {
      expect(INSCRIPTO_DATA_KEYS).toContain(field);
      expect(ZInscriptoData.parse({ [field]: 'true' })).toEqual({ [field]: true });
    }
  });

  it('every field of the option lists is a schema field', () => {
    for (const field of Object.keys(FIELD_OPTIONS)) {
      expect(INSCRIPTO_DATA_KEYS).toContain(field.split('.')[0]);
    }
  });
});

describe('name translation (SPEC 3)', () => {
  it('has the spec table', () => {
    expect(INSCRIPTO_FIELD_ALIASES).toEqual({
      cantMenores: 'menores',
      cantAbuelos: 'abuelos',
      cantAbuelas: 'abuelas',
      cantHermanos: 'hermanos',
      cantHermanas: 'hermanas',
      cantOtrosAdultos: 'otrosAdultos',
      cantOtrosMenores: 'otrosMenores',
      barrioAclarar: 'barrioOtro',
      telFijo: 'tel',
      viviendaAclarar: 'viviendaOtroAclarar',
      ultimoCentroAclarar: 'centroOtroAclarar',
    });
  });

  it.each(Object.entries(INSCRIPTO_FIELD_ALIASES))('applyAliases: %s → %s, and back', (form, server) => {
    expect(applyAliases({ [form]: 'v', nombre1: 'Ana' })).toStrictEqual({ [server]: 'v', nombre1: 'Ana' });
    expect(toFormNames({ [server]: 'v', nombre1: 'Ana' })).toStrictEqual({ [form]: 'v', nombre1: 'Ana' });
  });

  it.each([
    ['server name wins', { telFijo: '1', tel: '2' }, { tel: '2' }],
    ['server name wins whatever the order', { tel: '2', telFijo: '1' }, { tel: '2' }],
    ['an undefined server name does not hide the form name', { tel: undefined, telFijo: '1' }, { tel: '1' }],
    ['other fields are kept', { nombre1: 'Ana', extra: 1 }, { nombre1: 'Ana', extra: 1 }],
  ])('applyAliases: %s', (_name, input, expected) => {
    expect(applyAliases(input)).toStrictEqual(expected);
  });

  it('toFormNames: the server value wins over a stale form name', () => {
    expect(toFormNames({ cantMenores: '1', menores: '2' })).toStrictEqual({ cantMenores: '2' });
  });

  it('round-trips a full record', () => {
    expect(applyAliases(toFormNames(valid))).toStrictEqual(valid);
  });

  it('a form payload parses once aliases are applied', () => {
    const form = toFormNames(valid);
    expect(ZInscriptoData.safeParse(form).success).toBe(false);
    expect(ZInscriptoData.parse(applyAliases(form))).toStrictEqual(valid);
  });

  it('keeps "__proto__" as data, so the schema rejects it', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "telFijo": "1"}') as Record<string, unknown>;
    const out = applyAliases(input);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(ZInscriptoData.safeParse(out).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  ABUELOS,
  BARRIO,
  MARCA_AUTO,
  MENORES,
  OTROS,
  RAZON_ELEGIR_VALUES,
  SEXO,
  SI_NO,
  TOTAL_INTEGRANTES,
  TRABAJO,
  TRABAJO_FUTURO_TIPO_VALUES,
  TRABAJO_VALUES,
  ULTIMO_ANIO_CENTRO_VALUES,
  VEHICULO_VALUES,
  VIVIENDA_VALUES,
  NIVEL_EDUCATIVO_VALUES,
  ZONA_TOLERANCIA,
} from './options.ts';
import { FIELD_OPTIONS, optionLabel, optionValue } from './field-options.ts';

describe('option lists (SPEC 3)', () => {
  it('keeps the spec values', () => {
    expect(TRABAJO_VALUES).toEqual([
      'fijoMayor8',
      'fijoMenor8',
      'jubilado',
      'pensionista',
      'ocasionales',
      'buscando',
      'noBuscando',
      'otro',
    ]);
    expect(VIVIENDA_VALUES).toEqual([
      'viviendaTerreno',
      'viviendaSolo',
      'alquila',
      'cedida',
      'viviendaFamiliar',
      'ocupaTerreno',
      'ocupaVivienda',
      'viviendaOtro',
    ]);
    expect(VEHICULO_VALUES).toEqual(['autoymoto', 'auto', 'moto', 'no', 'vehiculoOtro']);
    expect(NIVEL_EDUCATIVO_VALUES).toEqual([
      'primariaCompleta',
      'primariaIncompleta',
      'secundariaCompleta',
      'secundariaIncompleta',
      'utecCompleta',
      'utecIncompleta',
      'universidadCompleta',
      'universidadIncompleta',
      'noAplica',
    ]);
    expect(ULTIMO_ANIO_CENTRO_VALUES).toEqual(['muyBien', 'bien', 'regular', 'mal', 'muyMal']);
    expect(TRABAJO_FUTURO_TIPO_VALUES).toEqual([
      'profesional',
      'tecnico',
      'oficio',
      'comercio',
      'servicios',
      'terciario',
      'universitario',
      'noUniversitario',
      'otro',
    ]);
    expect(RAZON_ELEGIR_VALUES).toEqual(['propuestaEducativa', 'extensionHoraria', 'cercania', 'seguridad', 'otra']);
    expect(SEXO.map((o) => o.value)).toEqual(['M', 'F', 'Otro']);
    expect(SI_NO.map((o) => o.value)).toEqual(['SI', 'NO']);
    expect(ZONA_TOLERANCIA.map((o) => o.value)).toEqual(['Sí', 'No']);
    expect(ABUELOS.map((o) => o.value)).toEqual(['0', '1', '2']);
    expect(OTROS.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+']);
    expect(MENORES.map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', 'masde4']);
    expect(TOTAL_INTEGRANTES.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', 'masde7']);
    expect(BARRIO.at(-1)).toEqual({ value: 'otro', label: 'Otro' });
    expect(MARCA_AUTO.at(-1)).toEqual({ value: 'Otro', label: 'Otro' });
  });

  it.each(Object.entries(FIELD_OPTIONS))('%s: unique values, non-empty Spanish labels', (_field, options) => {
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    for (const o of options) expect(o.label.trim()).not.toBe('');
  });

  it('labels trabajo for people', () => {
    expect(TRABAJO.find((o) => o.value === 'fijoMayor8')?.label).toBe('Trabajo fijo de más de 8 horas');
  });
});

describe('optionLabel (for PDF and Excel)', () => {
  it.each([
    ['trabajo', 'fijoMayor8', 'Trabajo fijo de más de 8 horas'],
    ['vehiculo', 'no', 'No tiene'],
    ['escuelaP', 'Publica', 'Pública'],
    ['necesidadesEducativas', 'SI', 'Sí'],
    ['zonaTolerancia', 'No', 'No'],
    ['barrio', 'otro', 'Otro'],
    ['barrio', 'Pocitos', 'Pocitos'],
    ['menores', 'masde4', 'Más de 4'],
    ['otrosAdultos', '10+', '10 o más'],
    ['razonElegirInstitucion', ['cercania', 'otra'], 'Cercanía, Otra'],
    ['madre', true, 'Sí'],
    ['madre', false, 'No'],
    ['madre', 'true', 'Sí'],
    ['madre', 'false', 'No'],
    ['madre', '', 'No'],
    ['madre', undefined, 'No'],
    ['cantidadHermanosInscriben', 2, '2'],
    ['hermanosPrimaria.nivel', 3, '3° año'],
    ['hermanosInscriben.sexo', 'F', 'Femenino'],
    ['trabajo', 'valorViejo', 'valorViejo'],
    ['nombre1', 'Ana', 'Ana'],
    ['nombre1', undefined, ''],
    ['nombre1', null, ''],
    ['anioAuto', 2015, '2015'],
  ])('%s %j → %j', (field, value, expected) => {
    expect(optionLabel(field, value)).toBe(expected);
  });
});

describe('optionValue (for imports)', () => {
  it.each([
    ['escuelaP', 'Pública', 'Publica'],
    ['escuelaP', 'publica', 'Publica'],
    ['escuelaP', 'Publica', 'Publica'],
    ['trabajo', 'Trabajo fijo de más de 8 horas', 'fijoMayor8'],
    ['trabajo', ' trabajo fijo de mas de 8 horas ', 'fijoMayor8'],
    ['necesidadesEducativas', 'Sí', 'SI'],
    ['barrio', 'malvin', 'Malvín'],
    ['barrio', 'Otro', 'otro'],
    ['menores', 'Más de 4', 'masde4'],
    ['sexo', 'Z', undefined],
    ['nombre1', 'Ana', undefined],
  ])('%s %j → %j', (field, input, expected) => {
    expect(optionValue(field, input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { BARRIO_OTRO, MARCA_AUTO_OTRO } from './catalogos.ts';
import { ULTIMO_CENTRO_OTRO } from './options.ts';
import { CONDITIONAL_FIELDS, hiddenFields, isShown, withoutHidden } from './shown-when.ts';
import type { InscriptoInput } from './rules-input.ts';

type Case = { shown: InscriptoInput[]; hidden: InscriptoInput[] };
const centre = (c: string): Case => ({
  shown: [{ [c]: true }, { [c]: 'true' }],
  hidden: [{}, { [c]: false }, { [c]: 'false' }, { [c]: '' }],
});

/** Every conditional field: answers that show it (the form's raw state and a parsed record) and answers that hide it. */
const CASES: Record<string, Case> = {
  barrioOtro: { shown: [{ barrio: BARRIO_OTRO }], hidden: [{}, { barrio: 'Centro' }] },
  centroOtroAclarar: { shown: [{ ultimoCentro: ULTIMO_CENTRO_OTRO }], hidden: [{}, { ultimoCentro: 'CAIF' }] },
  necesidadesEducativasAclarar: {
    shown: [{ necesidadesEducativas: 'SI' }],
    hidden: [{}, { necesidadesEducativas: 'NO' }],
  },
  caifInicio: centre('caif'),
  caifFin: centre('caif'),
  clubNinosInicio: centre('clubNinos'),
  clubNinosFin: centre('clubNinos'),
  clubDeportivoInicio: centre('clubDeportivo'),
  clubDeportivoFin: centre('clubDeportivo'),
  centroEducativoRecreativoInicio: centre('centroEducativoRecreativo'),
  centroEducativoRecreativoFin: centre('centroEducativoRecreativo'),
  otrosAdultosAclarar: {
    shown: [{ otrosAdultos: '1' }, { otrosAdultos: '3+' }, { otrosAdultos: 2 }],
    hidden: [{}, { otrosAdultos: '' }, { otrosAdultos: '0' }, { otrosAdultos: 0 }],
  },
  otrosMenoresAclarar: { shown: [{ otrosMenores: '2' }], hidden: [{}, { otrosMenores: '0' }] },
  trabajoOtroAclarar: { shown: [{ trabajo: 'otro' }], hidden: [{}, { trabajo: 'jubilado' }] },
  viviendaOtroAclarar: { shown: [{ vivienda: 'viviendaOtro' }], hidden: [{}, { vivienda: 'alquila' }] },
  vehiculoOtroAclarar: { shown: [{ vehiculo: 'vehiculoOtro' }], hidden: [{}, { vehiculo: 'auto' }] },
  marcaAuto: { shown: [{ vehiculo: 'auto' }, { vehiculo: 'autoymoto' }], hidden: [{}, { vehiculo: 'moto' }] },
  marcaAutoOtroAclarar: {
    shown: [{ vehiculo: 'auto', marcaAuto: MARCA_AUTO_OTRO }],
    hidden: [
      { vehiculo: 'auto', marcaAuto: 'Fiat' },
      { vehiculo: 'moto', marcaAuto: MARCA_AUTO_OTRO },
    ],
  },
  modeloAuto: { shown: [{ vehiculo: 'autoymoto' }], hidden: [{ vehiculo: 'no' }] },
  anioAuto: { shown: [{ vehiculo: 'auto' }], hidden: [{ vehiculo: 'vehiculoOtro' }] },
  razonElegirInstitucionOtra: {
    shown: [{ razonElegirInstitucion: ['cercania', 'otra'] }],
    hidden: [{}, { razonElegirInstitucion: ['cercania'] }, { razonElegirInstitucion: 'otra' }],
  },
  trabajoFuturoTipoOtro: { shown: [{ trabajoFuturoTipo: 'otro' }], hidden: [{}, { trabajoFuturoTipo: 'oficio' }] },
  hermanosPrimaria: {
    shown: [{ tieneHermanosPrimaria: true }, { tieneHermanosPrimaria: 'true' }],
    hidden: [{}, { tieneHermanosPrimaria: false }],
  },
};

describe('shown-when: the one rule for follow-up fields (form and server)', () => {
  it('the cases cover every conditional field, and nothing else is conditional', () => {
    expect(Object.keys(CASES).sort()).toEqual([...CONDITIONAL_FIELDS].sort());
    expect(isShown('barrio', {})).toBe(true);
    expect(isShown('nombre1', {})).toBe(true);
  });

  it.each(Object.entries(CASES))('%s follows its condition', (name, { shown, hidden }) => {
    for (const data of shown) expect(isShown(name, data), JSON.stringify(data)).toBe(true);
    for (const data of hidden) {
      expect(isShown(name, data), JSON.stringify(data)).toBe(false);
      expect(hiddenFields(data)).toContain(name);
    }
  });

  it('withoutHidden drops the values of hidden follow-ups and keeps everything else', () => {
    const data = {
      barrio: 'Centro',
      barrioOtro: 'Viejo',
      vehiculo: 'moto',
      marcaAuto: 'Fiat',
      anioAuto: 2010,
      caif: false,
      caifInicio: 2021,
      clubNinos: true,
      clubNinosInicio: 2022,
      tieneHermanosPrimaria: false,
      hermanosPrimaria: [{ nombre: 'Ana' }],
      nombre1: 'Lía',
    };
    expect(withoutHidden(data)).toEqual({
      barrio: 'Centro',
      vehiculo: 'moto',
      caif: false,
      clubNinos: true,
      clubNinosInicio: 2022,
      tieneHermanosPrimaria: false,
      nombre1: 'Lía',
    });
    expect(data.barrioOtro).toBe('Viejo');
  });
});

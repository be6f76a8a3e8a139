import { describe, expect, it } from 'vitest';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { ZInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { isComplete } from '@inscripciones/shared/inscriptos/completeness.ts';
import { blockersOf, markedFields, requiredFields } from './form-rules.ts';
import { rulesInput, toFormValues, toPayload } from './form-values.ts';

const today = new Date('2025-06-18T15:00:00Z');

describe('form values ↔ API body', () => {
  it('a stored record goes through the form and back unchanged', () => {
    const record = completeInscripto(today);
    const body = toPayload(toFormValues(record), false);
    expect(ZInscriptoData.parse(body)).toEqual(record);
  });

  it('an empty form sends only the unticked booleans', () => {
    const body = toPayload(toFormValues(null), false);
    expect(Object.values(body).every((v) => v === false)).toBe(true);
    expect(ZInscriptoData.safeParse(body).success).toBe(true);
  });

  it('hidden follow-ups, unticked centre years and rows beyond the number enrolling are not sent', () => {
    const values = toFormValues({
      ...completeInscripto(today),
      vehiculo: 'moto',
      caif: false,
      cantidadHermanosInscriben: 0,
      tieneHermanosPrimaria: false,
    });
    const body = toPayload(values, false);
    expect(body).not.toHaveProperty('marcaAuto');
    expect(body).not.toHaveProperty('modeloAuto');
    expect(body).not.toHaveProperty('caifInicio');
    expect(body).not.toHaveProperty('hermanosInscriben');
    expect(body).not.toHaveProperty('hermanosPrimaria');
    expect(body).toMatchObject({ clubDeportivo: true, clubDeportivoInicio: '2024' });
  });

  it('funcionario is sent only when the user may choose it, and counts for completeness', () => {
    const values = toFormValues({ ...completeInscripto(today), funcionario: 'ana' });
    expect(toPayload(values, true).funcionario).toBe('ana');
    expect(toPayload(values, false)).not.toHaveProperty('funcionario');
    expect(isComplete(rulesInput(values))).toBe(true);
    expect(isComplete(rulesInput({ ...values, funcionario: '' }))).toBe(false);
  });

  it('the ranked schools go through the form; an emptied list is sent, a never shown one is not', () => {
    const record = { ...completeInscripto(today), preferencias: ['B', 'A'] };
    expect(toPayload(toFormValues(record), false).preferencias).toEqual(['B', 'A']);
    expect(toPayload({ ...toFormValues(record), preferencias: [] }, false).preferencias).toEqual([]);
    expect('preferencias' in toPayload(toFormValues(completeInscripto(today)), false)).toBe(false);
  });
});

describe('required marks and missing fields, from the shared rules', () => {
  it('marks the fields the section and completeness rules require, following the current values', () => {
    const empty = toFormValues(null);
    const required = requiredFields(empty, today);
    for (const name of [
      'nombre1',
      'ci',
      'fechaNacimiento',
      'zonaTolerancia',
      'razonElegirInstitucion',
      'funcionario',
    ]) {
      expect(required.has(name), name).toBe(true);
    }
    for (const name of ['nombre2', 'barrioOtro', 'caifInicio', 'marcaAuto', 'observaciones']) {
      expect(required.has(name), name).toBe(false);
    }
    const more = requiredFields(
      { ...empty, barrio: 'otro', caif: true, vehiculo: 'auto', fueraDeZonaAutorizado: true },
      today,
    );
    for (const name of ['barrioOtro', 'caifInicio', 'caifFin', 'marcaAuto', 'modeloAuto', 'anioAuto']) {
      expect(more.has(name), name).toBe(true);
    }
    expect(more.has('zonaTolerancia')).toBe(false);
  });

  it('marks the inputs the findings of "Siguiente" name', () => {
    const values = toFormValues(null);
    const { missing } = blockersOf(1, values, today, null);
    expect(markedFields(missing).map((f) => f.name)).toEqual(['nombre1', 'apellido1', 'fechaNacimiento', 'sexo', 'ci']);
    expect(markedFields(blockersOf(7, values, today, null).missing).map((f) => f.name)).toEqual([
      'nivelEducativoMadre',
      'nivelEducativoPadre',
    ]);
  });

  it('a duplicate CI blocks section 1', () => {
    const values = toFormValues(completeInscripto(today));
    expect(blockersOf(1, values, today, null)).toEqual({ missing: [], errors: [] });
    expect(blockersOf(1, values, today, 'Esta cédula ya está registrada (Ana Pérez)').errors).toEqual([
      { field: 'ci', label: 'Cédula de Identidad', message: 'Esta cédula ya está registrada (Ana Pérez)' },
    ]);
  });
});

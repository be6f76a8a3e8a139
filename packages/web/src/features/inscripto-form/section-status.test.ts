import { describe, expect, it } from 'vitest';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import type { SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { sectionBlockers } from '@inscripciones/shared/inscriptos/sections.ts';
import { sectionOfField, sectionStates, STATUS_TEXT } from './section-status.ts';

const today = new Date('2026-06-01T12:00:00Z');
const CI = `6543210${ciCheckDigit('6543210')}`;
const states = (data: Record<string, unknown>, open: SectionNumber | null) =>
  sectionStates((s) => sectionBlockers(s, data, today), missingForCompleteness(data), open);

describe('section states (the stepper)', () => {
  it('an empty enrolment: the open section is open, the ones with required fields are missing', () => {
    const result = states({}, 1);
    expect(result.map((s) => s.status)).toEqual([
      'open',
      'missing',
      'missing',
      'missing',
      'missing',
      'missing',
      'missing',
      'missing',
      'done',
      'done',
      'done',
    ]);
    // Section 2: domicilio, barrio, zonaTolerancia, cel1, inscriptor, parentesco.
    expect(result[1]).toEqual({ section: 2, status: 'missing', problems: 6 });
  });

  it('a section is done when its blockers and its completeness items are all filled', () => {
    const data = {
      nombre1: 'Ana',
      apellido1: 'Pérez',
      fechaNacimiento: '2020-05-14',
      sexo: 'F',
      ci: CI,
      menores: '1',
      totalIntegrantesHogar: '3',
      monoparental: 'NO',
    };
    const result = states(data, null);
    expect(result[0]).toEqual({ section: 1, status: 'done', problems: 0 });
    expect(result[3]).toEqual({ section: 4, status: 'done', problems: 0 });
  });

  it('a rule error makes a filled section missing (a sibling CI equal to the child’s)', () => {
    const data = { ci: CI, cantidadHermanosInscriben: '1', hermanosInscriben: [{ nombre: 'Leo', ci: CI }] };
    expect(states(data, null)[8]).toEqual({ section: 9, status: 'missing', problems: 1 });
  });

  it('maps fields and sibling paths to their section, and words each state', () => {
    expect(sectionOfField('nivelEducativoMadre')).toBe(7);
    expect(sectionOfField('hermanosInscriben.0.ci')).toBe(9);
    expect(sectionOfField('funcionario')).toBeUndefined();
    expect(STATUS_TEXT.missing(1)).toBe('falta 1 dato');
    expect(STATUS_TEXT.missing(3)).toBe('faltan 3 datos');
  });
});

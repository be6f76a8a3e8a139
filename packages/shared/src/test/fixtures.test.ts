import { describe, expect, it } from 'vitest';
import { ciCheckDigitWarning } from '../inscriptos/ci.ts';
import { isComplete, missingForCompleteness } from '../inscriptos/completeness.ts';
import { completeInscripto } from './fixtures.ts';
import { ZInscriptoData } from '../inscriptos/inscripto-schema.ts';
import { ruleErrors } from '../inscriptos/sections.ts';
import { estrato, isConditional } from '../inscriptos/socioeconomic.ts';

describe('completeInscripto', () => {
  it.each([
    new Date('2025-01-01T03:00:00Z'),
    new Date('2025-06-15T15:00:00Z'),
    new Date('2026-01-01T02:59:59Z'),
    new Date('2030-03-01T12:00:00Z'),
  ])('is valid, normalised and complete (with a funcionario) for today = %s', (today) => {
    const data = completeInscripto(today);
    expect(ZInscriptoData.parse(data)).toStrictEqual(data);
    expect(ruleErrors(data, today)).toEqual([]);
    expect(missingForCompleteness(data).map((f) => f.field)).toEqual(['funcionario']);
    expect(isComplete({ ...data, funcionario: 'admin' })).toBe(true);
  });

  it('has valid check digits and is not conditional', () => {
    const data = completeInscripto(new Date('2025-06-15T15:00:00Z'));
    expect(ciCheckDigitWarning(data.ci)).toBeNull();
    expect(ciCheckDigitWarning(data.hermanosInscriben?.[0]?.ci)).toBeNull();
    expect(estrato(data.ingresosAclarar, data.totalIntegrantesHogar)).toBe('NORMAL');
    expect(isConditional(data)).toBe(false);
  });

  it('returns a fresh object each time', () => {
    const today = new Date('2025-06-15T15:00:00Z');
    expect(completeInscripto(today)).not.toBe(completeInscripto(today));
    expect(completeInscripto(today).hermanosInscriben).not.toBe(completeInscripto(today).hermanosInscriben);
  });
});

import { describe, expect, it } from 'vitest';
import { aHoraLocal, deHoraLocal } from './plazas-plazo-modal.tsx';

describe('the deadline field of "Cambiar plazo"', () => {
  it("shows and reads Montevideo's wall time (UTC−3)", () => {
    expect(aHoraLocal('2026-12-08T13:00:00.000Z')).toBe('2026-12-08T10:00');
    expect(deHoraLocal('2026-12-08T10:00')).toBe('2026-12-08T13:00:00.000Z');
    expect(deHoraLocal(aHoraLocal('2027-03-01T02:30:00.000Z'))).toBe('2027-03-01T02:30:00.000Z');
    expect(deHoraLocal('')).toBeNull();
  });
});

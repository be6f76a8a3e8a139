import { describe, expect, it } from 'vitest';
import { ciCheckDigit, ciCheckDigitWarning, ciError, ciRequiredError, formatCi, maskCi, normalizeCi } from './ci.ts';
import { INSCRIPTO_MSG } from './messages.ts';

const LENGTH = 'La cédula debe tener exactamente 8 dígitos (7 + verificador)';
const MINIMUM = 'La cédula debe ser mayor a 6.000.000';

describe('normalizeCi', () => {
  it.each([
    ['6.543.210-5', '65432105'],
    ['6543210-5', '65432105'],
    [' 6 543 210 5 ', '65432105'],
    ['6.543.210–5', '65432105'],
    ['65432105', '65432105'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeCi(input)).toBe(expected);
  });
});

describe('ciError (SPEC 5: optional, 8 digits, first 7 ≥ 6.000.000)', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   ', null],
    ['6.000.000-1', null],
    ['60000001', null],
    ['5.999.999-9', MINIMUM],
    ['59999999', MINIMUM],
    ['0.600.000-0', MINIMUM],
    ['1.234.567-2', MINIMUM],
    ['6.543.210-5', null],
    ['6543210-5', null],
    ['9.999.999-9', null],
    ['6543210', LENGTH],
    ['6.543.210', LENGTH],
    ['654321059', LENGTH],
    ['6.543.210-59', LENGTH],
    ['6.543.21O-5', LENGTH],
    ['abcdefgh', LENGTH],
  ])('%j → %j', (input, expected) => {
    expect(ciError(input)).toBe(expected);
  });

  it('uses the spec texts', () => {
    expect(INSCRIPTO_MSG.ciLength).toBe(LENGTH);
    expect(INSCRIPTO_MSG.ciMinimum).toBe(MINIMUM);
    expect(INSCRIPTO_MSG.ciRequired).toBe('La cédula es obligatoria');
    expect(INSCRIPTO_MSG.ciValid).toBe('Cédula válida ✓');
  });
});

describe('ciRequiredError (the form field: empty is "La cédula es obligatoria")', () => {
  it.each([
    ['', 'La cédula es obligatoria'],
    ['  ', 'La cédula es obligatoria'],
    [null, 'La cédula es obligatoria'],
    ['6543210', LENGTH],
    ['6.543.210-5', null],
  ])('%j → %j', (input, expected) => {
    expect(ciRequiredError(input)).toBe(expected);
  });
});

describe('formatCi (X.XXX.XXX-X, progressive while typing)', () => {
  it.each([
    ['', ''],
    ['6', '6'],
    ['65', '6.5'],
    ['654', '6.54'],
    ['6543', '6.543'],
    ['65432', '6.543.2'],
    ['654321', '6.543.21'],
    ['6543210', '6.543.210'],
    ['65432105', '6.543.210-5'],
    ['654321059', '6.543.210-5'],
    ['6.543.210-5', '6.543.210-5'],
    ['6a5b4 3-2.1.0/5', '6.543.210-5'],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatCi(input)).toBe(expected);
  });
});

describe('ciCheckDigit (weights 2,9,8,7,6,3,4; (10 − sum mod 10) mod 10)', () => {
  it.each([
    // 1·2 + 2·9 + 3·8 + 4·7 + 5·6 + 6·3 + 7·4 = 148 → (10 − 8) mod 10 = 2
    ['1234567', 2],
    // 2+9+8+7+6+3+4 = 39 → 1
    ['1111111', 1],
    // 6·2 + 5·9 + 4·8 + 3·7 + 2·6 + 1·3 + 0·4 = 125 → 5
    ['6543210', 5],
    // 125 + 4 = 129 → 1
    ['6543211', 1],
    // sum 10 → mod 10 = 0 → (10 − 0) mod 10 = 0
    ['5000000', 0],
    ['0000000', 0],
    // 9·(2+9+8+7+6+3+4) = 351 → 9
    ['9999999', 9],
  ])('%s → %i', (first7, digit) => {
    expect(ciCheckDigit(first7)).toBe(digit);
  });

  it.each(['123456', '12345678', '123456a'])('rejects %j', (bad) => {
    expect(() => ciCheckDigit(bad)).toThrow();
  });
});

describe('ciCheckDigitWarning (non-blocking)', () => {
  const WARNING =
    'El dígito verificador no coincide: revisá la cédula (si es un documento extranjero, ignorá este aviso).';
  it.each([
    ['1.234.567-2', null],
    ['1.111.111-1', null],
    ['6.543.210-5', null],
    ['65432105', null],
    ['6.543.210-4', WARNING],
    ['1.234.567-3', WARNING],
    ['45123456', WARNING],
    ['6543210', null],
    ['654321059', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (input, expected) => {
    expect(ciCheckDigitWarning(input)).toBe(expected);
  });

  it('never makes a CI invalid: a foreign document with a wrong digit passes ciError', () => {
    expect(ciError('6.543.210-4')).toBeNull();
    expect(ciCheckDigitWarning('6.543.210-4')).toBe(WARNING);
  });
});

describe('maskCi: the CI as the public sees it', () => {
  it.each([
    ['1.234.456-7', '•.•••.•56-7'],
    ['12344567', '•.•••.•56-7'],
    ['6.543.210-5', '•.•••.•10-5'],
    ['AB123456789', '••••••••789'],
    ['12', '•••'],
  ])('%j → %j', (input, expected) => {
    expect(maskCi(input)).toBe(expected);
  });

  it('is shown as it is: formatCi leaves a masked CI alone', () => {
    expect(formatCi(maskCi('1.234.456-7'))).toBe('•.•••.•56-7');
  });
});

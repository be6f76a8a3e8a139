import { describe, expect, it } from 'vitest';
import { maskDateDMY } from './date-mask.ts';

describe('maskDateDMY', () => {
  it('inserts the slashes while digits are typed: 14052020 → 14/05/2020', () => {
    const typed = '14052020';
    const shown = [...typed].reduce<string[]>((acc, _c, i) => [...acc, maskDateDMY(typed.slice(0, i + 1))], []);
    expect(shown).toEqual(['1', '14', '14/0', '14/05', '14/05/2', '14/05/20', '14/05/202', '14/05/2020']);
  });

  it('keeps at most 8 digits', () => {
    expect(maskDateDMY('140520201')).toBe('14/05/2020');
  });

  it('re-formats an edited or pasted text', () => {
    expect(maskDateDMY('14/052020')).toBe('14/05/2020');
    expect(maskDateDMY('14-05-2020')).toBe('14/05/2020');
    expect(maskDateDMY('14/05/2020')).toBe('14/05/2020');
  });

  it('a slash typed after one digit pads it, and shows at once', () => {
    expect(maskDateDMY('1/')).toBe('01/');
    expect(maskDateDMY('1/5/2020')).toBe('01/05/2020');
    expect(maskDateDMY('14/')).toBe('14/');
  });

  it('backspace over an inserted slash leaves the digits (the slash is not re-added)', () => {
    expect(maskDateDMY('14')).toBe('14');
    expect(maskDateDMY('14/05')).toBe('14/05');
  });

  it('drops letters and stray slashes', () => {
    expect(maskDateDMY('/a1b4')).toBe('14');
    expect(maskDateDMY('')).toBe('');
  });
});

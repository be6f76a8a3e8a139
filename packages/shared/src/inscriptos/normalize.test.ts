import { describe, expect, it } from 'vitest';
import { isBlank, normalizeBoolean, parseBooleanInput, stripEmpty } from './normalize.ts';

describe('normalizeBoolean (SPEC 3 "Booleans")', () => {
  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['', false],
    [null, false],
    [undefined, false],
    ['TRUE', false],
    ['Sí', false],
    [1, false],
    [{}, false],
  ])('%j → %s', (value, expected) => {
    expect(normalizeBoolean(value)).toBe(expected);
  });
});

describe('parseBooleanInput (what the schema accepts)', () => {
  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
    ['', false],
    [null, false],
    [undefined, undefined],
    ['si', undefined],
    [1, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseBooleanInput(value)).toBe(expected);
  });
});

describe('isBlank', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['  \t\n', true],
    ['a', false],
    [0, false],
    [false, false],
    [[], false],
  ])('%j → %s', (value, expected) => {
    expect(isBlank(value)).toBe(expected);
  });
});

describe('stripEmpty (SPEC 4: empty strings, nulls and empty sibling lists are removed)', () => {
  it.each([
    ['empty string', { a: '', b: 'x' }, { b: 'x' }],
    ['whitespace-only string', { a: '   ', b: ' x ' }, { b: ' x ' }],
    ['null and undefined', { a: null, b: undefined, c: 1 }, { c: 1 }],
    ['empty list', { hermanosInscriben: [], razon: ['cercania'] }, { razon: ['cercania'] }],
    ['false and 0 are kept', { madre: false, cantidad: 0 }, { madre: false, cantidad: 0 }],
    ['blank items of a list', { razon: ['', 'cercania', null] }, { razon: ['cercania'] }],
    ['list of blank items', { razon: ['', null] }, {}],
    [
      'blank fields inside sibling rows',
      { hermanosInscriben: [{ nombre: 'Ana', ci: '', sexo: null, nivel: 'Inicial' }] },
      { hermanosInscriben: [{ nombre: 'Ana', nivel: 'Inicial' }] },
    ],
    [
      'untouched sibling rows',
      { hermanosInscriben: [{ nombre: '', ci: '' }, { nombre: 'Ana' }, {}] },
      { hermanosInscriben: [{ nombre: 'Ana' }] },
    ],
    ['a sibling list left empty', { hermanosPrimaria: [{ nombre: ' ', grupo: '' }], x: 1 }, { x: 1 }],
    ['nested objects', { a: { b: '', c: { d: null, e: 2 } } }, { a: { c: { e: 2 } } }],
    ['nothing to remove', { a: 'x', b: [1, 2] }, { a: 'x', b: [1, 2] }],
    ['empty object', {}, {}],
  ])('%s', (_name, input, expected) => {
    expect(stripEmpty(input)).toStrictEqual(expected);
  });

  it('does not modify its input', () => {
    const input = { a: '', list: [{ b: '' }, { c: 'x' }] };
    const copy = structuredClone(input);
    stripEmpty(input);
    expect(input).toStrictEqual(copy);
  });

  it('keeps values that are not plain objects', () => {
    const date = new Date(0);
    expect(stripEmpty({ date }).date).toBe(date);
  });

  it('keeps a "__proto__" key as data, never as a prototype', () => {
    const input = JSON.parse('{"__proto__": {"polluted": true}, "a": ""}') as Record<string, unknown>;
    const out = stripEmpty(input);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [[], []],
    [['', 'a'], ['a']],
    ['', ''],
    [null, null],
    [5, 5],
  ])('top level %j → %j', (input, expected) => {
    expect(stripEmpty(input)).toStrictEqual(expected);
  });
});

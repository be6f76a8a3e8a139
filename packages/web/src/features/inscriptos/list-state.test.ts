import { describe, expect, it } from 'vitest';
import {
  apiListQuery,
  DEFAULT_LIST_STATE,
  listStateToParams,
  parseListState,
  sameListState,
  SEARCH_MAX_LENGTH,
  type ListState,
} from './list-state.ts';

const parse = (search: string) => parseListState(new URLSearchParams(search));

describe('parseListState', () => {
  it('an empty query is the default view', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('reads every field', () => {
    const ciclo = '019a0000-0000-7000-8000-000000000001';
    expect(
      parse(
        `?q=Mart%C3%ADnez&estado=finalizado&mias=true&page=3&ciclo=${ciclo}&orden=estado&dir=desc&desde=2026-09-01&hasta=2026-10-31`,
      ),
    ).toEqual({
      orden: 'estado',
      dir: 'desc',
      desde: '2026-09-01',
      hasta: '2026-10-31',
      q: 'Martínez',
      estado: 'finalizado',
      mias: true,
      page: 3,
      ciclo,
    });
    expect(parse('mias=1&estado=pendiente')).toMatchObject({ mias: true, estado: 'pendiente' });
  });

  it('falls back to defaults for values the API would reject', () => {
    expect(parse('estado=borrador&mias=quizas&page=-2&ciclo=2027')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=abc')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=2.5')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=0')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('mias=false')).toEqual(DEFAULT_LIST_STATE);
  });

  it('a blank search is no search; a long one is cut to what the API accepts', () => {
    expect(parse('q=%20%20').q).toBe('');
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(SEARCH_MAX_LENGTH);
  });

  it('keeps a CI with punctuation as typed', () => {
    expect(parse('q=6.100.012-3').q).toBe('6.100.012-3');
  });
});

describe('listStateToParams', () => {
  it('leaves defaults out', () => {
    expect(listStateToParams(DEFAULT_LIST_STATE).toString()).toBe('');
    expect(listStateToParams({ ...DEFAULT_LIST_STATE, q: '   ' }).toString()).toBe('');
  });

  it('writes the fields in a stable order', () => {
    expect(
      listStateToParams({
        ...DEFAULT_LIST_STATE,
        q: 'Núñez',
        estado: 'pendiente',
        mias: true,
        page: 4,
        ciclo: null,
      }).toString(),
    ).toBe('q=N%C3%BA%C3%B1ez&estado=pendiente&mias=true&page=4');
  });

  it('round-trips through the URL', () => {
    const states: ListState[] = [
      DEFAULT_LIST_STATE,
      { ...DEFAULT_LIST_STATE, q: 'ana maría', estado: null, mias: false, page: 2, ciclo: null },
      { ...DEFAULT_LIST_STATE, q: '6.100.012-3', estado: 'finalizado', mias: true, page: 1, ciclo: null },
      { ...DEFAULT_LIST_STATE, q: '', estado: 'pendiente', mias: true, page: 25, ciclo: null },
      {
        ...DEFAULT_LIST_STATE,
        q: '',
        estado: null,
        mias: false,
        page: 1,
        ciclo: '019a0000-0000-7000-8000-000000000001',
      },
      { ...DEFAULT_LIST_STATE, orden: 'nombre', dir: 'desc', desde: '2026-09-01', hasta: '2026-09-30' },
      { ...DEFAULT_LIST_STATE, orden: 'numero', dir: 'asc', desde: '2026-09-01' },
    ];
    for (const state of states) expect(parseListState(listStateToParams(state))).toEqual(state);
  });
});

describe('apiListQuery', () => {
  it('always sends the page; the search trimmed; filters only when on', () => {
    expect(apiListQuery(DEFAULT_LIST_STATE)).toBe('page=1');
    expect(
      apiListQuery({ ...DEFAULT_LIST_STATE, q: '  perez ', estado: 'finalizado', mias: true, page: 2, ciclo: null }),
    ).toBe('q=perez&estado=finalizado&mias=true&page=2');
  });
});

describe('order and date range', () => {
  it('sends orden, dir (only when descending) and the dates to the API', () => {
    const state = {
      ...DEFAULT_LIST_STATE,
      orden: 'fecha',
      dir: 'desc',
      desde: '2026-09-01',
      hasta: '2026-09-07',
    } as const;
    expect(apiListQuery(state)).toBe('page=1&orden=fecha&dir=desc&desde=2026-09-01&hasta=2026-09-07');
    expect(apiListQuery({ ...state, dir: 'asc' })).toBe('page=1&orden=fecha&desde=2026-09-01&hasta=2026-09-07');
  });

  it('ignores what the API would refuse: an unknown column, a bad date, a reversed range', () => {
    expect(parse('orden=precio&dir=arriba&desde=2026-02-30')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('desde=2026-09-10&hasta=2026-09-01')).toEqual({ ...DEFAULT_LIST_STATE, desde: '2026-09-10' });
  });
});

describe('sameListState', () => {
  it('compares the search trimmed', () => {
    expect(sameListState({ ...DEFAULT_LIST_STATE, q: 'ana ' }, { ...DEFAULT_LIST_STATE, q: 'ana' })).toBe(true);
    expect(sameListState(DEFAULT_LIST_STATE, { ...DEFAULT_LIST_STATE, page: 2 })).toBe(false);
  });
});

describe('a segment of the director panel', () => {
  it('is read from the address, kept in it, and sent to the API', () => {
    const params = new URLSearchParams('estado=pendiente&barrio=Malv%C3%ADn&hermanos=3%2B');
    const state = parseListState(params);
    expect(state.segmento).toEqual({ barrio: 'Malvín', hermanos: '3+' });
    expect(listStateToParams(state).toString()).toBe('estado=pendiente&barrio=Malv%C3%ADn&hermanos=3%2B');
    expect(apiListQuery(state)).toContain('barrio=Malv%C3%ADn');
    expect(sameListState(state, { ...state, segmento: { barrio: 'Malvín' } })).toBe(false);
  });
});

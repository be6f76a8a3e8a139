import { describe, expect, it } from 'vitest';
import { filterNote, pageCount, paginationWindow, showingText } from './pagination.ts';

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(250, 10)).toBe(25);
    expect(pageCount(251, 10)).toBe(26);
  });
});

describe('paginationWindow', () => {
  it('one page: just 1', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
  });

  it('two pages: both, whichever is current', () => {
    expect(paginationWindow(1, 2)).toEqual([1, 2]);
    expect(paginationWindow(2, 2)).toEqual([1, 2]);
  });

  it('few pages: all of them, no ellipsis', () => {
    expect(paginationWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(1, 4)).toEqual([1, 2, 3, 4]);
  });

  it('current on the first page of 100', () => {
    expect(paginationWindow(1, 100)).toEqual([1, 2, 3, 'ellipsis', 100]);
  });

  it('current on the last page of 100', () => {
    expect(paginationWindow(100, 100)).toEqual([1, 'ellipsis', 98, 99, 100]);
  });

  it('current next to the edges: the window touches the first or last page', () => {
    expect(paginationWindow(2, 100)).toEqual([1, 2, 3, 4, 'ellipsis', 100]);
    expect(paginationWindow(3, 100)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 100]);
    expect(paginationWindow(4, 100)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 100]);
    expect(paginationWindow(97, 100)).toEqual([1, 'ellipsis', 95, 96, 97, 98, 99, 100]);
    expect(paginationWindow(99, 100)).toEqual([1, 'ellipsis', 97, 98, 99, 100]);
  });

  it('a single skipped page is still an ellipsis', () => {
    expect(paginationWindow(5, 100)).toEqual([1, 'ellipsis', 3, 4, 5, 6, 7, 'ellipsis', 100]);
  });

  it('current in the middle of 100: first, window of 2 each side, last, two ellipses', () => {
    expect(paginationWindow(50, 100)).toEqual([1, 'ellipsis', 48, 49, 50, 51, 52, 'ellipsis', 100]);
  });

  it('clamps a current page out of range', () => {
    expect(paginationWindow(0, 100)).toEqual([1, 2, 3, 'ellipsis', 100]);
    expect(paginationWindow(500, 100)).toEqual([1, 'ellipsis', 98, 99, 100]);
    expect(paginationWindow(3, 0)).toEqual([1]);
  });

  it('never repeats a page and keeps them in order', () => {
    for (let pages = 1; pages <= 30; pages++) {
      for (let current = 1; current <= pages; current++) {
        const numbers = paginationWindow(current, pages).filter((x) => x !== 'ellipsis');
        expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
        expect(numbers[0]).toBe(1);
        expect(numbers.at(-1)).toBe(pages);
        expect(numbers).toContain(current);
      }
    }
  });
});

describe('showingText', () => {
  const none = { mias: false, estado: null };

  it('first, middle and last page', () => {
    expect(showingText({ page: 1, pageSize: 10, total: 250 }, none)).toBe('Mostrando 1-10 de 250 inscriptos');
    expect(showingText({ page: 7, pageSize: 10, total: 250 }, none)).toBe('Mostrando 61-70 de 250 inscriptos');
    expect(showingText({ page: 26, pageSize: 10, total: 253 }, none)).toBe('Mostrando 251-253 de 253 inscriptos');
  });

  it('fewer records than a page', () => {
    expect(showingText({ page: 1, pageSize: 10, total: 3 }, none)).toBe('Mostrando 1-3 de 3 inscriptos');
  });

  it('an empty result', () => {
    expect(showingText({ page: 1, pageSize: 10, total: 0 }, none)).toBe('Mostrando 0-0 de 0 inscriptos');
  });

  it('adds the note for "Mis inscripciones" and for the status filter', () => {
    expect(showingText({ page: 1, pageSize: 10, total: 3 }, { mias: true, estado: null })).toBe(
      'Mostrando 1-3 de 3 inscriptos (filtrado: mis inscripciones)',
    );
    expect(showingText({ page: 1, pageSize: 10, total: 12 }, { mias: false, estado: 'pendiente' })).toBe(
      'Mostrando 1-10 de 12 inscriptos (filtrado: pendientes)',
    );
    expect(showingText({ page: 2, pageSize: 10, total: 12 }, { mias: true, estado: 'finalizado' })).toBe(
      'Mostrando 11-12 de 12 inscriptos (filtrado: mis inscripciones, finalizados)',
    );
  });

  it('no note without those filters', () => {
    expect(filterNote(none)).toBe('');
  });
});

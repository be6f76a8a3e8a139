// @vitest-environment happy-dom
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { useInscriptosList } from './inscriptos-api.ts';
import { DEFAULT_LIST_STATE, type ListState } from './list-state.ts';
import {
  SEARCH_BUSY_MAX_MS,
  SEARCH_PAUSE_MS,
  SEARCH_SHORT_LENGTH,
  SEARCH_SHORT_PAUSE_MS,
  useListSearch,
} from './use-list-search.ts';

/** One request the list made: its search, its abort signal, and how to answer it (a total tells answers apart). */
interface Pending {
  q: string;
  signal: AbortSignal;
  answer: (total: number) => void;
}
let requests: Pending[] = [];

function answerBody(total: number): TInscriptoList {
  return {
    items: [],
    total,
    page: 1,
    pageSize: 10,
    resumen: { total, pendientes: total, finalizados: 0 },
    ciclo: { id: 'c1', nombre: 'Ingresos 2027', estado: 'abierto' },
  };
}

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    const signal = init.signal!;
    // The answer comes when the test gives it, aborted or not (as from a server that finishes anyway).
    return new Promise<Response>((resolve) => {
      const q = new URLSearchParams(path.split('?')[1]).get('q') ?? '';
      requests.push({
        q,
        signal,
        answer: (total) =>
          resolve(new Response(JSON.stringify(answerBody(total)), { headers: { 'content-type': 'application/json' } })),
      });
    });
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The list page's search and list, with the view in memory instead of the address. */
function SearchedList() {
  const [state, setState] = useState<ListState>(DEFAULT_LIST_STATE);
  const update = useCallback((patch: Partial<ListState>) => setState((s) => ({ ...s, ...patch })), []);
  const list = useInscriptosList(state);
  const search = useListSearch(state, update, list.isFetching);
  return (
    <>
      <input aria-label="Buscar" value={search.draft} onChange={(e) => search.setDraft(e.target.value)} />
      <output>{list.data ? `${list.data.total} (${list.isFetching ? 'cargando' : 'listo'})` : 'nada'}</output>
    </>
  );
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SearchedList />
    </QueryClientProvider>,
  );
}

const type = (text: string) => fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: text } });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const shown = () => screen.getByRole('status').textContent;
const last = (q: string) => requests.filter((r) => r.q === q).at(-1)!;
/** Answers a request and lets the answer be read and rendered. */
async function answer(request: Pending, total: number) {
  request.answer(total);
  for (let i = 0; i < 5; i++) await advance(0);
}

describe('the list search', () => {
  it('searches almost at once when nothing is awaited, later for a short search, and after the answer awaited', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderList();
    await advance(0);
    await answer(requests[0]!, 100);
    expect(shown()).toBe('100 (listo)');
    const asked = () => requests.map((r) => r.q);

    // One or two letters cost the server most and are seldom the search meant: they wait the longer pause.
    type('an');
    expect('an'.length).toBeLessThan(SEARCH_SHORT_LENGTH);
    await advance(SEARCH_SHORT_PAUSE_MS - 1);
    expect(asked()).toEqual(['']);
    type('ana');
    await advance(SEARCH_PAUSE_MS - 1);
    expect(asked()).toEqual(['']);
    await advance(1);
    expect(asked()).toEqual(['', 'ana']);

    // "ana" is awaited: "anab" goes once it has come, not before.
    type('anab');
    await advance(SEARCH_BUSY_MAX_MS - 1);
    expect(asked()).toEqual(['', 'ana']);
    await answer(last('ana'), 40);
    expect(shown()).toBe('40 (listo)');
    await advance(SEARCH_PAUSE_MS - 1);
    expect(asked()).toEqual(['', 'ana']);
    await advance(1);
    expect(asked()).toEqual(['', 'ana', 'anab']);
    expect(last('ana').signal.aborted).toBe(false);
  });

  it('an older answer never replaces a newer one: its request is aborted, and a late answer is not shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderList();
    await advance(0);
    await answer(requests[0]!, 100);

    type('ana');
    await advance(SEARCH_PAUSE_MS);
    // "ana" takes too long: "anab" goes anyway, and "ana" is aborted.
    type('anab');
    await advance(SEARCH_BUSY_MAX_MS);
    expect(last('ana').signal.aborted).toBe(true);

    await answer(last('anab'), 3);
    expect(shown()).toBe('3 (listo)');
    // The older request answers anyway (a server that ignores the abort): the newer rows stay.
    await answer(last('ana'), 40);
    await advance(1000);
    expect(shown()).toBe('3 (listo)');

    // Back to "ana": its own answer, not the one for "anab".
    type('ana');
    await advance(SEARCH_PAUSE_MS);
    await answer(last('ana'), 41);
    expect(shown()).toBe('41 (listo)');
  });
});

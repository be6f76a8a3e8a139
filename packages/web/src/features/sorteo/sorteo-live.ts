import { useEffect, useRef, useState } from 'react';
import { ZSorteoTablero, type TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_EVENTOS_URL } from './sorteo-api.ts';
import { conEscuela } from '../../lib/escuela.ts';

/**
 * The live board (docs/decisions/0008 "Tableros en vivo"): an EventSource on GET /api/sorteo/eventos. The server
 * sends the whole state (`tablero` events) on connection and on every change. EventSource reconnects by
 * itself after a dropped connection (the server asks for 2 s) and receives the whole state again; when the
 * browser gives up (the answer was not a stream, e.g. a proxy error page) a new one is opened after
 * REOPEN_MS. Without EventSource (very old browsers) the state is `sin-soporte` and the page polls.
 */
export type LiveState = 'conectando' | 'en-vivo' | 'reconectando' | 'sin-soporte';

const REOPEN_MS = 3000;

/** The data of one `tablero` event, or null when it is not a valid board. */
export function parseTablero(data: unknown): TSorteoTablero | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = ZSorteoTablero.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function useSorteoLive(onTablero: (tablero: TSorteoTablero) => void): LiveState {
  const [state, setState] = useState<LiveState>(() =>
    typeof EventSource === 'undefined' ? 'sin-soporte' : 'conectando',
  );
  const handler = useRef(onTablero);
  useEffect(() => {
    handler.current = onTablero;
  }, [onTablero]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopen: number | undefined;
    let stopped = false;

    const open = () => {
      const es = new EventSource(conEscuela(SORTEO_EVENTOS_URL));
      source = es;
      es.addEventListener('open', () => setState('en-vivo'));
      es.addEventListener('tablero', (event) => {
        const tablero = parseTablero((event as MessageEvent<unknown>).data);
        if (!tablero) return;
        setState('en-vivo');
        handler.current(tablero);
      });
      es.addEventListener('error', () => {
        if (stopped) return;
        setState('reconectando');
        if (es.readyState === EventSource.CLOSED) {
          es.close();
          reopen = window.setTimeout(open, REOPEN_MS);
        }
      });
    };
    open();

    return () => {
      stopped = true;
      window.clearTimeout(reopen);
      source?.close();
    };
  }, []);

  return state;
}

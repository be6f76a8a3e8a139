import { Link } from 'react-router';
import type { TSorteoStatus, TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import type { LiveState } from './sorteo-live.ts';
import { fasePublica } from './sorteo-proyector.ts';
import { conEscuela, escuelaDeLaPagina } from '../../lib/escuela.ts';

interface SorteoHeaderProps {
  live: LiveState;
  loggedIn: boolean;
  status: TSorteoStatus | undefined;
  /** Every participant (the total), and the lists shown (titulares and suplentes so far). */
  totales: TSorteoTablero['participants']['totales'] | undefined;
  shown: TSorteoTablero['participants'] | undefined;
}

/** The board's header: live state, the way back (or in), the year's title and the totals. */
export function SorteoHeader({ live, loggedIn, status, totales, shown }: SorteoHeaderProps) {
  return (
    <header className="sorteo-header">
      <div className="sorteo-header__barra">
        <LiveIndicator state={live} finalizado={!!status && fasePublica(status) === 'finalizado'} />
        {loggedIn ? (
          <Link to="/" className="sorteo-header__enlace">
            {SORTEO_MSG.volverAlSistema}
          </Link>
        ) : (
          <Link to={conEscuela('/login', escuelaDeLaPagina())} className="sorteo-header__enlace">
            {SORTEO_MSG.ingresar}
          </Link>
        )}
      </div>
      <h1 className="sorteo-titulo">{status ? SORTEO_MSG.tituloTablero(status.anio) : SORTEO_MSG.cargando}</h1>
      {status && totales && (
        <p className="sorteo-totales">
          <span>
            {SORTEO_MSG.participantes}: <strong>{totales.total}</strong>
          </span>
          <span>
            {SORTEO_MSG.titulares}: <strong>{shown?.totales.principales ?? 0}</strong>
          </span>
          <span>
            {SORTEO_MSG.suplentes}: <strong>{shown?.totales.suplentes ?? 0}</strong>
          </span>
        </p>
      )}
    </header>
  );
}

/**
 * "En vivo" while the stream is open; "Reconectando..." while the browser reconnects (SPEC: live boards).
 * Once the raffle shown is finalised nothing more happens live: "Sorteo finalizado".
 */
function LiveIndicator({ state, finalizado }: { state: LiveState; finalizado: boolean }) {
  if (finalizado && state !== 'reconectando') {
    return (
      <span className="sorteo-vivo sorteo-vivo--finalizado" role="status">
        {SORTEO_MSG.sorteoFinalizado}
      </span>
    );
  }
  const text =
    state === 'en-vivo'
      ? SORTEO_MSG.enVivo
      : state === 'reconectando'
        ? SORTEO_MSG.reconectando
        : state === 'conectando'
          ? SORTEO_MSG.cargando
          : '';
  return (
    <span className={`sorteo-vivo sorteo-vivo--${state}`} role="status">
      {text}
    </span>
  );
}

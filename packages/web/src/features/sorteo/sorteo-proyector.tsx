import { useId } from 'react';
import type { TSorteoParticipants, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { textosSorteo } from '@inscripciones/shared/configuracion/textos.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { useContenidoPublico } from '../../lib/use-contenido.ts';
import { VerificarSorteo } from './sorteo-verificar.tsx';
import { sorteoMostrado, ultimoSorteado } from './sorteo-proyector.ts';

/**
 * The child drawn last, large (docs/ux.md "El tablero en el proyector"). A polite live region: a screen
 * reader says each new draw once. Keyed by the draw, so the highlight restarts on every new one.
 */
export function UltimoSorteadoPanel({ participants }: { participants: TSorteoParticipants | undefined }) {
  const headingId = useId();
  const ultimo = participants ? ultimoSorteado(participants) : null;
  return (
    <section className="sorteo-ultimo" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-ultimo__titulo">
        {SORTEO_MSG.ultimoSorteado}
      </h2>
      <div aria-live="polite" aria-atomic="true" data-testid="sorteo-ultimo">
        {ultimo ? (
          <div key={ultimo.index} className="sorteo-ultimo__destello">
            <p className="sorteo-ultimo__numero">{ultimo.numero}</p>
            <p className="sorteo-ultimo__nombre">{ultimo.nombre}</p>
            <p className="sorteo-ultimo__destino">{ultimo.destino}</p>
          </div>
        ) : (
          <p className="sorteo-ultimo__vacio">{SORTEO_MSG.nadieSorteadoAun}</p>
        )}
      </div>
    </section>
  );
}

/** Before the raffle: its date, time and place, from the school's content (the same the families read). */
export function ProximoSorteo() {
  const headingId = useId();
  const contenido = useContenidoPublico().data;
  if (!contenido) return null;
  const t = textosSorteo(contenido);
  return (
    <section className="sorteo-proximo" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-proximo__titulo">
        {SORTEO_MSG.proximoSorteo}
      </h2>
      <dl className="sorteo-proximo__datos">
        <div>
          <dt>{SORTEO_MSG.fecha}</dt>
          <dd>{t.fecha}</dd>
        </div>
        <div>
          <dt>{SORTEO_MSG.hora}</dt>
          <dd>{t.hora}</dd>
        </div>
        <div>
          <dt>{SORTEO_MSG.lugar}</dt>
          <dd>{t.lugar}</dd>
        </div>
      </dl>
      {t.transmisionUrl && (
        <p className="mb-0">
          <a href={t.transmisionUrl} target="_blank" rel="noopener noreferrer">
            {SORTEO_MSG.transmision}
          </a>
        </p>
      )}
    </section>
  );
}

/** After the end: "Sorteo finalizado", when, and the button that replays it in this browser. */
export function SorteoFinalizado({ status }: { status: TSorteoStatus }) {
  const headingId = useId();
  const sorteo = sorteoMostrado(status);
  if (!sorteo) return null;
  return (
    <section className="sorteo-finalizado" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-finalizado__titulo">
        {SORTEO_MSG.sorteoFinalizado}
      </h2>
      {sorteo.cerradoEn && <p className="mb-1">{SORTEO_MSG.finalizadoEl(fechaHoraTexto(sorteo.cerradoEn))}</p>}
      {sorteo.listaPublicaHash && <VerificarSorteo sorteo={sorteo} />}
    </section>
  );
}

import { useId, useLayoutEffect, useRef, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import type { TSorteoParticipants, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TValorIngresado } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { boardLists, isUltimo, type BoardList } from './sorteo-view.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { FUENTE_VALOR_PUBLICO_LABELS } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';

/** Every value entered, corrections included (0027): the last one is the one the draw uses. */
const VALORES_INGRESADOS = 'Valores ingresados (el último es el que usa el sorteo)';

/**
 * The results board (SPEC 2 "Raffle screen"): the four lists, each line the number padded to 3 digits and
 * the full name (or initials: the server applies the privacy setting). Administrators also see each child's
 * stage and each suplente's position (the server adds them to an administrator's request).
 */
export function BoardLists({
  status,
  participants,
  detalle,
}: {
  status: TSorteoStatus;
  participants: TSorteoParticipants;
  /** Show stage and position (administrators). */
  detalle: boolean;
}) {
  return (
    <section className="sorteo-listas" aria-label={SORTEO_MSG.tableroRegion}>
      {boardLists(participants).map((list) => (
        <BoardListSection key={list.key} list={list} status={status} detalle={detalle} />
      ))}
    </section>
  );
}

/**
 * On the projector a list shows as many lines as fit (docs/ux.md "El tablero en el proyector"): it is kept
 * scrolled to its newest line and says how many earlier ones are above. Elsewhere nothing overflows and the
 * count is 0. Measured after each render and on every resize.
 */
function useUltimasVisibles(lineas: number) {
  const ref = useRef<HTMLOListElement>(null);
  const [anteriores, setAnteriores] = useState(0);
  useLayoutEffect(() => {
    const ol = ref.current;
    if (!ol) return;
    const measure = () => {
      ol.scrollTop = ol.scrollHeight;
      const top = ol.getBoundingClientRect().top;
      const items = Array.from(ol.children);
      setAnteriores(items.filter((li) => li.getBoundingClientRect().top < top - 1).length);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(ol);
    return () => observer.disconnect();
  }, [lineas]);
  return { ref, anteriores };
}

function BoardListSection({ list, status, detalle }: { list: BoardList; status: TSorteoStatus; detalle: boolean }) {
  const headingId = useId();
  const { ref, anteriores } = useUltimasVisibles(list.lineas.length);
  return (
    <section className={`sorteo-lista sorteo-lista--${list.resultado} sorteo-lista--${list.lista}`}>
      <h2 id={headingId} className="sorteo-lista__titulo">
        {list.titulo} <span className="sorteo-lista__cuenta">({list.lineas.length})</span>
      </h2>
      {/* Seen only where lines are hidden: a screen reader reads the whole list. */}
      <p className="sorteo-lista__anteriores" aria-hidden="true">
        {anteriores > 0 ? SORTEO_MSG.anteriores(anteriores) : ''}
      </p>
      {list.lineas.length === 0 ? (
        <p className="sorteo-lista__vacia">{SORTEO_MSG.listaVacia}</p>
      ) : (
        <ol ref={ref} className="sorteo-lista__lineas" aria-labelledby={headingId}>
          {list.lineas.map((linea, i) => (
            <li
              // Public lines carry initials only: siblings of one draw may share them.
              key={`${linea.index}-${i}`}
              className={`sorteo-linea${isUltimo(linea, status) ? ' sorteo-linea--ultima' : ''}`}
            >
              <span className="sorteo-linea__numero">{padNumero(linea.numeroInscripcion)}</span>{' '}
              <span className="sorteo-linea__nombre">{linea.nombreCompleto}</span>
              {detalle && (linea.etapa || linea.posicion) && (
                <span className="sorteo-linea__detalle">
                  {linea.etapa && (
                    <Badge bg="light" text="dark" className="border">
                      <span className="visually-hidden">{SORTEO_MSG.etapa}: </span>
                      {STAGE_LABELS[linea.etapa]}
                    </Badge>
                  )}
                  {linea.resultado === 'suplente' && linea.posicion !== undefined && (
                    <Badge bg="warning" text="dark">
                      {SORTEO_MSG.posicion(linea.posicion)}
                    </Badge>
                  )}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * What lets anyone check the raffle (docs/decisions/0008): the participant-list hash and the seed's
 * commitment, published at the start, and the public value; after the end, the revealed seed.
 */
export function Garantia({ status }: { status: TSorteoStatus }) {
  const headingId = useId();
  if (status.isActive && status.compromiso) {
    const valor =
      status.valorPublico ??
      (status.valorPublicoAbierto ? SORTEO_MSG.valorPublicoPendiente : SORTEO_MSG.valorPublicoNinguno);
    // Open while the room hears the commitment and the public value; one line once the draws begin.
    return (
      <details className="sorteo-garantia" open={status.valorPublicoAbierto}>
        <summary>
          <h2 id={headingId} className="sorteo-garantia__titulo">
            {SORTEO_MSG.garantiaTitulo}
          </h2>
        </summary>
        <dl className="sorteo-garantia__datos">
          <div className="sorteo-garantia__compromiso">
            <dt>{SORTEO_MSG.compromiso}</dt>
            <dd>
              <code className="sorteo-hash">{status.compromiso}</code>
              <small className="d-block text-body-secondary">{SORTEO_MSG.compromisoAyuda}</small>
            </dd>
          </div>
          <div>
            <dt>{SORTEO_MSG.hashLista}</dt>
            <dd>
              <code className="sorteo-hash">{status.participantesHash}</code>
            </dd>
          </div>
          <div>
            <dt>{SORTEO_MSG.valorPublico}</dt>
            <dd className="sorteo-garantia__valor">{valor}</dd>
            {status.valorPublicoOrigen && (
              <dd className="small text-body-secondary">
                {SORTEO_MSG.valorPublicoOrigen}: {status.valorPublicoOrigen}
              </dd>
            )}
          </div>
          {status.ancla && (
            <div>
              <dt>{SORTEO_MSG.ancla}</dt>
              <dd>
                <code className="sorteo-hash">
                  {status.ancla.seq}:{status.ancla.hash}
                </code>
              </dd>
            </div>
          )}
          <FuenteYValores descripcion={status.fuenteDescripcion} valores={status.valoresIngresados} />
        </dl>
      </details>
    );
  }
  const last = status.ultimoArchivado;
  if (!status.isActive && last) {
    return (
      <details className="sorteo-garantia sorteo-garantia--archivado">
        <summary>{SORTEO_MSG.ultimoArchivado(fechaHoraTexto(last.archivadoEn))}</summary>
        <dl className="sorteo-garantia__datos">
          <div>
            <dt>{SORTEO_MSG.compromiso}</dt>
            <dd>
              <code className="sorteo-hash">{last.compromiso}</code>
            </dd>
          </div>
          <div>
            <dt>{SORTEO_MSG.semilla}</dt>
            <dd>
              <code className="sorteo-hash">{last.semilla}</code>
            </dd>
          </div>
          <div>
            <dt>{SORTEO_MSG.hashLista}</dt>
            <dd>
              <code className="sorteo-hash">{last.participantesHash}</code>
            </dd>
          </div>
          <div>
            <dt>{SORTEO_MSG.valorPublico}</dt>
            <dd>{last.valorPublico || SORTEO_MSG.valorPublicoNinguno}</dd>
          </div>
          <FuenteYValores descripcion={last.fuenteDescripcion} valores={last.valoresIngresados} />
        </dl>
      </details>
    );
  }
  return null;
}

/** The declared source and every value entered, with its time: what makes the public value unchosen (0027). */
function FuenteYValores({ descripcion, valores }: { descripcion: string | null; valores: TValorIngresado[] }) {
  return (
    <>
      {descripcion && (
        <div>
          <dt>{FUENTE_VALOR_PUBLICO_LABELS.tipo}</dt>
          <dd>{descripcion}</dd>
        </div>
      )}
      {valores.length > 0 && (
        <div>
          <dt>{VALORES_INGRESADOS}</dt>
          <dd>
            <ol className="small mb-0">
              {valores.map((v) => (
                <li key={v.en}>
                  {fechaHoraTexto(v.en)}: «{v.valor}» → <code>{v.canonico}</code>
                </li>
              ))}
            </ol>
          </dd>
        </div>
      )}
    </>
  );
}

/**
 * SPEC 2: "Stage and statistics panels exist but are hidden". They are rendered with the `hidden`
 * attribute: not displayed and out of the accessibility tree for everyone (administrators see each child's
 * stage on the board lines instead). Removing `hidden` is all it takes to show them.
 */
export function HiddenPanels({ status }: { status: TSorteoStatus }) {
  const stats = status.estadisticas;
  return (
    <>
      <section hidden className="sorteo-etapa" data-panel="etapa">
        <h2>{SORTEO_MSG.etapa}</h2>
        <p>{status.currentStage ? STAGE_LABELS[status.currentStage] : '—'}</p>
      </section>
      <section hidden className="sorteo-estadisticas" data-panel="estadisticas">
        <h2>Estadísticas</h2>
        <dl>
          <dt>Grupos de hermanos</dt>
          <dd>{stats?.gruposHermanos ?? 0}</dd>
          <dt>Hermanos en primaria</dt>
          <dd>{stats?.hermanosPrimaria ?? 0}</dd>
          <dt>Comunes</dt>
          <dd>{stats?.comunes ?? 0}</dd>
          <dt>Total</dt>
          <dd>{stats?.total ?? 0}</dd>
        </dl>
      </section>
    </>
  );
}

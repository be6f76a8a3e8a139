import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import type { TEstadoFamilia, TNinoEstado } from '@inscripciones/shared/estado/estado-schema.ts';
import { fechaHoraLarga } from '@inscripciones/shared/montevideo-time.ts';
import { HuellaComprobada } from './estado-huella.tsx';
import { EstadoRespuesta } from './estado-respuesta.tsx';
import { EstadoSiguiente } from './estado-siguiente.tsx';
import { EstadoEnRed } from './estado-en-red.tsx';
import { ESTADO_RED_MSG } from '@inscripciones/shared/estado/estado-en-red.ts';

const TITULOS: Record<TEstadoFamilia['estado'], string> = {
  pendiente: ESTADO_MSG.pendiente,
  finalizada: ESTADO_MSG.finalizada,
  sorteada: 'Resultado del sorteo',
  'no-participo': 'Sorteo realizado',
};

function ninoTexto(n: TNinoEstado): string[] {
  switch (n.estado) {
    case 'titular':
      return [ESTADO_MSG.titular(n.lista!, fechaHoraLarga(new Date(n.vence!)))];
    case 'suplente':
      return [ESTADO_MSG.suplente(n.lista!, n.posicion!), ESTADO_MSG.pendientesDelante(n.ofertasPendientes ?? 0)];
    case 'aceptada':
      return [ESTADO_MSG.aceptada];
    case 'rechazada':
      return [ESTADO_MSG.rechazada];
    case 'vencida':
      return [ESTADO_MSG.vencida];
    case 'pendiente':
      return [ESTADO_MSG.pendiente];
    case 'finalizada':
      return [ESTADO_MSG.finalizada];
    default:
      return [ESTADO_MSG.ninoNoParticipo];
  }
}

/** The status in plain Spanish: what the family needs to know, with initials only. */
export function EstadoResult({
  estado,
  codigo,
  headingRef,
  onRespondida,
}: {
  estado: TEstadoFamilia;
  /** The code the status was asked with: this browser checks the huellas with it, and answers an offer. */
  codigo: string;
  headingRef: React.Ref<HTMLHeadingElement>;
  /** After an online answer: read the status again. */
  onRespondida: () => void;
}) {
  const conHuella = estado.ninos.filter((n) => n.huella).length;
  const { sorteo } = estado;
  const numero = String(estado.numeroInscripcion).padStart(3, '0');
  return (
    <section className="card mt-4" aria-labelledby="estado-resultado-titulo">
      <div className="card-body">
        <p className="small text-body-secondary mb-1">
          {estado.ciclo} · Inscripción N° {numero}
        </p>
        <h2 id="estado-resultado-titulo" className="h4" tabIndex={-1} ref={headingRef}>
          {estado.red ? ESTADO_RED_MSG.resultado : TITULOS[estado.estado]}
        </h2>
        {/* Initials only: enough for the family to know it is their child, nothing for anybody else. */}
        <p className="mb-2">
          {estado.ninos.length > 1 ? 'Niños y niñas' : 'Niño o niña'}:{' '}
          <strong>{estado.ninos.map((n) => n.iniciales).join(' · ')}</strong>
        </p>
        {estado.estado === 'pendiente' && (
          <>
            <p>{ESTADO_MSG.pendienteTexto}</p>
            <ul>
              {estado.faltan.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </>
        )}
        {estado.estado === 'finalizada' && (
          <>
            <p className="mb-1">{ESTADO_MSG.participa(sorteo.fecha, sorteo.hora, sorteo.lugar)}</p>
            {sorteo.transmisionUrl && (
              <p className="mb-0">
                <a href={sorteo.transmisionUrl} target="_blank" rel="noopener noreferrer">
                  Transmisión en vivo
                </a>
              </p>
            )}
          </>
        )}
        {estado.estado === 'no-participo' && <p className="mb-0">{ESTADO_MSG.noParticipo}</p>}
        {estado.red && <EstadoEnRed red={estado.red} />}
        {estado.estado === 'sorteada' && !estado.red && (
          <ul className="list-unstyled mb-0">
            {estado.ninos.map((n, i) => (
              <li key={i} className="mb-2">
                {estado.ninos.length > 1 && <strong className="d-block">{n.iniciales}</strong>}
                {ninoTexto(n).map((t) => (
                  <span key={t} className="d-block">
                    {t}
                  </span>
                ))}
                {n.huella && (
                  <span className="d-block small text-body-secondary">
                    {ESTADO_MSG.huella} <code className="text-break">{n.huella}</code>
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {conHuella > 0 && (
          <>
            <p className="small text-body-secondary mt-2 mb-0">{ESTADO_MSG.huellaAyuda}</p>
            <HuellaComprobada numero={estado.numeroInscripcion} codigo={codigo} cuantas={conHuella} />
          </>
        )}
        <EstadoSiguiente estado={estado}>
          {estado.estado === 'sorteada' && (
            <EstadoRespuesta estado={estado} codigo={codigo} onRespondida={onRespondida} />
          )}
        </EstadoSiguiente>
      </div>
    </section>
  );
}

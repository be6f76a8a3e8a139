import { ESTADO_LABELS, CAUSA_LABELS, PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { Fragment, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import {
  type TEstadoPlaza,
  type TPlazaOferta,
  type TPlazasEstado,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import type { RespuestaPedida } from './plazas-respuesta-modal.tsx';
import { claveOferta, historialDe, vencePronto } from './plazas-view.ts';

/** The row of a child's offer: the feedback line's "Ver la oferta nueva" takes the focus there. */
export const filaId = (numero: number, miembro: number) => `oferta-fila-${numero}-${miembro}`;

const BADGE: Record<TEstadoPlaza, string> = {
  ofrecida: 'primary',
  aceptada: 'success',
  rechazada: 'secondary',
  vencida: 'danger',
};

interface Props {
  estado: TPlazasEstado;
  ofertas: TPlazaOferta[];
  /** Staff who may record answers; the guest reads. */
  puedeResponder: boolean;
  /** Offers the last answer made (`numero:miembro`): highlighted until the feedback line is closed. */
  nuevas: readonly string[];
  onResponder: (pedida: RespuestaPedida) => void;
  /** Administrators change an open offer's deadline. */
  puedeCambiarPlazo: boolean;
  onCambiarPlazo: (oferta: TPlazaOferta) => void;
}

/** The offers with their deadline; expired ones and those about to expire stand out. Each child's history. */
export function PlazasOfertas({
  estado,
  ofertas,
  puedeResponder,
  nuevas,
  onResponder,
  puedeCambiarPlazo,
  onCambiarPlazo,
}: Props) {
  const [abierto, setAbierto] = useState<string | null>(null);
  if (!ofertas.length) return <p className="text-body-secondary">Ninguna oferta con esos filtros.</p>;
  return (
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Ofertas">
      <Table hover size="sm" className="plazas-ofertas align-middle">
        <thead>
          <tr>
            <th scope="col">N°</th>
            <th scope="col">Niño o niña</th>
            <th scope="col" className="d-none d-sm-table-cell">
              Lista
            </th>
            <th scope="col">Estado</th>
            <th scope="col" className="d-none d-sm-table-cell">
              Origen
            </th>
            <th scope="col">Vence</th>
            <th scope="col">
              <span className="visually-hidden">Acciones</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {ofertas.map((o) => {
            const pronto = vencePronto(o, estado.en);
            const historyId = `historial-${o.id}`;
            const nueva = nuevas.includes(claveOferta(o.numeroInscripcion, o.miembro));
            const clase = o.estado === 'vencida' ? 'plazas-fila--vencida' : pronto ? 'plazas-fila--pronto' : '';
            return (
              <Fragment key={o.id}>
                <tr
                  id={filaId(o.numeroInscripcion, o.miembro)}
                  tabIndex={-1}
                  className={nueva ? `${clase} plazas-fila--nueva` : clase}
                >
                  <td className="fw-semibold plazas-ofertas__numero" data-label="N°">
                    {padNumero(o.numeroInscripcion)}
                  </td>
                  <td data-label="Niño o niña">
                    <span>
                      {o.nombreCompleto}
                      {o.integrantes > 1 && <span className="text-body-secondary small"> (grupo de hermanos)</span>}
                    </span>
                  </td>
                  <td className="d-none d-sm-table-cell" data-label="Lista">
                    {LISTA_LABELS[o.lista]}
                  </td>
                  <td data-label="Estado">
                    <span>
                      <Badge bg={BADGE[o.estado]}>{ESTADO_LABELS[o.estado]}</Badge>
                      {nueva && (
                        <Badge bg="primary" className="ms-1">
                          Nueva
                        </Badge>
                      )}
                      {pronto && (
                        <Badge bg="warning" text="dark" className="ms-1">
                          Vence pronto
                        </Badge>
                      )}
                    </span>
                  </td>
                  <td className="d-none d-sm-table-cell" data-label="Origen">
                    {o.origen === 'titular' ? 'Titular' : 'Suplente'}
                  </td>
                  <td className="text-nowrap" data-label="Vence">
                    {fechaHoraTexto(o.vence)}
                  </td>
                  <td className="text-nowrap text-end plazas-ofertas__acciones">
                    {puedeResponder && o.estado !== 'aceptada' && (
                      <Button
                        size="sm"
                        variant="outline-success"
                        className="me-1"
                        onClick={() => onResponder({ oferta: o, respuesta: 'aceptada' })}
                      >
                        Aceptó<span className="visually-hidden"> (N° {padNumero(o.numeroInscripcion)})</span>
                      </Button>
                    )}
                    {puedeResponder && o.estado !== 'rechazada' && o.estado !== 'vencida' && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        className="me-1"
                        onClick={() => onResponder({ oferta: o, respuesta: 'rechazada' })}
                      >
                        Rechazó<span className="visually-hidden"> (N° {padNumero(o.numeroInscripcion)})</span>
                      </Button>
                    )}
                    {puedeCambiarPlazo && o.estado === 'ofrecida' && (
                      <Button size="sm" variant="outline-primary" className="me-1" onClick={() => onCambiarPlazo(o)}>
                        {PLAZA_MSG.cambiarPlazo}
                        <span className="visually-hidden"> (N° {padNumero(o.numeroInscripcion)})</span>
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-expanded={abierto === o.id}
                      aria-controls={historyId}
                      onClick={() => setAbierto((a) => (a === o.id ? null : o.id))}
                    >
                      Historial<span className="visually-hidden"> (N° {padNumero(o.numeroInscripcion)})</span>
                    </Button>
                  </td>
                </tr>
                {abierto === o.id && (
                  <tr id={historyId}>
                    <td colSpan={7} className="bg-body-tertiary">
                      <ol className="plazas-historial mb-0">
                        {historialDe(estado, o.numeroInscripcion, o.miembro).map((h, i) => (
                          <li key={i}>
                            {fechaHoraTexto(h.en)}: <strong>{ESTADO_LABELS[h.estado]}</strong> ({CAUSA_LABELS[h.causa]}
                            {h.registradoPor ? `, registró ${h.registradoPor}` : ''}){h.motivo ? ` — ${h.motivo}` : ''}
                          </li>
                        ))}
                      </ol>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}

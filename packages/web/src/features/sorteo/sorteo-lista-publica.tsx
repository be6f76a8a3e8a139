import { useId, useState } from 'react';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import Form from 'react-bootstrap/Form';
import { useQuery } from '@tanstack/react-query';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchParticipantesPublicos } from './sorteo-api.ts';

/**
 * The frozen participant list, public from the start: a family checks its child is in before the
 * first draw (number and initials; the hash below the list is the board's). Open before the first draw.
 */
export function ListaPublica({ id, abierta }: { id: string; abierta: boolean }) {
  const headingId = useId();
  const [buscar, setBuscar] = useState('');
  const lista = useQuery({
    queryKey: queryKeys.sorteo.listaPublica(id),
    queryFn: ({ signal }) => fetchParticipantesPublicos(signal),
    staleTime: Infinity,
  });
  if (!lista.data) return null;
  const numero = Number.parseInt(buscar, 10);
  const shown = Number.isNaN(numero)
    ? lista.data.participantes
    : lista.data.participantes.filter((p) => p.numeroInscripcion === numero);
  return (
    <details className="sorteo-lista-publica" open={abierta}>
      <summary id={headingId}>{SORTEO_MSG.listaPublicaTitulo(lista.data.participantes.length)}</summary>
      <p className="small text-body-secondary mb-2">{SORTEO_MSG.listaPublicaAyuda}</p>
      <Form.Group controlId="sorteo-lista-buscar" className="sorteo-lista-publica__buscar">
        <Form.Label>{SORTEO_MSG.listaPublicaBuscar}</Form.Label>
        <Form.Control
          inputMode="numeric"
          value={buscar}
          onChange={(e) => setBuscar(e.target.value.replace(/\D/g, ''))}
          autoComplete="off"
        />
      </Form.Group>
      {shown.length === 0 ? (
        <p role="status">{SORTEO_MSG.listaPublicaNoEsta}</p>
      ) : (
        <ul className="sorteo-lista-publica__lineas" aria-labelledby={headingId}>
          {shown.map((p) => (
            <li key={p.numeroInscripcion}>
              <span className="sorteo-linea__numero">{padNumero(p.numeroInscripcion)}</span> {p.iniciales}
            </li>
          ))}
        </ul>
      )}
      <p className="small mb-0">
        SHA-256: <code className="sorteo-hash">{lista.data.hash}</code>
      </p>
    </details>
  );
}

import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { FILTRO_SOLICITUDES, type TSolicitudesLista } from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { listarEnviadas } from './verificar-api.ts';

export const SOLICITUDES_A_VERIFICAR = INSCRIPTO_MSG.estadoSolicitudes;

/**
 * The list's filter "Solicitud en línea — a verificar" (docs/decisions/0038): the families' sent applications,
 * oldest first, each opening its verification. The other values of the filter go back to the enrolments.
 */
export function SolicitudesPage() {
  const navigate = useNavigate();
  const [lista, setLista] = useState<TSolicitudesLista | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listarEnviadas()
      .then(setLista)
      .catch((e: unknown) => setError(errorMessage(e, 'No se pudo cargar la lista de solicitudes.')));
  }, []);

  return (
    <section>
      <h1 className="h3">Inscriptos</h1>
      <div className="mb-3" style={{ maxWidth: '22rem' }}>
        <Form.Label htmlFor="solicitudes-filtro" className="visually-hidden">
          {INSCRIPTO_MSG.estadoLabel}
        </Form.Label>
        <Form.Select
          id="solicitudes-filtro"
          value={FILTRO_SOLICITUDES}
          onChange={(e) => navigate(e.target.value ? `/inscriptos?estado=${e.target.value}` : '/inscriptos')}
        >
          <option value="">{INSCRIPTO_MSG.estadoAll}</option>
          <option value="pendiente">{INSCRIPTO_MSG.estadoPendientes}</option>
          <option value="finalizado">{INSCRIPTO_MSG.estadoFinalizados}</option>
          <option value={FILTRO_SOLICITUDES}>{SOLICITUDES_A_VERIFICAR}</option>
        </Form.Select>
      </div>
      {error && <Alert variant="danger">{error}</Alert>}
      {!lista && !error && <p role="status">Cargando…</p>}
      {lista && lista.items.length === 0 && <p>No hay solicitudes en línea esperando verificación.</p>}
      {lista && lista.items.length > 0 && (
        <Table responsive hover size="sm">
          <caption className="visually-hidden">{SOLICITUDES_A_VERIFICAR}</caption>
          <thead>
            <tr>
              <th scope="col">Niño o niña</th>
              <th scope="col">Cédula</th>
              <th scope="col">Enviada</th>
              <th scope="col">Documentos</th>
            </tr>
          </thead>
          <tbody>
            {lista.items.map((s) => {
              const enviada = s.enviadaEn ? fechaHoraMontevideo(s.enviadaEn) : null;
              return (
                <tr key={s.id}>
                  <td>
                    <Link to={`/solicitudes/${encodeURIComponent(s.id)}`}>{s.nombre || 'Sin nombre'}</Link>
                  </td>
                  <td>{s.ci ?? '—'}</td>
                  <td>{enviada ? `${enviada.fecha} ${enviada.hora}` : '—'}</td>
                  <td>{s.documentos}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </section>
  );
}

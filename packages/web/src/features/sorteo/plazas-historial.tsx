import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { z } from 'zod';
import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import type { TPlazasTablero } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { verificarRegistroPublico } from '@inscripciones/shared/plazas/verificar-registro-publico.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';
import { ZActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { fetchActaPublica } from './sorteo-api.ts';
import { Busy } from '../../lib/busy.tsx';
import { sorteoErrorMessage } from './sorteo-view.ts';
import { conEscuela } from '../../lib/escuela.ts';

/**
 * Each offer of the season on the public board, with when it was made and when and how it ended, and "Verificar
 * las plazas": the browser downloads the public acta and the public register and replays the
 * roll-up with the same verifier as `npm run sorteo:verificar -- acta-publica.json --plazas registro-publico.json`.
 */
export function PlazasHistorial({ data }: { data: TPlazasTablero }) {
  return (
    <section className="plazas-historial mt-3" aria-labelledby="plazas-historial-titulo">
      <h3 id="plazas-historial-titulo" className="h5">
        {PLAZA_MSG.historialOfertas}
      </h3>
      {data.sorteoId && <VerificarPlazas sorteoId={data.sorteoId} />}
      {/* A scrolling region a keyboard can reach (axe's scrollable-region-focusable) on a phone. */}
      <div className="table-responsive mt-2" tabIndex={0} role="region" aria-labelledby="plazas-historial-titulo">
        <Table size="sm" className="mb-0" data-testid="plazas-historial">
          <thead>
            <tr>
              <th scope="col">N°</th>
              <th scope="col">Iniciales</th>
              <th scope="col">Lista</th>
              <th scope="col">Ofrecida</th>
              <th scope="col">Vence</th>
              <th scope="col">Respuesta</th>
              <th scope="col">Respondida</th>
            </tr>
          </thead>
          <tbody>
            {data.ofertas.map((o, i) => (
              <tr key={`${o.numeroInscripcion}-${i}`}>
                <td>{padNumero(o.numeroInscripcion)}</td>
                <td>{o.iniciales}</td>
                <td>{LISTA_LABELS[o.lista]}</td>
                <td>{fechaHoraTexto(o.ofrecidaEn)}</td>
                <td>{fechaHoraTexto(o.vence)}</td>
                <td>{o.respondida ? PLAZA_MSG.terminada(o.respondida) : PLAZA_MSG.sinRespuesta}</td>
                <td>{o.respondida ? fechaHoraTexto(o.respondida.en) : ''}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}

const REGISTRO_URL = '/api/plazas/registro-publico.json';

function VerificarPlazas({ sorteoId }: { sorteoId: string }) {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const verify = async () => {
    setRunning(true);
    setOutcome(null);
    try {
      const [acta, registro] = await Promise.all([
        fetchActaPublica(sorteoId),
        apiRequest(REGISTRO_URL, { schema: z.unknown(), auth: false }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 30));
      const started = performance.now();
      const sorteo = verifyActa(acta);
      const r = sorteo.ok
        ? verificarRegistroPublico(registro, ZActaPublica.parse(acta))
        : { ok: false as const, error: sorteo.error };
      const segundos = ((performance.now() - started) / 1000).toLocaleString('es-UY', { maximumFractionDigits: 2 });
      setOutcome(
        r.ok
          ? { ok: true, text: PLAZA_MSG.verificadas({ ...r, segundos }) }
          : { ok: false, text: PLAZA_MSG.noVerificadas(r.error) },
      );
    } catch (e) {
      setOutcome({ ok: false, text: sorteoErrorMessage(e, PLAZA_MSG.errorVerificar) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="plazas-verificar">
      <Button variant="outline-primary" onClick={() => void verify()} disabled={running}>
        {running ? <Busy label={PLAZA_MSG.verificando} /> : PLAZA_MSG.verificar}
      </Button>{' '}
      <a href={conEscuela(REGISTRO_URL)} download>
        {PLAZA_MSG.registroPublico}
      </a>
      {outcome && (
        <Alert
          variant={outcome.ok ? 'success' : 'danger'}
          role="status"
          className="mt-2 mb-0"
          data-testid="plazas-verificacion"
        >
          {outcome.text}
        </Alert>
      )}
    </div>
  );
}

import { useState } from 'react';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { TSorteoDelCiclo } from '@inscripciones/shared/sorteo/acta-schema.ts';
import type { Verification } from '@inscripciones/shared/sorteo/verify-acta.ts';
import { fetchActaPublica } from './sorteo-api.ts';
import { Busy } from '../../lib/busy.tsx';
import { sorteoErrorMessage } from './sorteo-view.ts';
import { conEscuela } from '../../lib/escuela.ts';

type Outcome = { result: Verification; ms: number } | { error: string };

/**
 * "Verificar este sorteo": the browser downloads the public acta and replays the whole raffle
 * with the same verifier as `npm run sorteo:verificar`, holding it to the commitment and the list hash the
 * board showed from the start.
 */
export function VerificarSorteo({ sorteo }: { sorteo: TSorteoDelCiclo }) {
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const verify = async () => {
    setRunning(true);
    setOutcome(null);
    try {
      // The verifier carries BLS12-381 for drand values (0027): loaded only when asked for.
      const [raw, { verifyActa }] = await Promise.all([
        fetchActaPublica(sorteo.id),
        import('@inscripciones/shared/sorteo/verify-acta.ts'),
      ]);
      // Let the spinner paint before the replay takes the thread.
      await new Promise((resolve) => setTimeout(resolve, 30));
      const started = performance.now();
      const result = verifyActa(raw, {
        compromiso: sorteo.compromiso,
        participantesHash: sorteo.listaPublicaHash ?? undefined,
      });
      setOutcome({ result, ms: performance.now() - started });
    } catch (e) {
      setOutcome({ error: sorteoErrorMessage(e, SORTEO_MSG.errorVerificar) });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="sorteo-verificar">
      <Button variant="outline-primary" onClick={() => void verify()} disabled={running}>
        {running ? <Busy label={SORTEO_MSG.verificando} /> : SORTEO_MSG.verificar}
      </Button>{' '}
      <a href={conEscuela(`/api/sorteo/actas/${encodeURIComponent(sorteo.id)}/acta-publica.json`)} download>
        {SORTEO_MSG.actaPublica}
      </a>
      {outcome && (
        <Alert
          variant={'error' in outcome ? 'danger' : outcome.result.ok ? 'success' : 'danger'}
          role="status"
          className="mt-2 mb-0"
          data-testid="sorteo-verificacion"
        >
          {'error' in outcome
            ? outcome.error
            : outcome.result.ok
              ? SORTEO_MSG.verificado({
                  ...outcome.result,
                  segundos: (outcome.ms / 1000).toLocaleString('es-UY', { maximumFractionDigits: 2 }),
                })
              : SORTEO_MSG.noVerificado(outcome.result.error)}
        </Alert>
      )}
    </div>
  );
}

import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { filaId } from './plazas-ofertas.tsx';

export interface Aviso {
  texto: string;
  /** The offers the answer made, `numero:miembro`. */
  nuevas: string[];
}

/**
 * The feedback line after an answer: "Registrado… La plaza pasó a N° 171 (…)". A polite live region
 * always in the page (so a screen reader hears each new line), kept at the bottom of the screen on a phone so it
 * is read where the answer was given; it stays until closed or the next answer.
 */
export function PlazasAviso({ aviso, onClose }: { aviso: Aviso | null; onClose: () => void }) {
  const primera = aviso?.nuevas[0];
  const verOferta = () => {
    if (!primera) return;
    const [numero, miembro] = primera.split(':').map(Number);
    const fila = document.getElementById(filaId(numero!, miembro!));
    fila?.scrollIntoView({ block: 'center' });
    fila?.focus();
  };
  return (
    <div className="plazas-aviso" role="status" aria-live="polite" aria-atomic="true">
      {aviso && (
        <div className="plazas-aviso__caja alert alert-success d-flex align-items-start gap-2 mb-0 shadow">
          <div className="flex-grow-1">
            <p className="mb-1">{aviso.texto}</p>
            {primera && (
              <Button variant="success" size="sm" className="plazas-aviso__ver" onClick={verOferta}>
                {PLAZA_MSG.verOferta}
              </Button>
            )}
          </div>
          <CloseButton aria-label={PLAZA_MSG.cerrarAviso} onClick={onClose} />
        </div>
      )}
    </div>
  );
}

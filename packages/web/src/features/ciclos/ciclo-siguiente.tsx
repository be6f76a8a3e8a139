import Button from 'react-bootstrap/Button';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';

/**
 * The next cycle, offered under the list of cycles (it was the first thing on a phone's screen, one tap from
 * a cycle that cannot be deleted): what it copies, and the button that asks for a confirmation.
 */
export function CicloSiguiente(props: { nombre: string; actual: string; busy: boolean; onCrear: () => void }) {
  return (
    <section className="card mb-4" aria-labelledby="ciclo-siguiente-titulo">
      <div className="card-body">
        <h2 id="ciclo-siguiente-titulo" className="h5">
          {CICLO_MSG.siguiente}: {props.nombre}
        </h2>
        <p>{CICLO_MSG.siguienteTexto(props.nombre, props.actual)}</p>
        <Button variant="outline-primary" onClick={props.onCrear} disabled={props.busy}>
          <span aria-hidden="true">+ </span>
          {CICLO_MSG.crearBoton(props.nombre)}
        </Button>
      </div>
    </section>
  );
}

import { PREFERENCIAS_LABEL } from '@inscripciones/shared/escuelas/preferencias.ts';
import type { TOpcionesRed } from '@inscripciones/shared/asignacion/api-schema.ts';
import { PreferenciasPicker } from '../../lib/preferencias-picker.tsx';

interface EscuelasPasoProps {
  opciones: TOpcionesRed;
  value: readonly string[];
  error: string | undefined;
  onChange: (value: string[]) => void;
}

/** The step where a family ranks the network's schools (docs/decisions/0028); saved like every other answer. */
export function EscuelasPaso({ opciones, value, error, onChange }: EscuelasPasoProps) {
  return (
    <section aria-labelledby="solicitud-paso-titulo">
      <h2 className="h5" id="solicitud-paso-titulo" tabIndex={-1}>
        {PREFERENCIAS_LABEL}
      </h2>
      <PreferenciasPicker
        id="solicitud-preferencias"
        escuelas={opciones.escuelas}
        max={opciones.maxPreferencias}
        value={value}
        error={error}
        legendOculta
        onChange={onChange}
      />
    </section>
  );
}

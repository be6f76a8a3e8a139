import CloseButton from 'react-bootstrap/CloseButton';
import { segmentoEtiquetas, type Segmento } from '@inscripciones/shared/inscriptos/segmento.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * The segment the list was opened with from the director's panel, one chip per filter, each
 * removable: the list never looks unfiltered while it is filtered.
 */
export function SegmentoChips({ segmento, onChange }: { segmento: Segmento; onChange: (s: Segmento) => void }) {
  const etiquetas = segmentoEtiquetas(segmento);
  if (!etiquetas.length) return null;
  return (
    <ul className="segmento-chips" aria-label={INSCRIPTO_MSG.segmentoChips}>
      {etiquetas.map(({ key, texto }) => (
        <li key={key} className="segmento-chip">
          <span>{texto}</span>
          <CloseButton
            aria-label={INSCRIPTO_MSG.quitarFiltro(texto)}
            onClick={() => {
              const { [key]: _removed, ...rest } = segmento;
              onChange(rest);
            }}
          />
        </li>
      ))}
    </ul>
  );
}

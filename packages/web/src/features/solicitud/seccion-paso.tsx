import { sectionFields, SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { Campo } from './campo.tsx';

/**
 * What a family fills in: the shared catalogue's fields less the school's decision (fuera de zona) and the
 * siblings' rows, which staff complete when they verify (the count and the yes/no are asked here).
 */
const NO_PARA_LA_FAMILIA = new Set(['fueraDeZonaAutorizado', 'hermanosInscriben', 'hermanosPrimaria']);

const camposDeLaFamilia = (n: SectionNumber) => sectionFields(n).filter((f) => !NO_PARA_LA_FAMILIA.has(f.name));

interface SeccionPasoProps {
  numero: SectionNumber;
  datos: Record<string, unknown>;
  errores: Record<string, string>;
  onChange: (campo: string, valor: unknown) => void;
}

export function SeccionPaso({ numero, datos, errores, onChange }: SeccionPasoProps) {
  return (
    <section aria-labelledby="solicitud-paso-titulo">
      <h2 className="h5" id="solicitud-paso-titulo" tabIndex={-1}>
        {numero}. {SECTION_TITLES[numero]}
      </h2>
      {camposDeLaFamilia(numero)
        .filter((f) => isShown(f.name, datos))
        .map((f) => (
          <Campo
            key={f.name}
            campo={f}
            valor={datos[f.name]}
            error={errores[f.name]}
            onChange={(v) => onChange(f.name, v)}
          />
        ))}
    </section>
  );
}

import { NIVEL_EDUCATIVO_RULE_LABEL } from '@inscripciones/shared/inscriptos/sections.ts';
import { SelectInput, TextInput } from '../field-controls.tsx';

/** Section 7, "Nivel educativo de los responsables" (SPEC 5's education-level rule). */
export function SectionNivelEducativo() {
  return (
    <div className="row">
      <p className="col-12 form-text mt-0">
        {NIVEL_EDUCATIVO_RULE_LABEL}. Si hay otro responsable, indicá su nivel educativo.
      </p>
      <div className="col-md-6">
        <SelectInput name="nivelEducativoMadre" />
      </div>
      <div className="col-md-6">
        <SelectInput name="nivelEducativoPadre" />
      </div>
      <div className="col-md-6">
        <TextInput name="otroResponsable" />
      </div>
      <div className="col-md-6">
        <SelectInput name="otroResponsableNivel" />
      </div>
      <div className="col-12">
        <TextInput name="otroResponsableAclarar" />
      </div>
    </div>
  );
}

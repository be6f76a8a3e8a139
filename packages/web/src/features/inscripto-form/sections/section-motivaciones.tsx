import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { CheckboxGroup, SelectInput, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import { PreferenciasField } from '../preferencias-field.tsx';

/** Section 8, "Motivaciones y expectativas". */
export function SectionMotivaciones() {
  const { values } = useFormUi();
  return (
    <div className="row">
      <div className="col-md-6">
        <CheckboxGroup name="razonElegirInstitucion" />
        {isShown('razonElegirInstitucionOtra', values) && <TextInput name="razonElegirInstitucionOtra" />}
      </div>
      <div className="col-md-6">
        <SelectInput name="ultimoAnioCentroEstudios" />
        <SelectInput name="trabajoFuturo" />
        <SelectInput name="trabajoFuturoTipo" />
        {isShown('trabajoFuturoTipoOtro', values) && <TextInput name="trabajoFuturoTipoOtro" />}
      </div>
      <div className="col-12">
        <PreferenciasField />
      </div>
    </div>
  );
}

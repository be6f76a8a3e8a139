import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { SelectInput, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';

/** Section 6, "Vivienda, trabajo y bienes". A car asks for its make, model and year. */
export function SectionVivienda() {
  const { values } = useFormUi();
  return (
    <div className="row">
      <div className="col-md-6">
        <SelectInput name="trabajo" />
        {isShown('trabajoOtroAclarar', values) && <TextInput name="trabajoOtroAclarar" />}
      </div>
      <div className="col-md-6">
        <SelectInput name="vivienda" />
        {isShown('viviendaOtroAclarar', values) && <TextInput name="viviendaOtroAclarar" />}
      </div>
      <div className="col-md-6">
        <SelectInput name="vehiculo" />
        {isShown('vehiculoOtroAclarar', values) && <TextInput name="vehiculoOtroAclarar" />}
      </div>
      {isShown('marcaAuto', values) && (
        <>
          <div className="w-100" />
          <div className="col-md-6">
            <SelectInput name="marcaAuto" />
            {isShown('marcaAutoOtroAclarar', values) && <TextInput name="marcaAutoOtroAclarar" />}
          </div>
          <div className="col-sm-6 col-md-3">
            <TextInput name="modeloAuto" />
          </div>
          <div className="col-sm-6 col-md-3">
            <TextInput name="anioAuto" kind="digits" maxLength={4} />
          </div>
        </>
      )}
    </div>
  );
}

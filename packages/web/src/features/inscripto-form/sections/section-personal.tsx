import { BirthDateField } from '../birth-date-field.tsx';
import { CiField } from '../ci-field.tsx';
import { DuplicadoAviso } from '../duplicado-aviso.tsx';
import { RadioGroup, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import { rulesInput } from '../form-values.ts';

/** Section 1, "Datos Personales del Estudiante". */
export function SectionPersonal() {
  const ui = useFormUi();
  return (
    <div className="row">
      <div className="col-md-6">
        <TextInput name="nombre1" />
      </div>
      <div className="col-md-6">
        <TextInput name="nombre2" />
      </div>
      <div className="col-md-6">
        <TextInput name="apellido1" />
      </div>
      <div className="col-md-6">
        <TextInput name="apellido2" />
      </div>
      <div className="col-md-6">
        <BirthDateField />
      </div>
      <div className="col-md-6">
        <RadioGroup name="sexo" />
      </div>
      <div className="col-md-6">
        <CiField name="ci" main />
      </div>
      {/* Beside the fields it is about, as they are typed: before "Siguiente" saves anything. */}
      <div className="col-md-6">
        <DuplicadoAviso
          id={`${ui.idPrefix}-duplicados`}
          values={rulesInput(ui.values)}
          recordId={ui.recordId}
          readOnly={ui.readOnly}
          guardada={ui.guardada ?? false}
        />
      </div>
    </div>
  );
}

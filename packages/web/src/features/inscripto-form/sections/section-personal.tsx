import { BirthDateField } from '../birth-date-field.tsx';
import { CiField } from '../ci-field.tsx';
import { RadioGroup, TextInput } from '../field-controls.tsx';

/** Section 1, "Datos Personales del Estudiante". */
export function SectionPersonal() {
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
    </div>
  );
}

import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { BooleanRadio, RadioGroup, SelectInput, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';

/**
 * Section 2, "Domicilio y contacto". "ADMIN: Fuera de zona autorizado" is for administrators only. The consent to
 * messages (Ley 18.331) is asked when there is an e-mail or a first mobile to send them to.
 */
export function SectionDomicilio() {
  const ui = useFormUi();
  return (
    <div className="row">
      <div className="col-12">
        <TextInput name="domicilio" />
      </div>
      <div className="col-md-6">
        <SelectInput name="barrio" />
      </div>
      {isShown('barrioOtro', ui.values) && (
        <div className="col-md-6">
          <TextInput name="barrioOtro" />
        </div>
      )}
      <div className="col-md-6">
        <RadioGroup name="zonaTolerancia" />
      </div>
      {ui.canSetFueraDeZona && (
        <div className="col-md-6">
          <BooleanRadio name="fueraDeZonaAutorizado" />
        </div>
      )}
      <div className="w-100" />
      <div className="col-md-6">
        <TextInput name="cel1" kind="phone" />
      </div>
      <div className="col-md-6">
        <TextInput name="tel" kind="phone" />
      </div>
      <div className="col-md-6">
        <TextInput name="cel2" kind="phone" />
      </div>
      <div className="col-md-6">
        <TextInput name="cel3" kind="phone" />
      </div>
      <div className="col-md-6">
        <TextInput
          name="email"
          kind="email"
          autoComplete="off"
          hint="Opcional. Para avisar a la familia del sorteo y de su lugar."
        />
      </div>
      <div className="col-md-6">
        <RadioGroup
          name="avisosConsentimiento"
          hint="Avisos con el número de inscripción y las iniciales, nunca el nombre completo ni la cédula."
        />
      </div>
      <div className="col-md-6">
        <TextInput name="inscriptor" />
      </div>
      <div className="col-md-6">
        <SelectInput name="parentesco" />
      </div>
    </div>
  );
}

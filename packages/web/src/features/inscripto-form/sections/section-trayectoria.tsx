import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { CENTRES, centreYearWindow } from '@inscripciones/shared/inscriptos/dates.ts';
import { educacionInicialLabel } from '@inscripciones/shared/inscriptos/fields.ts';
import { sectionErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { Checkbox, RadioGroup, SelectInput, TextInput, YearSelect } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import { rulesInput } from '../form-values.ts';
import { ErrorMarker } from '../../../lib/error-marker.tsx';

/**
 * Section 3, "Trayectoria educativa". Ticking a centre shows its start and end years, which become
 * required (sections.ts); the year errors of the shared rules are listed live with a cross mark.
 */
export function SectionTrayectoria() {
  const ui = useFormUi();
  const yearErrors = sectionErrors(3, rulesInput(ui.values), ui.today);
  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <RadioGroup name="escuelaAnioActual" label={educacionInicialLabel(ui.anioIngreso)} />
        </div>
        <div className="col-md-6">
          <RadioGroup name="escuelaAnioActualExtendido" />
        </div>
        <div className="col-md-6">
          <RadioGroup name="escuelaUltimo" />
        </div>
        <div className="col-md-6">
          <RadioGroup name="escuelaP" />
        </div>
        <div className="col-md-6">
          <SelectInput name="ultimoCentro" />
        </div>
        {isShown('centroOtroAclarar', ui.values) && (
          <div className="col-md-6">
            <TextInput name="centroOtroAclarar" />
          </div>
        )}
        <div className="w-100" />
        <div className="col-md-6">
          <RadioGroup name="repitio" />
        </div>
        <div className="col-md-6">
          <RadioGroup name="necesidadesEducativas" />
        </div>
        {isShown('necesidadesEducativasAclarar', ui.values) && (
          <div className="col-12">
            <TextInput name="necesidadesEducativasAclarar" kind="textarea" />
          </div>
        )}
      </div>

      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">Otros centros a los que asistió</legend>
        {CENTRES.map((centre) => {
          const { min, max } = centreYearWindow(centre, ui.today);
          return (
            <div key={centre} className="row align-items-start">
              <div className="col-md-4">
                <Checkbox name={centre} className="mb-3 mt-md-4 pt-md-2" />
              </div>
              {ui.values[centre] && (
                <>
                  <div className="col-sm-6 col-md-4">
                    <YearSelect name={`${centre}Inicio`} min={min} max={max} hint={`Entre ${min} y ${max}`} />
                  </div>
                  <div className="col-sm-6 col-md-4">
                    <YearSelect name={`${centre}Fin`} min={min} max={max} hint={`Entre ${min} y ${max}`} />
                  </div>
                </>
              )}
            </div>
          );
        })}
        <div aria-live="polite">
          {yearErrors.length > 0 && (
            <ul className="list-unstyled text-danger mb-0 inscripto-form__errors">
              {yearErrors.map(({ message }) => (
                <li key={message}>
                  <ErrorMarker />
                  {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      </fieldset>
    </>
  );
}

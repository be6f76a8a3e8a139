import { useFieldArray, useFormContext } from 'react-hook-form';
import { HERMANO_FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { NIVEL_HERMANO_INSCRIBE, SEXO_HERMANO } from '@inscripciones/shared/inscriptos/options.ts';
import { CiField } from '../ci-field.tsx';
import { RadioGroup, SelectInput, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import { emptyHermanoInscribe, type FormValues } from '../form-values.ts';

/** "Nombre completo" plus, for screen readers, which sibling. */
function rowLabel(field: string, n: number) {
  return (
    <>
      {HERMANO_FIELD_LABELS[field]}
      <span className="visually-hidden"> del hermano {n}</span>
    </>
  );
}

/**
 * Section 9, "Hermanos que se inscriben este año". The number chosen sets how many rows show; growing it
 * adds empty rows after the existing ones, shrinking it hides the last ones without losing them (only the
 * rows shown are saved), so entries already typed are kept (SPEC 2).
 */
export function SectionHermanosInscriben() {
  const { values } = useFormUi();
  const { control, getValues } = useFormContext<FormValues>();
  const { fields, append } = useFieldArray({ control, name: 'hermanosInscriben' });
  const cantidad = Number(values.cantidadHermanosInscriben) || 0;

  const resize = (value: string) => {
    const wanted = Number(value) || 0;
    const have = getValues('hermanosInscriben').length;
    if (wanted > have) append(Array.from({ length: wanted - have }, emptyHermanoInscribe), { shouldFocus: false });
  };

  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <SelectInput name="cantidadHermanosInscriben" onValueChange={resize} />
        </div>
      </div>
      {fields.slice(0, cantidad).map((row, index) => {
        const n = index + 1;
        return (
          <fieldset key={row.id} className="border rounded p-3 mb-3">
            <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">Hermano {n}</legend>
            <div className="row">
              <div className="col-md-6">
                <TextInput name={`hermanosInscriben.${index}.nombre`} label={rowLabel('nombre', n)} />
              </div>
              <div className="col-md-6">
                <CiField name={`hermanosInscriben.${index}.ci`} label={rowLabel('ci', n)} />
              </div>
              <div className="col-md-6">
                <SelectInput
                  name={`hermanosInscriben.${index}.nivel`}
                  label={rowLabel('nivel', n)}
                  options={NIVEL_HERMANO_INSCRIBE}
                />
              </div>
              <div className="col-md-6">
                <RadioGroup
                  name={`hermanosInscriben.${index}.sexo`}
                  label={rowLabel('sexo', n)}
                  options={SEXO_HERMANO}
                />
              </div>
            </div>
          </fieldset>
        );
      })}
    </>
  );
}

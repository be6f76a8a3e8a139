import Button from 'react-bootstrap/Button';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { HERMANO_FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { MAX_HERMANOS_PRIMARIA, NIVEL_HERMANO_PRIMARIA } from '@inscripciones/shared/inscriptos/options.ts';
import { BooleanRadio, SelectInput, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import { emptyHermanoPrimaria, type FormValues } from '../form-values.ts';

function rowLabel(field: string, n: number) {
  return (
    <>
      {HERMANO_FIELD_LABELS[field]}
      <span className="visually-hidden"> del hermano {n}</span>
    </>
  );
}

/** Section 10, "Hermanos ya en primaria del centro": up to MAX_HERMANOS_PRIMARIA rows. */
export function SectionHermanosPrimaria() {
  const { values, readOnly } = useFormUi();
  const { control, getValues } = useFormContext<FormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'hermanosPrimaria' });

  const onAnswer = (tiene: boolean) => {
    if (tiene && getValues('hermanosPrimaria').length === 0) append(emptyHermanoPrimaria(), { shouldFocus: false });
  };

  return (
    <>
      <BooleanRadio name="tieneHermanosPrimaria" onValueChange={onAnswer} />
      {values.tieneHermanosPrimaria && (
        <>
          {fields.map((row, index) => {
            const n = index + 1;
            return (
              <fieldset key={row.id} className="border rounded p-3 mb-3">
                <legend className="fs-6 fw-semibold float-none w-auto px-1 mb-0">Hermano {n}</legend>
                <div className="row align-items-end">
                  <div className="col-md-5">
                    <TextInput name={`hermanosPrimaria.${index}.nombre`} label={rowLabel('nombre', n)} />
                  </div>
                  <div className="col-sm-6 col-md-3">
                    <SelectInput
                      name={`hermanosPrimaria.${index}.nivel`}
                      label={rowLabel('nivel', n)}
                      options={NIVEL_HERMANO_PRIMARIA}
                    />
                  </div>
                  <div className="col-sm-6 col-md-2">
                    <TextInput name={`hermanosPrimaria.${index}.grupo`} label={rowLabel('grupo', n)} />
                  </div>
                  {!readOnly && (
                    <div className="col-md-2 mb-3">
                      <Button variant="outline-danger" size="sm" onClick={() => remove(index)}>
                        Quitar<span className="visually-hidden"> hermano {n}</span>
                      </Button>
                    </div>
                  )}
                </div>
              </fieldset>
            );
          })}
          {!readOnly && fields.length < MAX_HERMANOS_PRIMARIA && (
            <Button variant="outline-primary" size="sm" className="mb-3" onClick={() => append(emptyHermanoPrimaria())}>
              + Agregar hermano
            </Button>
          )}
        </>
      )}
    </>
  );
}

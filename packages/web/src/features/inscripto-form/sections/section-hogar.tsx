import { isShown } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { Checkbox, RadioGroup, SelectInput, TextInput } from '../field-controls.tsx';
import { useFormUi } from '../form-ui.ts';
import type { FormValues } from '../form-values.ts';
import { householdTick } from '../household.ts';

/**
 * Section 4, "Composición y situación del hogar". The first time it opens in this form, the household
 * member matching parentesco is ticked if no member is set yet (SPEC 2).
 */
export function SectionHogar() {
  const ui = useFormUi();
  const { getValues, setValue } = useFormContext<FormValues>();
  const { readOnly, householdAutoTick } = ui;

  useEffect(() => {
    if (readOnly || householdAutoTick.done) return;
    householdAutoTick.done = true;
    const tick = householdTick(getValues());
    if (!tick) return;
    for (const [name, value] of Object.entries(tick)) {
      setValue(name as keyof typeof tick, value, { shouldDirty: true });
    }
  }, [readOnly, householdAutoTick, getValues, setValue]);

  return (
    <div className="row">
      <div className="col-md-6">
        <RadioGroup name="monoparental" />
      </div>
      <div className="col-md-6">
        <RadioGroup name="discapacidad" />
      </div>
      <fieldset className="col-12 mb-2">
        <legend className="fs-6 fw-semibold">Personas que viven en el hogar con el estudiante</legend>
        <div className="d-flex flex-wrap column-gap-4">
          <Checkbox name="madre" />
          <Checkbox name="padre" />
          <Checkbox name="madrastra" />
          <Checkbox name="padrastro" />
        </div>
      </fieldset>
      <div className="col-sm-6 col-md-3">
        <SelectInput name="abuelos" />
      </div>
      <div className="col-sm-6 col-md-3">
        <SelectInput name="abuelas" />
      </div>
      <div className="col-sm-6 col-md-3">
        <SelectInput name="hermanos" />
      </div>
      <div className="col-sm-6 col-md-3">
        <SelectInput name="hermanas" />
      </div>
      <div className="col-md-6">
        <SelectInput name="otrosAdultos" />
        {isShown('otrosAdultosAclarar', ui.values) && <TextInput name="otrosAdultosAclarar" />}
      </div>
      <div className="col-md-6">
        <SelectInput name="otrosMenores" />
        {isShown('otrosMenoresAclarar', ui.values) && <TextInput name="otrosMenoresAclarar" />}
      </div>
      <div className="col-md-6">
        <SelectInput name="menores" />
      </div>
      <div className="col-md-6">
        <SelectInput name="totalIntegrantesHogar" />
      </div>
    </div>
  );
}

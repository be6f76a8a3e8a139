import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormUiContext, type FormUi } from '../features/inscripto-form/form-ui.ts';
import { toFormValues, type FormValues } from '../features/inscripto-form/form-values.ts';

/** A fixed "today" for component tests (a Wednesday in June, in Montevideo). */
const TEST_TODAY = new Date('2025-06-18T15:00:00Z');

interface HarnessProps {
  initial?: Partial<FormValues>;
  ui?: Partial<Omit<FormUi, 'values'>>;
  children: ReactNode;
}

/**
 * Component tests only: a react-hook-form form and the form's UI context around some section or field,
 * with the current values printed as JSON in an <output> for assertions.
 */
export function FormHarness({ initial, ui, children }: HarnessProps) {
  const form = useForm<FormValues>({ defaultValues: { ...toFormValues(null), ...initial } });
  const values = form.watch();
  const [householdAutoTick] = useState({ done: false });
  const value: FormUi = {
    readOnly: false,
    canSetFueraDeZona: false,
    recordId: null,
    today: TEST_TODAY,
    idPrefix: 'prueba',
    isRequired: () => false,
    fieldError: () => undefined,
    householdAutoTick,
    ciCheck: { duplicate: null, anteriores: [], checking: false },
    ...ui,
    values,
  };
  return (
    <FormUiContext value={value}>
      <FormProvider {...form}>
        {children}
        <output data-testid="valores">{JSON.stringify(values)}</output>
      </FormProvider>
    </FormUiContext>
  );
}

/** The form values the harness printed. */
export function readValues(output: HTMLElement): FormValues {
  return JSON.parse(output.textContent ?? '{}') as FormValues;
}

import { Controller, useFormContext } from 'react-hook-form';
import { opcionesVisibles, useOpcionesRed } from '../../lib/opciones-red.ts';
import { PreferenciasPicker } from '../../lib/preferencias-picker.tsx';
import { fieldId, useFormUi } from './form-ui.ts';
import type { FormValues } from './form-values.ts';

/**
 * The schools the family ranks for the network's assignment (docs/decisions/0028), in the staff form: shown only in
 * a network of more than one school; the list is saved with the record (`preferencias`).
 */
export function PreferenciasField() {
  const ui = useFormUi();
  const { control } = useFormContext<FormValues>();
  const red = opcionesVisibles(useOpcionesRed().data);
  if (!red) return null;
  return (
    <Controller
      control={control}
      name="preferencias"
      render={({ field }) => (
        <PreferenciasPicker
          id={fieldId(ui.idPrefix, 'preferencias')}
          escuelas={red.escuelas}
          max={red.maxPreferencias}
          value={field.value ?? []}
          disabled={ui.readOnly}
          error={ui.fieldError('preferencias')}
          onChange={field.onChange}
        />
      )}
    />
  );
}

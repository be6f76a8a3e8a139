import { useEffect } from 'react';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { Option } from '@inscripciones/shared/inscriptos/options.ts';
import { SelectInput } from './field-controls.tsx';
import { useFuncionarios } from './inscripto-api.ts';

/**
 * SPEC 2: administrators choose the enrolling official from the users (name and username), loaded once;
 * the others see "Inscripción realizada por" fixed to the official (their own username on a new one).
 */
export function FuncionarioField({
  canChoose,
  value,
  readOnly,
}: {
  canChoose: boolean;
  value: string;
  readOnly: boolean;
}) {
  const users = useFuncionarios(canChoose && !readOnly);

  useEffect(() => {
    // SPEC 8: a failure to load the user list is only logged.
    if (users.isError) console.warn('No se pudo cargar la lista de usuarios', users.error);
  }, [users.isError, users.error]);

  if (!canChoose || readOnly) {
    return (
      <p className="mb-3">
        <span className="fw-semibold">{INSCRIPTO_MSG.enrolledBy}:</span> {value || '—'}
      </p>
    );
  }

  // The server lists active officials only (never the guest); a stored one no longer listed stays shown.
  const options: Option[] = (users.data ?? []).map((u) => ({
    value: u.username,
    label: `${u.nombre} (${u.username})`,
  }));
  return (
    <div className="row">
      <div className="col-md-6">
        <SelectInput
          name="funcionario"
          label={INSCRIPTO_MSG.enrolledBy}
          options={options}
          hint={users.isPending ? 'Cargando usuarios...' : undefined}
        />
      </div>
    </div>
  );
}

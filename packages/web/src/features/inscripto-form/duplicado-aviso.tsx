import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { ZAvisosDuplicado, type TVerificarDuplicado } from '@inscripciones/shared/duplicados/api-schema.ts';
import { ciError } from '@inscripciones/shared/inscriptos/ci.ts';
import { isIsoDate } from '@inscripciones/shared/inscriptos/dates.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { queryKeys } from '../../lib/query-keys.ts';

/** What the form holds of the fields the duplicates rule reads. */
interface Identidad {
  nombre1: string;
  apellido1: string;
  apellido2: string;
  fechaNacimiento: string;
  ci: string;
  hermanosInscriben: readonly { nombre: string; ci: string }[];
}

const DEBOUNCE_MS = 600;
const ciUsable = (ci: string) => (/^\d{8}$/.test(ci) && ciError(ci) === null ? ci : undefined);

/**
 * The body of POST /api/duplicados/verificar from the form's values, or null while there is too little to
 * compare (a first name, a first surname, and a whole birth date or CI). Half-typed values are left out,
 * so the check never fails on them.
 */
export function candidatoDuplicado(v: Identidad, recordId: string | null): TVerificarDuplicado | null {
  const nombre1 = v.nombre1.trim();
  const apellido1 = v.apellido1.trim();
  const fechaNacimiento = isIsoDate(v.fechaNacimiento) ? v.fechaNacimiento : undefined;
  const ci = ciUsable(v.ci);
  if (!nombre1 || !apellido1 || (!fechaNacimiento && !ci)) return null;
  const hermanos = v.hermanosInscriben
    .filter((h) => h.nombre.trim())
    .map((h) => ({ nombre: h.nombre.trim(), ...(ciUsable(h.ci) ? { ci: h.ci } : {}) }));
  return {
    ...(recordId ? { id: recordId } : {}),
    nombre1,
    apellido1,
    ...(v.apellido2.trim() ? { apellido2: v.apellido2.trim() } : {}),
    ...(fechaNacimiento ? { fechaNacimiento } : {}),
    ...(ci ? { ci } : {}),
    ...(hermanos.length ? { hermanosInscriben: hermanos } : {}),
  };
}

/**
 * While a record is typed, a warning (never a block) when it looks like an enrolment of the cycle:
 * "Posible duplicado de Lucía Pérez, N° 12: misma fecha de nacimiento y nombre". Checked a moment after
 * typing stops; a failed check shows nothing (the screen "Posibles duplicados" lists the pair anyway).
 */
export function DuplicadoAviso({
  values,
  recordId,
  readOnly,
}: {
  values: Identidad;
  recordId: string | null;
  readOnly: boolean;
}) {
  const { user } = useAuth();
  const body = readOnly || !can(user, 'duplicados:leer') ? null : candidatoDuplicado(values, recordId);
  const key = body ? JSON.stringify(body) : '';
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(key), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key]);

  const query = useQuery({
    queryKey: queryKeys.duplicadosVerificar(settled),
    queryFn: ({ signal }) =>
      apiRequest('/api/duplicados/verificar', {
        method: 'POST',
        body: JSON.parse(settled) as unknown,
        schema: ZAvisosDuplicado,
        signal,
      }),
    enabled: settled !== '',
    retry: false,
    staleTime: 30_000,
  });
  const avisos = settled !== '' && settled === key ? (query.data?.items ?? []) : [];

  return (
    <div role="status" className="inscripto-form__duplicados">
      {avisos.length > 0 && (
        <Alert variant="warning" className="mb-3">
          {avisos.map((a) => (
            <p key={a.par.id} className="fw-semibold mb-1">
              {a.mensaje}
            </p>
          ))}
          <p className="small mb-0">
            {DUPLICADO_MSG.avisoAyuda}{' '}
            <Link to="/duplicados" className="alert-link">
              {DUPLICADO_MSG.titulo}
            </Link>{' '}
            {DUPLICADO_MSG.avisoAyudaFin}
          </p>
        </Alert>
      )}
    </div>
  );
}

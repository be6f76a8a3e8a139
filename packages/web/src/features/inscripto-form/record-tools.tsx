import { can } from '@inscripciones/shared/permissions.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { CodigoEstadoPanel } from './constancia.tsx';
import { InformeDatosButton } from './informe-datos-button.tsx';
import { RecordHistory } from './record-history.tsx';
import { RecordAvisos } from './record-avisos.tsx';

/**
 * What staff find under a saved record, each for whoever may use it: the family's status code and constancia
 * (only once the record has a number), the messages sent to the family (decision 0029), the
 * personal-data report and the history.
 */
export function RecordTools({ id, numero, constancia }: { id: string; numero: number | null; constancia: boolean }) {
  const { user } = useAuth();
  return (
    <>
      {constancia && numero !== null && <CodigoEstadoPanel id={id} />}
      {constancia && can(user, 'avisos:leer') && <RecordAvisos id={id} />}
      {can(user, 'inscriptos:informe-datos') && <InformeDatosButton id={id} />}
      {can(user, 'inscriptos:audit') && <RecordHistory id={id} />}
    </>
  );
}

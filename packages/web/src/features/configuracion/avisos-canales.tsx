import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import { ZAvisosCanales } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * Says when the server cannot send the messages to the families (decision 0029): no SMTP_URL, no
 * MENSAJES_WEBHOOK_URL. Nothing while it loads, nothing if it fails (the channels are the server's setting, not
 * this page's).
 */
export function AvisosCanales() {
  const { data } = useQuery({
    queryKey: queryKeys.avisosCanales,
    queryFn: ({ signal }) => apiRequest('/api/avisos/estado', { schema: ZAvisosCanales, signal }),
  });
  const texto = data && AVISO_MSG.sinCanales(data);
  return texto ? <Alert variant="warning">{texto}</Alert> : null;
}

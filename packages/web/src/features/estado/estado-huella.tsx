import { useEffect, useState } from 'react';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { ZParticipantesPublicos, ZSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { miembrosDeLaFamilia } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The family's own check of its huellas (docs/decisions/0020): this browser recomputes them from the
 * number, the code just typed and the salt published at the close, and looks for them in the public list.
 * Silent while it loads or when the public list cannot be read: the huellas above are shown anyway.
 */
export function HuellaComprobada({ numero, codigo, cuantas }: { numero: number; codigo: string; cuantas: number }) {
  const [encontradas, setEncontradas] = useState<number | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    const opts = { auth: false, signal: abort.signal } as const;
    Promise.all([
      apiRequest('/api/sorteo/participantes-publicos', { ...opts, schema: ZParticipantesPublicos }),
      apiRequest('/api/sorteo/status', { ...opts, schema: ZSorteoStatus }),
    ]).then(
      ([lista, status]) => {
        const sal = status.ultimoArchivado?.sal;
        if (sal) setEncontradas(miembrosDeLaFamilia(lista.participantes, codigo, sal, numero).length);
      },
      () => undefined,
    );
    return () => abort.abort();
  }, [numero, codigo]);
  if (encontradas === null) return null;
  return (
    <p className="small mt-2 mb-0" role="status">
      {encontradas >= cuantas ? ESTADO_MSG.huellaComprobada : ESTADO_MSG.huellaNoCoincide}
    </p>
  );
}

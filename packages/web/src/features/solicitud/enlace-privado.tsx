import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { codigoLegible } from '@inscripciones/shared/estado/estado-schema.ts';
import type { Llave } from './solicitud-api.ts';
import { enlacePrivado } from './solicitud-storage.ts';

/** The private link and the code, to come back from another device or after clearing the browser. */
export function EnlacePrivado({ llave, abierto }: { llave: Llave; abierto: boolean }) {
  const [copiado, setCopiado] = useState(false);
  const enlace = enlacePrivado(llave);
  return (
    <details className="mb-3" open={abierto}>
      <summary className="fw-semibold">Tu enlace privado y tu código</summary>
      <div className="border rounded p-3 mt-2">
        <p className="mb-1">
          Código: <strong className="font-monospace">{codigoLegible(llave.codigo)}</strong>
        </p>
        <p className="mb-2 text-break">
          Enlace: <a href={enlace}>{enlace}</a>
        </p>
        <p className="small mb-2">
          Guardalos: con ellos seguís la solicitud desde otro dispositivo. No los compartas; quien los tenga puede ver y
          cambiar la solicitud.
        </p>
        <Button
          variant="outline-primary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(enlace).then(() => setCopiado(true));
          }}
        >
          {copiado ? 'Enlace copiado' : 'Copiar el enlace'}
        </Button>
      </div>
    </details>
  );
}

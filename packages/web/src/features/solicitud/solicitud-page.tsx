import { lazy, Suspense, useEffect, useState } from 'react';
import { useEscuelaNombre } from '../../lib/escuela-nombre.ts';
import { ContactoPaso } from './contacto-paso.tsx';
import type { Llave } from './solicitud-api.ts';
import { llaveDelEnlace, llaveGuardada, recordarLlave } from './solicitud-storage.ts';

// The form, its shared rules and zod load once there is an application: the first screen is only the contact.
const cargarFormulario = () => import('./solicitud-formulario.tsx');
const SolicitudFormulario = lazy(cargarFormulario);

const CARGANDO = <p role="status">Cargando la solicitud…</p>;

/**
 * The families' online application (`/solicitud`, public, phone first; docs/decisions/0035): a contact, then
 * the 11 sections one per step with the shared rules, the documents, and review and send.
 */
export function SolicitudPage() {
  const escuela = useEscuelaNombre();
  const [delEnlace] = useState(llaveDelEnlace);
  const [llave, setLlave] = useState<Llave | null>(() => delEnlace ?? llaveGuardada());
  const [recienCreada, setRecienCreada] = useState(false);
  const [perdida, setPerdida] = useState(false);

  // The code leaves the address bar once read, so a shared phone's history does not keep it.
  useEffect(() => {
    if (delEnlace) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  }, [delEnlace]);

  return (
    <main className="container py-4" style={{ maxWidth: '38rem' }}>
      {escuela && <p className="text-body-secondary fw-semibold mb-1">{escuela}</p>}
      <h1 className="h3">Solicitud de inscripción</h1>
      {llave ? (
        <Suspense fallback={CARGANDO}>
          <SolicitudFormulario
            key={llave.id}
            llave={llave}
            recienCreada={recienCreada}
            onPerdida={() => {
              setLlave(null);
              setPerdida(true);
            }}
          />
        </Suspense>
      ) : (
        <ContactoPaso
          perdida={perdida}
          onEmpezando={() => void cargarFormulario()}
          onCreada={(l) => {
            recordarLlave(l);
            setRecienCreada(true);
            setPerdida(false);
            setLlave(l);
          }}
        />
      )}
    </main>
  );
}

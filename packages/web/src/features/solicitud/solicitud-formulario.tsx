import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SECTION_NUMBERS, SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { DocumentosPaso } from './documentos-paso.tsx';
import { EnlacePrivado } from './enlace-privado.tsx';
import { Finalizada } from './finalizada.tsx';
import { RevisarPaso } from './revisar-paso.tsx';
import { SeccionPaso } from './seccion-paso.tsx';
import { olvidar, olvidarDatos } from './solicitud-storage.ts';
import type { Llave } from './solicitud-api.ts';
import { useSolicitud, type EstadoGuardado } from './use-solicitud.ts';
import { validar } from './validar.ts';
import { conEscuela, escuelaDeLaPagina } from '../../lib/escuela.ts';
import { PREFERENCIAS_LABEL } from '@inscripciones/shared/escuelas/preferencias.ts';
import { opcionesVisibles, useOpcionesRed } from '../../lib/opciones-red.ts';
import { EscuelasPaso } from './escuelas-paso.tsx';

type Paso = SectionNumber | 'escuelas' | 'documentos' | 'revisar';
const TITULO: Record<string, string> = {
  escuelas: PREFERENCIAS_LABEL,
  documentos: 'Documentos',
  revisar: 'Revisar y enviar',
};
const tituloDe = (p: Paso) => (typeof p === 'number' ? `${p}. ${SECTION_TITLES[p]}` : TITULO[p]!);

const GUARDADO: Record<EstadoGuardado, string> = {
  guardado: 'Guardado',
  guardando: 'Guardando…',
  pendiente: 'Cambios sin guardar todavía',
  'sin-conexion': 'Sin conexión: lo escrito queda en este teléfono y se guarda al volver la conexión',
  error: 'Hay datos para corregir: el resto está guardado',
};

/**
 * The application once it exists (loaded after the contact step, so the first screen does not download the
 * form, its rules nor zod): the 11 sections one per step with the shared rules, the documents, and review and
 * send; or what became of it once sent.
 */
export default function SolicitudFormulario({
  llave: llaveInicial,
  recienCreada,
  onPerdida,
}: {
  llave: Llave;
  recienCreada: boolean;
  onPerdida: () => void;
}) {
  const red = opcionesVisibles(useOpcionesRed().data);
  // In a network of several schools, the family ranks them in a step of its own before the documents.
  const PASOS: readonly Paso[] = [...SECTION_NUMBERS, ...(red ? ['escuelas' as const] : []), 'documentos', 'revisar'];
  const s = useSolicitud(llaveInicial, onPerdida);
  const [paso, setPaso] = useState<Paso>(1);
  const tituloRef = useRef<HTMLElement | null>(null);
  const primera = useRef(true);

  // Each step's heading takes the focus, so a screen reader starts there and the keyboard continues from it.
  useEffect(() => {
    if (primera.current) {
      primera.current = false;
      return;
    }
    tituloRef.current = document.getElementById('solicitud-paso-titulo');
    tituloRef.current?.focus();
  }, [paso]);

  const ir = (p: Paso) => {
    void s.guardarAhora();
    setPaso(p);
  };
  const i = PASOS.indexOf(paso);
  const errores = { ...s.erroresServidor, ...validar(s.datos, new Date()).errores };

  if (s.cargando || !s.solicitud) return <p role="status">Cargando la solicitud…</p>;
  if (s.solicitud.estado === 'finalizada') return <Finalizada solicitud={s.solicitud} />;
  if (s.solicitud.estado === 'enviada') {
    return (
      <Alert variant="success">
        <h2 className="h5">Solicitud enviada</h2>
        <p>
          La escuela revisa los datos con los documentos y te escribe a {s.solicitud.contacto}. Si hay que corregir
          algo, te lo dicen.
        </p>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => {
            olvidar();
            window.location.assign(conEscuela('/solicitud', escuelaDeLaPagina()));
          }}
        >
          Empezar otra solicitud
        </Button>
      </Alert>
    );
  }
  const { llave, solicitud } = s;
  return (
    <>
      <EnlacePrivado llave={llave} abierto={recienCreada} />
      {solicitud.estado === 'devuelta' && solicitud.nota && (
        <Alert variant="warning">
          <h2 className="h5">La escuela te devolvió la solicitud</h2>
          <p className="mb-1">Corregí lo que te pide y enviala de nuevo:</p>
          <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
            {solicitud.nota}
          </p>
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="solicitud-paso">
        <Form.Label className="small mb-1">
          Paso {i + 1} de {PASOS.length}
        </Form.Label>
        <Form.Select value={String(paso)} onChange={(e) => ir(PASOS.find((p) => String(p) === e.target.value)!)}>
          {PASOS.map((p) => (
            <option key={p} value={String(p)}>
              {tituloDe(p)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <p className="small text-body-secondary" role="status" aria-live="polite">
        {GUARDADO[s.guardado]}
      </p>
      {typeof paso === 'number' && <SeccionPaso numero={paso} datos={s.datos} errores={errores} onChange={s.cambiar} />}
      {paso === 'escuelas' && red && (
        <EscuelasPaso
          opciones={red}
          value={Array.isArray(s.datos.preferencias) ? (s.datos.preferencias as string[]) : []}
          error={errores.preferencias}
          onChange={(v) => s.cambiar('preferencias', v)}
        />
      )}
      {paso === 'documentos' && (
        <DocumentosPaso llave={llave} documentos={solicitud.documentos} onSubido={s.documentoSubido} />
      )}
      {paso === 'revisar' && (
        <RevisarPaso
          llave={llave}
          solicitud={solicitud}
          datos={s.datos}
          antesDeEnviar={s.guardarAhora}
          onEnviada={(enviada) => {
            s.setSolicitud(enviada);
            olvidarDatos();
          }}
          irA={ir}
        />
      )}
      <nav className="d-flex gap-2 mt-4" aria-label="Pasos de la solicitud">
        <Button variant="outline-secondary" className="flex-fill" disabled={i === 0} onClick={() => ir(PASOS[i - 1]!)}>
          Anterior
        </Button>
        {i < PASOS.length - 1 && (
          <Button className="flex-fill" onClick={() => ir(PASOS[i + 1]!)}>
            Siguiente
          </Button>
        )}
      </nav>
    </>
  );
}

import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import {
  CONTENIDO_LABELS,
  camposDeEjemplo,
  type TContenidoEstado,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { useContenido } from '../../lib/use-contenido.ts';
import { ContenidoForm, type GuardadoResultado } from './contenido-form.tsx';
import { AvisosCanales } from './avisos-canales.tsx';
import { PuestaAPunto } from './puesta-a-punto.tsx';
import { AvisosTextos } from './avisos-textos.tsx';
import { AvisosFallidos } from './avisos-fallidos.tsx';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';

function fechaHora(iso: string): string {
  const { fecha, hora } = fechaHoraMontevideo(iso);
  return `${fecha} a las ${hora}`;
}

function UltimaModificacion({ estado }: { estado: TContenidoEstado }) {
  if (estado.version === 0 || !estado.actualizadoEn) {
    return (
      <p className="text-body-secondary">
        Todavía no se guardó ninguna configuración: se muestran los valores iniciales.
      </p>
    );
  }
  return (
    <p className="text-body-secondary">
      Última modificación: {fechaHora(estado.actualizadoEn)}, por {estado.actualizadoPor}.
    </p>
  );
}

/**
 * /admin/configuracion (docs/decisions/0011): the school's content, for administrators. What is saved shows at
 * once in Consultas, the home page, the finalised-enrolment modal and the raffle.
 */
export function ConfiguracionPage() {
  const { user } = useAuth();
  const allowed = can(user, 'configuracion:editar');
  const contenido = useContenido();
  // The form is rebuilt from the cached content only when this counter moves ("Recargar" after a conflict),
  // never because of a background refetch while someone is typing.
  const [formKey, setFormKey] = useState(0);
  const [resultado, setResultado] = useState<GuardadoResultado | null>(null);
  // The form starts from what the server says now, not from a copy cached by another screen earlier.
  const [abiertaEn] = useState(() => Date.now());

  if (!allowed) {
    return (
      <>
        <title>Configuración · Inscripciones</title>
        <Alert variant="danger" role="alert">
          {USER_MSG.noAccess}
        </Alert>
      </>
    );
  }

  const estado = contenido.estado;
  const esperando = contenido.isPending || (contenido.isFetching && contenido.dataUpdatedAt < abiertaEn);
  const ejemplo = estado ? camposDeEjemplo(estado.contenido) : [];

  const recargar = async () => {
    await contenido.refetch();
    setResultado(null);
    setFormKey((k) => k + 1);
  };

  return (
    <>
      <title>Configuración · Inscripciones</title>
      <h1 className="h2 mb-2">Configuración</h1>
      <p className="mb-3">
        Datos de la escuela que se muestran en Consultas, en la página de inicio, en el aviso de inscripción finalizada
        y en el sorteo.
      </p>

      {esperando ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>Cargando la configuración...</span>
        </div>
      ) : !estado ? (
        <Alert variant="danger" role="alert">
          {contenido.error instanceof ApiError && contenido.error.isNetworkError
            ? contenido.error.message
            : CONFIGURACION_MSG.cargarFallo}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void contenido.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <>
          <UltimaModificacion estado={estado} />
          <PuestaAPunto />
          <AvisosCanales />
          {ejemplo.length > 0 && (
            <Alert variant="warning">
              {CONFIGURACION_MSG.datosDeEjemplo(ejemplo.map((c) => CONTENIDO_LABELS[c]).join(', '))}
            </Alert>
          )}
          {resultado?.mapasCambiaron && (
            <Alert variant="info" dismissible closeLabel="Cerrar" onClose={() => setResultado(null)}>
              Los mapas cambiaron: para verlos, recargá la página (también en los otros navegadores que tengan
              Inscripciones abierto).
            </Alert>
          )}
          <ContenidoForm key={formKey} estado={estado} onSaved={setResultado} onReload={recargar} />
          <AvisosTextos escuela={estado.contenido.escuelaNombre} />
          <AvisosFallidos />
        </>
      )}
    </>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  CONTENIDO_LABELS,
  origenesDeMapas,
  ZContenido,
  type CampoContenido,
  type TContenido,
  type TContenidoEstado,
  type TContenidoInput,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { useGuardarContenido } from './configuracion-api.ts';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';
import { DIAS_ATENCION, DIAS_ATENCION_LABELS } from '@inscripciones/shared/sorteo/plazo-horario.ts';

export interface GuardadoResultado {
  /** The maps' origins changed: pages already open need a reload for the new CSP. */
  mapasCambiaron: boolean;
}

const AYUDAS: Partial<Record<CampoContenido, string>> = {
  escuelaNombre: 'Encabeza la constancia de inscripción y la página de estado de las familias.',
  telefono: 'Se muestra en Consultas, en la página de inicio y en la página de estado de las familias.',
  direccion: 'Dónde se confirma una plaza: se muestra en la página de estado de las familias.',
  horarioApertura: 'Los plazos de las ofertas de plazas vencen dentro del horario de atención.',
  horarioCierre:
    'Un plazo que cae fuera del horario pasa al cierre del siguiente día de atención. Rige para las temporadas de plazas que empiecen después de guardarlo.',
  contactoNombre:
    'A quién consultar si el domicilio queda fuera de la zona. Se lee «consultá con …»; por ejemplo: «Laura Pérez, de Dirección».',
  horarios: 'Una línea por horario. Por ejemplo: «Lunes a viernes de 8:00 a 18:00».',
  horarioInscripciones: 'Completa la frase «Las inscripciones se reciben …» de las preguntas frecuentes.',
  mapaZonasUrl:
    'Dirección https del mapa para insertar (en Google My Maps: «Insertar en mi sitio»). Podés pegar el código <iframe> completo. Vacío: se muestra un aviso en lugar del mapa.',
  mapaCalleUrl:
    'Dirección https del mapa de vista de calle para insertar (o el código <iframe>). Vacío: se muestra un aviso.',
  sorteoFecha: 'Se muestra en el aviso de inscripción finalizada y en las preguntas frecuentes.',
  sorteoLugar:
    'Se lee «… a las 14:00 horas en el …». Si el lugar es femenino, empezá con «la» (por ejemplo: «la Biblioteca»).',
  transmisionUrl: 'Opcional: dirección https de la transmisión en vivo en redes sociales.',
  anioIngreso: 'Título del tablero del sorteo: «Bienvenidos / Ingresos …».',
  plazasNenas: 'Valor propuesto al iniciar el sorteo.',
  plazasVarones: 'Valor propuesto al iniciar el sorteo.',
  urlPublica:
    'La dirección con la que las familias abren Inscripciones desde su casa (por ejemplo https://inscripciones.escuela.edu.uy): la usan el enlace y el código QR de la constancia. No sirve una dirección de esta computadora ni de la red de la escuela (127.0.0.1, localhost, 192.168…). Si el servidor define PUBLIC_URL, rige esa.',
};

const OPCIONALES: readonly CampoContenido[] = ['mapaZonasUrl', 'mapaCalleUrl', 'transmisionUrl', 'urlPublica'];
const CAMPOS = Object.keys(ZContenido.shape) as CampoContenido[];
const esCampo = (name: string): name is CampoContenido => (CAMPOS as string[]).includes(name);

type Tipo = 'text' | 'email' | 'tel' | 'url' | 'date' | 'time' | 'number' | 'textarea' | 'dias';

interface ContenidoFormProps {
  estado: TContenidoEstado;
  onSaved: (resultado: GuardadoResultado) => void;
  onReload: () => Promise<void>;
}

/** The settings form: react-hook-form with the shared ZContenido, the whole object saved with its version. */
export function ContenidoForm({ estado, onSaved, onReload }: ContenidoFormProps) {
  const ids = useId();
  const id = (name: CampoContenido) => `${ids}-${name}`;
  const [version, setVersion] = useState(estado.version);
  const [formError, setFormError] = useState<{ text: string; stale: boolean } | null>(null);
  const [reloading, setReloading] = useState(false);
  const { alert, show: showAlert, dismiss } = useTimedAlert();
  const guardar = useGuardarContenido();

  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TContenidoInput, unknown, TContenido>({
    resolver: zodResolver(ZContenido),
    mode: 'onTouched',
    defaultValues: estado.contenido,
  });
  const busy = isSubmitting || guardar.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await guardar.mutateAsync({ contenido: values, version });
      const antes = origenesDeMapas(estado.contenido).join(' ');
      reset(saved.contenido);
      setVersion(saved.version);
      showAlert(
        saved.version === version ? 'info' : 'success',
        saved.version === version ? CONFIGURACION_MSG.sinCambios : CONFIGURACION_MSG.guardada,
      );
      onSaved({ mapasCambiaron: origenesDeMapas(saved.contenido).join(' ') !== antes });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of error.fields) {
          if (esCampo(field.field)) setError(field.field, { type: 'server', message: field.message });
        }
      }
      const stale = error instanceof ApiError && error.code === 'STALE_VERSION';
      setFormError({ text: errorMessage(error, CONFIGURACION_MSG.guardarFallo), stale });
    }
  });

  const recargar = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const describedBy = (name: CampoContenido) =>
    [AYUDAS[name] ? `${id(name)}-ayuda` : null, errors[name] ? `${id(name)}-error` : null].filter(Boolean).join(' ') ||
    undefined;

  const mensajes = (name: CampoContenido) => (
    <>
      {errors[name]?.message && (
        <Form.Control.Feedback type="invalid" id={`${id(name)}-error`} role="alert">
          {errors[name]?.message}
        </Form.Control.Feedback>
      )}
      {AYUDAS[name] && <Form.Text id={`${id(name)}-ayuda`}>{AYUDAS[name]}</Form.Text>}
    </>
  );

  const campo = (name: CampoContenido, tipo: Tipo, extra: ReactNode = null) => (
    <Form.Group className="mb-3" controlId={id(name)}>
      <Form.Label>{CONTENIDO_LABELS[name]}</Form.Label>
      <Form.Control
        {...(tipo === 'textarea'
          ? { as: 'textarea' as const, rows: 3 }
          : tipo === 'dias'
            ? { as: 'select' as const, className: 'form-select' }
            : { type: tipo })}
        {...(tipo === 'number' ? { min: 0, step: 1, inputMode: 'numeric' as const } : {})}
        {...(tipo === 'url' ? { spellCheck: false, autoComplete: 'off' } : {})}
        aria-required={OPCIONALES.includes(name) ? undefined : 'true'}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={describedBy(name)}
        isInvalid={!!errors[name]}
        {...register(name, tipo === 'number' ? { valueAsNumber: true } : {})}
      >
        {tipo === 'dias'
          ? DIAS_ATENCION.map((d) => (
              <option key={d} value={d}>
                {DIAS_ATENCION_LABELS[d]}
              </option>
            ))
          : undefined}
      </Form.Control>
      {mensajes(name)}
      {extra}
    </Form.Group>
  );

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Configuración de la escuela">
      <fieldset className="mb-4">
        <legend className="h4">Contacto</legend>
        {campo('escuelaNombre', 'text')}
        <Row xs={1} md={2}>
          <Col>{campo('telefono', 'tel')}</Col>
          <Col>{campo('email', 'email')}</Col>
        </Row>
        {campo('direccion', 'text')}
        {campo('contactoNombre', 'text')}
        <Row xs={1} md={2}>
          <Col>{campo('horarios', 'textarea')}</Col>
          <Col>{campo('horarioInscripciones', 'textarea')}</Col>
        </Row>
        <Row xs={1} md={3}>
          <Col>{campo('diasAtencion', 'dias')}</Col>
          <Col>{campo('horarioApertura', 'time')}</Col>
          <Col>{campo('horarioCierre', 'time')}</Col>
        </Row>
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">Dirección pública</legend>
        {campo('urlPublica', 'url')}
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">Mapas</legend>
        {campo('mapaZonasUrl', 'url')}
        {campo('mapaCalleUrl', 'url')}
      </fieldset>

      <fieldset className="mb-4">
        <legend className="h4">Sorteo</legend>
        <Row xs={1} md={3}>
          <Col>{campo('sorteoFecha', 'date')}</Col>
          <Col>{campo('sorteoHora', 'time')}</Col>
          <Col>{campo('anioIngreso', 'number')}</Col>
        </Row>
        {campo('sorteoLugar', 'text')}
        {campo('transmisionUrl', 'url')}
        <Row xs={1} md={2}>
          <Col>{campo('plazasNenas', 'number')}</Col>
          <Col>{campo('plazasVarones', 'number')}</Col>
        </Row>
      </fieldset>

      {formError && (
        <Alert variant="danger" role="alert">
          {formError.text}
          {formError.stale && (
            <>
              {' '}
              <Button
                variant="link"
                className="p-0 align-baseline"
                disabled={reloading}
                onClick={() => void recargar()}
              >
                Recargar la configuración
              </Button>
            </>
          )}
        </Alert>
      )}
      <TimedAlert alert={alert} onClose={dismiss} />

      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Guardando...' : 'Guardar cambios'}
        </Button>
        <Button type="button" variant="outline-secondary" disabled={busy} onClick={() => reset()}>
          Descartar cambios
        </Button>
      </div>
    </Form>
  );
}

import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  ESCUELA_FIELD_LABELS,
  ZEscuelaCrear,
  type TEscuela,
  type TEscuelaCrear,
} from '@inscripciones/shared/escuelas/escuela-schema.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useGuardarEscuela } from './red-api.ts';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

type Campo = keyof TEscuelaCrear;
const CAMPOS: readonly Campo[] = ['codigo', 'escuelaNombre', 'direccion', 'telefono', 'horarios'];
const esCampo = (name: string): name is Campo => (CAMPOS as readonly string[]).includes(name);

const AYUDA: Partial<Record<Campo, string>> = {
  codigo:
    'Minúsculas sin tilde, números y guiones. Va en las direcciones de la escuela, por ejemplo /sorteo?escuela=codigo.',
};

interface Props {
  /** null: a new school. */
  escuela: TEscuela | null;
  onClose: () => void;
  onSaved: (escuela: TEscuela, modo: 'creada' | 'actualizada') => void;
}

/** «Nueva escuela» / «Editar escuela»: the shared schema validates here as on the server. */
export function EscuelaFormModal({ escuela, onClose, onSaved }: Props) {
  const ids = useId();
  const id = (campo: Campo) => `${ids}-${campo}`;
  const guardar = useGuardarEscuela();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<TEscuelaCrear>({
    resolver: zodResolver(ZEscuelaCrear),
    mode: 'onTouched',
    defaultValues: escuela
      ? {
          codigo: escuela.codigo,
          escuelaNombre: escuela.escuelaNombre,
          direccion: escuela.direccion,
          telefono: escuela.telefono,
          horarios: escuela.horarios,
        }
      : { codigo: '', escuelaNombre: '', direccion: '', telefono: '', horarios: '' },
  });
  const busy = isSubmitting || guardar.isPending;

  const onSubmit = handleSubmit(async (datos) => {
    setFormError(null);
    try {
      const guardada = await guardar.mutateAsync({ id: escuela?.id ?? null, datos });
      onSaved(guardada, escuela ? 'actualizada' : 'creada');
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const f of error.fields) if (esCampo(f.field)) setError(f.field, { type: 'server', message: f.message });
      }
      setFormError(errorMessage(error, 'No se pudo guardar la escuela. Intentá de nuevo.'));
    }
  });

  const campo = (name: Campo, extra: { as?: 'textarea'; autoComplete?: string } = {}) => {
    const invalid = !!errors[name];
    const ayuda = AYUDA[name];
    const describedBy =
      [ayuda ? `${id(name)}-ayuda` : null, invalid ? `${id(name)}-error` : null].filter(Boolean).join(' ') || undefined;
    return (
      <Form.Group className="mb-3" controlId={id(name)}>
        <Form.Label>{ESCUELA_FIELD_LABELS[name]}</Form.Label>
        <Form.Control
          as={extra.as}
          rows={extra.as ? 3 : undefined}
          autoComplete={extra.autoComplete ?? 'off'}
          aria-required="true"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          isInvalid={invalid}
          {...register(name)}
        />
        {invalid && (
          <Form.Control.Feedback type="invalid" id={`${id(name)}-error`} role="alert">
            {errors[name]?.message}
          </Form.Control.Feedback>
        )}
        {ayuda && <Form.Text id={`${id(name)}-ayuda`}>{ayuda}</Form.Text>}
      </Form.Group>
    );
  };

  return (
    <Modal
      show
      onHide={busy ? () => undefined : onClose}
      onEntered={focusWhenEntered(() => setFocus(escuela ? 'escuelaNombre' : 'codigo'))}
      backdrop="static"
      aria-labelledby={`${ids}-titulo`}
      centered
    >
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
            {escuela ? 'Editar escuela' : 'Nueva escuela'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {formError && (
            <Alert variant="danger" role="alert">
              {formError}
            </Alert>
          )}
          {campo('codigo')}
          {campo('escuelaNombre', { autoComplete: 'organization' })}
          {campo('direccion', { autoComplete: 'street-address' })}
          {campo('telefono', { autoComplete: 'tel' })}
          {campo('horarios', { as: 'textarea' })}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

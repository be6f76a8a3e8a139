import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '../../lib/api-client.ts';
import { useResolver } from './duplicados-api.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';

/**
 * "No son la misma persona": the button opens a short form with an optional note (focused), "Confirmar"
 * keeps the pair as resolved with who and when; "Cancelar" goes back to the button.
 */
export function ResolverForm({ parId, onResolved }: { parId: string; onResolved: () => void }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [nota, setNota] = useState('');
  const resolver = useResolver();
  const notaRef = useRef<HTMLTextAreaElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) notaRef.current?.focus();
    else if (wasOpen.current) openRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (resolver.isPending) return;
    const texto = nota.trim();
    // Not mutate's own onSuccess: the refreshed list unmounts this pair first, and that callback would be lost.
    void resolver.mutateAsync({ id: parId, decision: 'distintos', ...(texto ? { nota: texto } : {}) }).then(
      onResolved,
      () => undefined, // shown from resolver.error
    );
  };

  if (!open) {
    return (
      <Button ref={openRef} variant="outline-primary" onClick={() => setOpen(true)}>
        {T.noSonLaMisma}
      </Button>
    );
  }
  return (
    <Form noValidate onSubmit={submit} aria-label={T.noSonLaMisma} className="duplicado-par__resolver">
      <Form.Group controlId={`${ids}-nota`} className="mb-2">
        <Form.Label>{T.nota}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          ref={notaRef}
          value={nota}
          maxLength={500}
          onChange={(e) => setNota(e.target.value)}
          aria-describedby={`${ids}-ayuda`}
          disabled={resolver.isPending}
        />
        <Form.Text id={`${ids}-ayuda`}>{T.notaAyuda}</Form.Text>
      </Form.Group>
      {resolver.isError && (
        <Alert variant="danger" role="alert" className="py-2">
          {errorMessage(resolver.error, T.errorResolver)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={resolver.isPending}>
          {resolver.isPending ? T.guardando : `${T.confirmar}: ${T.noSonLaMisma.toLowerCase()}`}
        </Button>
        <Button variant="outline-secondary" onClick={() => setOpen(false)} disabled={resolver.isPending}>
          {T.cancelar}
        </Button>
      </div>
    </Form>
  );
}

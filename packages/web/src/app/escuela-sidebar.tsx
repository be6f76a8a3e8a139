import { useId } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { elegirEscuela, escuelaActual, tieneVariasEscuelas } from '../lib/escuela.ts';
import { useAnnounce } from '../lib/announcer.tsx';
import { LAST_LIST_KEY, browserStorage } from '../features/inscriptos/offline-cache.ts';

/**
 * The school in use, always named in the sidebar (docs/decisions/0036); an account with several schools
 * switches here. Switching starts that school's data afresh: its home page, every query read again, and the
 * offline copy of the list (the other school's records) forgotten.
 */
export function EscuelaSidebar({ user, onNavigate }: { user: TSessionUser; onNavigate: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const actual = escuelaActual(user);
  if (!actual) return null;
  if (!tieneVariasEscuelas(user)) return <p className="app-sidebar__escuela">{actual.nombre}</p>;

  const cambiar = (codigo: string) => {
    const nueva = user.escuelas?.find((e) => e.codigo === codigo);
    if (!nueva || codigo === actual.codigo) return;
    try {
      browserStorage()?.removeItem(LAST_LIST_KEY);
    } catch {
      // Storage blocked: there is no copy to forget.
    }
    elegirEscuela(codigo);
    void navigate('/');
    void queryClient.resetQueries();
    onNavigate();
    announce(`Escuela: ${nueva.nombre}`);
  };

  return (
    <div>
      <p className="app-sidebar__escuela">{actual.nombre}</p>
      <Form.Label htmlFor={id} className="app-sidebar__escuela-label">
        Cambiar de escuela
      </Form.Label>
      <Form.Select id={id} size="sm" value={actual.codigo} onChange={(e) => cambiar(e.target.value)}>
        {user.escuelas?.map((e) => (
          <option key={e.codigo} value={e.codigo}>
            {e.nombre}
          </option>
        ))}
      </Form.Select>
    </div>
  );
}

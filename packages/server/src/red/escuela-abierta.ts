import type { AppContext } from '../domain/context.ts';
import type { EscuelaAbierta } from '../domain/red/puerto-red.ts';
import type { ContenidoStore } from '../features/configuracion/contenido-store.ts';
import { updateContenido } from '../features/configuracion/configuracion-service.ts';
import { resumenDelPanel, type PlazasDelCiclo } from '../features/panel/panel-service.ts';

/** A school's app as the network's endpoints reach it: its content and its own panel's figures (decision 0036). */
export function escuelaAbierta(
  ctx: AppContext,
  contenido: ContenidoStore,
  plazasDelCiclo: PlazasDelCiclo,
): EscuelaAbierta {
  return {
    ctx,
    identidad: () => {
      const { escuelaNombre, direccion, telefono, horarios } = contenido.actual();
      return { escuelaNombre, direccion, telefono, horarios };
    },
    guardarIdentidad: async (actor, identidad) => {
      const { version, contenido: actual } = await contenido.refrescar();
      await updateContenido(ctx, contenido, { ...actor, role: 'administrador' }, { ...actual, ...identidad, version });
    },
    // Its few reads on one connection: on PostgreSQL the connection is set to the school's schema once.
    resumenPanel: (actor) =>
      ctx.db.connection().execute((db) => resumenDelPanel({ ...ctx, db }, plazasDelCiclo, actor)),
  };
}

import { camposDeEjemplo, CONTENIDO_LABELS } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { problemaDeDireccion } from '@inscripciones/shared/configuracion/direccion-publica.ts';
import { PUESTA_MSG as M, type TPuestaAPunto } from '@inscripciones/shared/configuracion/puesta-a-punto.ts';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { sorteoPublicado } from '../../domain/sorteos/resultados.ts';
import type { ContenidoStore } from './contenido-store.ts';
import { getContenido } from './configuracion-service.ts';

/** The set-up checklist of Configuración (docs/decisions/0030), from the settings in force and the current cycle. */
export async function puestaAPunto(
  ctx: AppContext,
  store: ContenidoStore,
  actor: SessionActor,
  publicUrl: string | undefined,
): Promise<TPuestaAPunto> {
  requirePermission(actor, 'configuracion:editar');
  const { contenido } = await getContenido(ctx, store, actor);
  const ciclo = await findActual(ctx.db);
  const publicado = sorteoPublicado(await sorteosDelCiclo(ctx.db, ciclo.id));

  const url = publicUrl || contenido.urlPublica || undefined;
  const problema = problemaDeDireccion(url);

  const hoy = dateInMontevideo(ctx.clock());
  const fecha = ciclo.sorteo_fecha;
  const fechaDetalle = publicado
    ? M.fechaHecho(fecha)
    : fecha < hoy
      ? M.fechaPasada(fecha, ciclo.nombre)
      : M.fechaOk(fecha);

  const deEjemplo = new Set<string>(camposDeEjemplo(contenido));
  const contacto = (['telefono', 'email', 'horarios'] as const).filter((c) => deEjemplo.has(c) || !contenido[c].trim());

  const sinIniciales = (publicado?.units ?? [])
    .flatMap((u) => u.miembros)
    .filter((m) => !iniciales(m.nombreCompleto).trim()).length;

  return {
    items: [
      {
        id: 'direccionPublica',
        titulo: M.direccion,
        estado: problema ? 'aviso' : 'ok',
        detalle: problema ?? M.direccionOk(url!, !!publicUrl),
      },
      {
        id: 'fechaSorteo',
        titulo: M.fecha,
        estado: !publicado && fecha < hoy ? 'aviso' : 'ok',
        detalle: fechaDetalle,
      },
      {
        id: 'contacto',
        titulo: M.contacto,
        estado: contacto.length ? 'aviso' : 'ok',
        detalle: contacto.length ? M.contactoFalta(contacto.map((c) => CONTENIDO_LABELS[c]).join(', ')) : M.contactoOk,
      },
      {
        id: 'inicialesTablero',
        titulo: M.iniciales,
        estado: sinIniciales ? 'aviso' : 'ok',
        detalle: sinIniciales ? M.inicialesFaltan(sinIniciales) : publicado ? M.inicialesOk : M.inicialesSinSorteo,
      },
    ],
  };
}

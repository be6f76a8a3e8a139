import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import type { TPlazaOferta, TPlazoBody } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import { temporadaActual, type PlazasRuntime } from '../../domain/sorteos/temporada.ts';
import { avanzarParaEscribir, registrarCambios } from '../../domain/sorteos/temporada-avance.ts';
import { claveDeMotivo, personalChanges } from '../../domain/auditoria/personal-changes.ts';
import { ofertaView } from './plazas-views.ts';

const ATTEMPTS = 5;

/**
 * PUT /api/plazas/{id}/plazo (docs/decisions/0032): an administrator gives one open offer a new deadline, later
 * (more time for a family) or earlier, with the reason. It is an entry of the log (`respuesta` 'plazo'), applied
 * at the clock's time after the season is advanced to it, so it is replayed in order by every verifier and shown
 * in the public register; the offer's stored deadline follows. 404 for an unknown offer, 409 when it is no longer
 * open, 400 for a deadline not after now.
 */
export async function cambiarPlazo(
  ctx: AppContext,
  rt: PlazasRuntime,
  actor: SessionActor,
  id: string,
  body: TPlazoBody,
): Promise<TPlazaOferta> {
  requirePermission(actor, 'plazas:plazo');
  const oferta = await repo.findOferta(ctx.db, id);
  if (!oferta) throw new AppError('NOT_FOUND', PLAZA_MSG.ofertaNoEncontrada);
  const t = await temporadaActual(ctx, rt);
  if (!t || oferta.sorteo_id !== t.pub.id) throw new AppError('CONFLICT', PLAZA_MSG.otroSorteo);
  const numero = Number(oferta.numero);
  const miembro = Number(oferta.miembro);
  const vence = new Date(body.vence).toISOString();
  const motivo = body.motivo.normalize('NFC');

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const { estado, eventos, publicacion } = await ctx.db.transaction().execute(async (tx) => {
        const { eventos, publicacion, motor, en, clock } = await avanzarParaEscribir(ctx, tx, t);
        const before = motor.estado();
        const actual = before.ofertas.find((o) => o.numero === numero);
        if (actual?.miembros[miembro]?.estado !== 'ofrecida') throw new AppError('CONFLICT', PLAZA_MSG.ofertaCerrada);
        if (vence <= en) {
          const message = PLAZA_MSG.plazoPasado;
          throw new AppError('VALIDATION', message, [{ field: 'vence', label: 'Nuevo plazo', message }]);
        }
        motor.aplicar({ en, numero, respuesta: 'plazo', vence, motivo });
        const after = motor.estado();
        if (after.ignorados.length > before.ignorados.length) {
          throw new AppError('CONFLICT', after.ignorados.at(-1)!.motivo);
        }
        const eventoId = newId();
        await repo.insertEvento(tx, {
          id: eventoId,
          sorteo_id: t.pub.id,
          seq: eventos.length + 1,
          en,
          numero,
          miembro: null,
          respuesta: 'plazo',
          motivo,
          vence,
          usuario: actor.username,
          usuario_nombre: actor.nombre,
        });
        await repo.updateVence(tx, t.pub.id, numero, vence);
        await appendAudit(tx, {
          fecha: clock,
          usuario: actor.username,
          accion: 'editar',
          inscripto_id: `plazas:${t.pub.id}`,
          cambios: {
            vence: { antes: actual.vence, despues: vence },
            oferta: { despues: { id, numero } },
            // The reason may name the family: a digest under a key anonymisation deletes (decision 0017).
            ...(await personalChanges(tx, claveDeMotivo(eventoId), { motivo: { despues: motivo } })),
          },
        });
        await registrarCambios(tx, t, before, after, actor.username, clock, ctx);
        return { estado: after, eventos, publicacion };
      });
      rt.events.changed();
      return ofertaView({ temporada: t, publicacion, eventos, ofertas: [{ ...oferta, vence }], estado }, id);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e; // an answer landed first: recompute on the new log
    }
  }
  throw new AppError('CONFLICT', PLAZA_MSG.ocupado);
}

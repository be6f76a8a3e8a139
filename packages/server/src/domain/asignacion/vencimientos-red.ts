import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { anioDeAsignacionReciente, countRespuestas } from '../../data/asignacion/asignacion-repository.ts';
import { leerAsignacion, registrarVencimientos } from './corrimiento-red.ts';

/**
 * The network's offers expire by themselves, like a school's (docs/decisions/0032, 0039): the deadlines' job of
 * the network's own database records `vence` for each offer of the latest assignment whose deadline passed, and
 * the roll-up follows. Replaying the assignment is the costly part, so it runs only when an answer was recorded
 * since the last look or the next deadline has come: an idle tick is two small reads.
 */
export function vencimientosDeLaRed(redDb: Kysely<DB>, clock: Clock): () => Promise<number> {
  let visto: { anio: number; respuestas: number; proximo: string | null } | null = null;
  return async () => {
    const anio = await anioDeAsignacionReciente(redDb);
    if (anio === undefined) return 0;
    const respuestas = await countRespuestas(redDb, anio);
    const ahora = clock().toISOString();
    const igual = visto?.anio === anio && visto.respuestas === respuestas;
    if (igual && (visto!.proximo === null || visto!.proximo > ahora)) return 0;
    const registradas = await registrarVencimientos(redDb, anio, ahora);
    const leida = (await leerAsignacion(redDb, anio))!;
    const plazos = leida.motor
      .estado(ahora)
      .postulaciones.flatMap((p) => (p.estado === 'pendiente' && p.vence ? [p.vence] : []))
      .sort();
    visto = { anio, respuestas: leida.respuestas.length, proximo: plazos[0] ?? null };
    return registradas;
  };
}

/**
 * The offers season after a raffle, answered as the staff on the phone would: round after round, every open
 * offer (once per enrolment number: a sibling group answers as a unit) is declined with probability `declines`
 * (seeded) and accepted otherwise, until no offer is open. Shared by the season and replay benchmarks.
 */
import type { TPlazasEstado } from '../packages/shared/src/plazas/plazas-schema.ts';
import { mulberry32 } from '../packages/shared/src/seeded-random.ts';
import type { Api } from './bench-server.ts';

export interface Season {
  estado: TPlazasEstado;
  rounds: number;
  declined: number;
  /** Milliseconds of each answer (POST respuesta) and of each Plazas read (GET /api/plazas). */
  answerMs: number[];
  readMs: number[];
}

export async function answerWholeSeason(api: Api, token: string, declines: number, seed = 17): Promise<Season> {
  const random = mulberry32(seed);
  const season: Omit<Season, 'estado'> = { rounds: 0, declined: 0, answerMs: [], readMs: [] };
  for (;;) {
    const r = performance.now();
    const estado = (await api('GET', '/api/plazas', token)) as TPlazasEstado;
    season.readMs.push(performance.now() - r);
    const open = new Map<number, string>();
    for (const o of estado.ofertas) {
      if (o.estado === 'ofrecida' && !open.has(o.numeroInscripcion)) open.set(o.numeroInscripcion, o.id);
    }
    if (open.size === 0) return { ...season, estado };
    season.rounds += 1;
    for (const id of open.values()) {
      const decline = random() < declines;
      const a = performance.now();
      await api(
        'POST',
        `/api/plazas/${id}/respuesta`,
        token,
        decline ? { respuesta: 'rechazada', motivo: 'Eligieron otra escuela' } : { respuesta: 'aceptada' },
      );
      season.answerMs.push(performance.now() - a);
      if (decline) season.declined += 1;
    }
  }
}

import { urlEsquema } from '@inscripciones/shared/sorteo/esquemas-publicos.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import { yearInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import type {
  TParticipantesPublicos,
  TSorteoParticipants,
  TSorteoStatus,
  TSorteoTablero,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import { listaPublica } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import type { AppContext } from '../../domain/context.ts';
import { load, plazasOf, type SorteoRuntime } from './sorteo-cache.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { ultimaEntradaDe } from '../../data/auditoria/audit-repository.ts';
import { EMPTY_PARTICIPANTS, participantsOf, statusOf, type SorteoSettings } from './sorteo-views.ts';

/**
 * What anyone may read of the raffle, without logging in (docs/decisions/0008): the status, the board's
 * lists (the running raffle's, or the cycle's finalised results once it ended), the live board's payload and
 * the frozen public participant list.
 */

/**
 * The one place the raffle's settings are read: default places and the intake year of the board title.
 * `rt.config` is the live view of the school's
 * content (docs/decisions/0011): what an administrator saved on /admin/configuracion, or the defaults.
 */
function sorteoSettings(ctx: AppContext, rt: SorteoRuntime): SorteoSettings {
  return {
    plazas: { nenas: rt.config.plazasNenas, varones: rt.config.plazasVarones },
    anio: rt.config.anio ?? yearInMontevideo(ctx.clock()) + 1,
  };
}

/** What changes whenever anything about the raffles changes (start, confirmation, end): the live boards poll it. */
export function fingerprint(ctx: AppContext): Promise<string> {
  return repo.fingerprint(ctx.db);
}

async function readState(ctx: AppContext, rt: SorteoRuntime) {
  const ciclo = await findActual(ctx.db);
  const [head, archivados, last, delCiclo] = await Promise.all([
    repo.findActive(ctx.db),
    repo.countArchived(ctx.db),
    repo.lastArchived(ctx.db),
    repo.listOfCiclo(ctx.db, ciclo.id),
  ]);
  const finalised = delCiclo.filter((h) => h.estado === 'archivado').at(-1);
  // While none runs, the board keeps the cycle's finalised results (SPEC's "lists cleared" is the panel).
  const shown = head ?? finalised;
  const loaded = shown ? await load(ctx, rt, shown) : null;
  const anclado = head ?? last;
  const ancla = anclado ? await ultimaEntradaDe(ctx.db, `sorteo:${anclado.id}`) : null;
  return { head, shown, loaded, archivados, last, delCiclo, finalised, ancla };
}

export async function getStatus(ctx: AppContext, rt: SorteoRuntime): Promise<TSorteoStatus> {
  return statusFrom(await readState(ctx, rt), sorteoSettings(ctx, rt));
}

function statusFrom(s: Awaited<ReturnType<typeof readState>>, settings: SorteoSettings): TSorteoStatus {
  return statusOf({
    settings,
    head: s.head,
    loaded: s.head ? s.loaded : null,
    archivados: s.archivados,
    last: s.last,
    ciclo: s.delCiclo,
    resultadosDe: s.finalised?.id ?? null,
    ancla: s.ancla,
  });
}

/** The board. An administrator's session adds each child's stage and position. */
export async function getParticipants(
  ctx: AppContext,
  rt: SorteoRuntime,
  admin: boolean,
): Promise<TSorteoParticipants> {
  const { shown, loaded } = await readState(ctx, rt);
  if (!shown || !loaded) return EMPTY_PARTICIPANTS;
  return participantsOf(shown, loaded, { admin });
}

/** What every live board receives: status and lists, as the public sees them. */
export async function getTablero(ctx: AppContext, rt: SorteoRuntime): Promise<TSorteoTablero> {
  const s = await readState(ctx, rt);
  const settings = sorteoSettings(ctx, rt);
  return {
    status: statusFrom(s, settings),
    participants: s.shown && s.loaded ? participantsOf(s.shown, s.loaded, { admin: false }) : EMPTY_PARTICIPANTS,
  };
}

const publicas = new WeakMap<object, TParticipantesPublicos>();

/**
 * The frozen list of the running raffle (or the cycle's last one), public from the start: number, initials,
 * list and a salted hash per child, in the canonical order whose SHA-256 the board shows.
 */
export async function participantesPublicos(ctx: AppContext, rt: SorteoRuntime): Promise<TParticipantesPublicos> {
  const ciclo = await findActual(ctx.db);
  const head = (await repo.findActive(ctx.db)) ?? (await repo.listOfCiclo(ctx.db, ciclo.id)).at(-1);
  if (!head || !head.sal || !head.lista_publica_hash) throw new AppError('NOT_FOUND', SORTEO_MSG.sinListaPublica);
  const loaded = await load(ctx, rt, head);
  let answer = publicas.get(loaded.units);
  if (!answer) {
    answer = {
      $schema: urlEsquema('lista-publica'),
      hash: head.lista_publica_hash,
      participantes: listaPublica(loaded.units, plazasOf(head), head.sal),
    };
    publicas.set(loaded.units, answer);
  }
  return answer;
}

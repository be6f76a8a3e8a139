import { LISTAS, type TLista, type TPlazas } from './schemas.ts';
import {
  type TRespuestaPlaza,
  type TPublicacion,
  type TEventoPlaza,
  type TOferta,
  type TEnCola,
  type TResumenLista,
  type TCambioPlaza,
  type TEstadoPlazas,
} from './plazas-estado.ts';
import { DAY_MS, toIso, toMs, unidadesDe, type Nino, type Unidad } from './plazas-unidades.ts';
import { venceEnHorario, type THorarioAtencion } from './plazo-horario.ts';

/**
 * Offers and the suplentes roll-up after the raffle (docs/decisions/0015): a pure function of the
 * published result (the draws and the places per list) and the ordered log of recorded answers, so anyone
 * with the public acta and the log can recompute the state. Time only comes from the given timestamps:
 * an unanswered offer is `vencida` from its deadline on, whenever the state is computed, never by a timer.
 *
 * The rule (decision 0015):
 * - Every titular unit (a child, or a sibling group) is offered when the result is published. A unit is
 *   offered once, as a whole, with one deadline: offer time + the days in force at that time (`plazoDias`,
 *   or the last of `plazos` at or before it; a later change never moves a deadline already given), moved into
 *   the school's opening hours when the season has them (`horario`, plazo-horario.ts, decision 0031).
 * - Waiting units are ranked titulares first, then suplentes in the published (draw) order, which is each
 *   list's suplente order. Whenever places are free, the waiting units are walked in that order and each
 *   one whose waiting members fit in the free places of their lists is offered (its places taken at once);
 *   a unit that does not fit keeps its position and the walk goes on. For a lone child this is "the first
 *   suplente of the same list"; a group is skipped only while its lists lack the places, as in the raffle's
 *   stage 1. "Otro" needs nothing here: the draw already put each child in one list (poolOf).
 * - Answers and corrections (one child of a group answering alone, a declined place accepted back while its
 *   list has room, `rechazada` ⇄ `vencida`) follow decision 0015; an event that breaks its rules is listed in
 *   `ignorados` with the reason and not applied.
 */

/**
 * The roll-up, step by step: `aplicar` each event of the log in order, `avanzar` to a time (expiring the
 * offers whose deadline passed, and passing their places on), `estado` to read it. `calcularPlazas` does
 * all of it at once.
 */
export class MotorPlazas {
  private readonly units: Unidad[];
  private readonly byNumero = new Map<number, Unidad>();
  /** Units with a child in `espera`, in rank order (titulares first, then draw order). */
  private waiting: Unidad[] = [];
  private readonly offered: Unidad[] = [];
  /** Deadline lengths in force from each time on, the publication's first. */
  private readonly plazosMs: { desde: number; ms: number }[];
  private readonly plazas: TPlazas;
  private readonly horario: THorarioAtencion | null;
  private now: number;
  private eventCount = 0;
  private readonly historial: TCambioPlaza[] = [];
  private readonly ignorados: { evento: number; motivo: string }[] = [];

  constructor(publicacion: TPublicacion) {
    this.plazas = publicacion.plazas;
    this.horario = publicacion.horario ?? null;
    this.now = toMs(publicacion.publicadoEn);
    const plazos = [{ desde: publicacion.publicadoEn, dias: publicacion.plazoDias }, ...(publicacion.plazos ?? [])];
    this.plazosMs = plazos.map((p) => {
      if (!(p.dias > 0)) throw new RangeError('El plazo de las ofertas debe ser de al menos un día');
      return { desde: toMs(p.desde), ms: p.dias * DAY_MS };
    });
    this.units = unidadesDe(publicacion);
    for (const u of this.units) this.byNumero.set(u.numero, u);
    // Titulares rank before every suplente; within each, the draw order.
    this.waiting = [...this.units.filter((u) => u.titular), ...this.units.filter((u) => !u.titular)];
    this.fill('sorteo');
  }

  /** Applies one recorded answer at its time (the log's order: times never go back). */
  aplicar(evento: TEventoPlaza): void {
    const index = this.eventCount++;
    const en = toMs(evento.en);
    const ignore = (motivo: string) => {
      this.ignorados.push({ evento: index, motivo });
    };
    if (en < this.now) return ignore('El evento es anterior al último registrado');
    this.avanzar(evento.en);
    const unit = this.byNumero.get(evento.numero);
    if (!unit) return ignore(`El N° ${evento.numero} no está en el sorteo`);
    if (evento.respuesta === 'plazo') return this.cambiarVence(unit, evento, en, ignore);
    const alone = evento.miembro !== undefined;
    let targets: Nino[];
    if (alone) {
      const nino = unit.ninos[evento.miembro!];
      if (!nino) return ignore(`El N° ${evento.numero} no tiene el integrante ${evento.miembro! + 1}`);
      targets = [nino];
    } else {
      // The unit's answer is for the children who did not answer on their own.
      targets = unit.ninos.filter((n) => !n.aparte);
      if (targets.length === 0) return ignore(`Cada integrante del N° ${evento.numero} respondió por separado`);
    }
    const changing = targets.filter((n) => n.estado !== evento.respuesta);
    if (changing.length === 0) return; // the same answer again: nothing changes
    const problem = this.check(unit, changing, evento.respuesta, en);
    if (problem) return ignore(problem);
    const leftQueue = changing.some((n) => n.estado === 'espera');
    for (const nino of changing) {
      nino.estado = evento.respuesta;
      if (alone) nino.aparte = true;
      this.log(en, unit, nino, 'respuesta', index, evento.motivo);
    }
    if (leftQueue) this.dropWaiting();
    this.fill('corrimiento');
  }

  /**
   * Moves the clock to `iso`: every offer whose deadline is at or before it expires (an offer is open until
   * its deadline, exclusive), in deadline order, each expiry passing its places on at the deadline.
   */
  avanzar(iso: string): void {
    const until = toMs(iso);
    for (;;) {
      const next = this.nextDeadline();
      if (next > until) break;
      this.now = Math.max(this.now, next);
      for (const u of this.offered) {
        if (u.oferta!.vence !== next) continue;
        for (const n of u.ninos) {
          if (n.estado !== 'ofrecida') continue;
          n.estado = 'vencida';
          this.log(next, u, n, 'plazo');
        }
      }
      this.fill('corrimiento');
    }
    this.now = Math.max(this.now, until);
  }

  /** The earliest deadline of an offer still open (ISO), or null: nothing expires before it. */
  proximoVencimiento(): string | null {
    const next = this.nextDeadline();
    return next === Infinity ? null : toIso(next);
  }

  private nextDeadline(): number {
    let next = Infinity;
    for (const u of this.offered) {
      if (u.oferta!.vence < next && u.ninos.some((n) => n.estado === 'ofrecida')) next = u.oferta!.vence;
    }
    return next;
  }

  /** A unit's offer as it is now (its deadline may have been changed since it was made), or null. */
  ofertaDe(numero: number): { ofrecidaEn: string; vence: string } | null {
    const oferta = this.byNumero.get(numero)?.oferta;
    return oferta ? { ofrecidaEn: toIso(oferta.en), vence: toIso(oferta.vence) } : null;
  }

  /** The changes logged from the `desde`-th on (the public register reads them step by step). */
  cambiosDesde(desde: number): TCambioPlaza[] {
    return this.historial.slice(desde);
  }

  estado(): TEstadoPlazas {
    const listas = Object.fromEntries(
      LISTAS.map((l) => [l, { plazas: this.plazas[l], aceptadas: 0, ofrecidas: 0, libres: 0 }]),
    ) as Record<TLista, TResumenLista>;
    for (const u of this.units) {
      for (const n of u.ninos) {
        if (n.estado === 'aceptada') listas[n.lista].aceptadas += 1;
        if (n.estado === 'ofrecida') listas[n.lista].ofrecidas += 1;
      }
    }
    for (const l of LISTAS) listas[l].libres = listas[l].plazas - listas[l].aceptadas - listas[l].ofrecidas;
    const cola: Record<TLista, TEnCola[]> = { nenas: [], varones: [] };
    for (const u of this.waiting) {
      for (const n of u.ninos) {
        if (n.estado !== 'espera') continue;
        const queue = cola[n.lista];
        queue.push({ numero: u.numero, miembro: n.miembro, posicionPublicada: n.posicion, posicionActual: 0 });
        queue.at(-1)!.posicionActual = queue.length;
      }
    }
    return {
      en: toIso(this.now),
      listas,
      ofertas: this.offered.map((u) => ({
        numero: u.numero,
        origen: u.titular ? 'titular' : 'suplente',
        ofrecidaEn: toIso(u.oferta!.en),
        vence: toIso(u.oferta!.vence),
        estado: offerState(u.ninos),
        miembros: u.ninos.map((n) => ({ miembro: n.miembro, lista: n.lista, estado: n.estado })),
      })),
      cola,
      historial: this.historial.map((c) => ({ ...c })),
      ignorados: this.ignorados.map((i) => ({ ...i })),
    };
  }

  /** An administrator's change of an offer's deadline: while it is open, to a time after the change. */
  private cambiarVence(unit: Unidad, evento: TEventoPlaza, en: number, ignore: (motivo: string) => void) {
    const abierta = unit.oferta !== null && unit.ninos.some((n) => n.estado === 'ofrecida');
    if (!abierta) return ignore(`La oferta al N° ${unit.numero} ya no está abierta`);
    const vence = evento.vence === undefined ? NaN : Date.parse(evento.vence);
    if (!(vence > en)) return ignore(`El nuevo plazo del N° ${unit.numero} debe ser posterior al cambio`);
    unit.oferta!.vence = vence;
  }

  /** Why `respuesta` cannot be applied to these children now, or null. */
  private check(unit: Unidad, changing: readonly Nino[], respuesta: TRespuestaPlaza, en: number): string | null {
    const numero = unit.numero;
    if (respuesta === 'aceptada') {
      if (unit.oferta === null) return `El N° ${numero} todavía no tiene una plaza ofrecida`;
      // A late acceptance (after declining or expiring) takes a free place or none: never someone else's.
      const free = this.free();
      for (const n of changing) if (n.estado !== 'ofrecida') free[n.lista] -= 1;
      if (LISTAS.some((l) => free[l] < 0)) {
        return `No hay plaza libre para el N° ${numero}: su plaza ya se ofreció al siguiente suplente`;
      }
      return null;
    }
    if (respuesta === 'vencida') {
      if (unit.oferta === null) return `El N° ${numero} todavía no tiene una plaza ofrecida`;
      if (changing.some((n) => n.estado === 'aceptada')) return `El N° ${numero} ya aceptó su plaza: no vence`;
      if (changing.some((n) => n.estado === 'ofrecida') && en < unit.oferta!.vence) {
        return `La oferta al N° ${numero} vence el ${toIso(unit.oferta!.vence)}`;
      }
    }
    return null;
  }

  private free(): Record<TLista, number> {
    const free = { ...this.plazas };
    for (const u of this.offered) {
      for (const n of u.ninos) if (n.estado === 'ofrecida' || n.estado === 'aceptada') free[n.lista] -= 1;
    }
    return free;
  }

  /** The deadline length of an offer made at `t`: the last change at or before it. */
  private plazoMsAt(t: number): number {
    let ms = this.plazosMs[0]!.ms;
    for (const p of this.plazosMs) if (p.desde <= t) ms = p.ms;
    return ms;
  }

  private dropWaiting() {
    this.waiting = this.waiting.filter((u) => u.ninos.some((n) => n.estado === 'espera'));
  }

  /** Offers free places to the waiting units in rank order, each unit whose waiting children fit. */
  private fill(causa: 'sorteo' | 'corrimiento') {
    const free = this.free();
    let offered = false;
    for (const u of this.waiting) {
      if (LISTAS.every((l) => free[l] <= 0)) break;
      const need: Record<TLista, number> = { nenas: 0, varones: 0 };
      for (const n of u.ninos) if (n.estado === 'espera') need[n.lista] += 1;
      if (LISTAS.some((l) => need[l] > free[l])) continue;
      const vence = this.now + this.plazoMsAt(this.now);
      u.oferta = { en: this.now, vence: this.horario ? venceEnHorario(vence, this.horario) : vence };
      this.offered.push(u);
      offered = true;
      for (const n of u.ninos) {
        if (n.estado !== 'espera') continue;
        n.estado = 'ofrecida';
        free[n.lista] -= 1;
        this.log(this.now, u, n, causa);
      }
    }
    if (offered) this.dropWaiting();
  }

  private log(en: number, u: Unidad, n: Nino, causa: TCambioPlaza['causa'], evento?: number, motivo?: string) {
    this.historial.push({
      en: toIso(en),
      numero: u.numero,
      miembro: n.miembro,
      lista: n.lista,
      estado: n.estado as TCambioPlaza['estado'],
      causa,
      ...(evento === undefined ? {} : { evento }),
      ...(motivo === undefined ? {} : { motivo }),
    });
  }
}

function offerState(ninos: readonly Nino[]): TOferta['estado'] {
  if (ninos.some((n) => n.estado === 'ofrecida')) return 'ofrecida';
  if (ninos.some((n) => n.estado === 'aceptada')) return 'aceptada';
  if (ninos.some((n) => n.estado === 'vencida')) return 'vencida';
  return 'rechazada';
}

/** The state at `ahora` (or at the last event if later) of a published raffle and its answer log. */
export function calcularPlazas(
  publicacion: TPublicacion,
  eventos: readonly TEventoPlaza[],
  ahora: string,
): TEstadoPlazas {
  const motor = new MotorPlazas(publicacion);
  for (const evento of eventos) motor.aplicar(evento);
  motor.avanzar(ahora);
  return motor.estado();
}

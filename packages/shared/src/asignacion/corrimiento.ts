import { type TLista } from '../sorteo/schemas.ts';
import { indexarRed, listasDeEspera, type RedIndexada } from './deferred-acceptance.ts';
import { ASIGNACION_MSG } from './messages.ts';
import {
  type TEstadoPostulacion,
  type TPublicacionAsignacion,
  type TEventoAsignacion,
  type TCambioAsignacion,
  type TEstadoAsignacion,
} from './corrimiento-estado.ts';
import { DAY_MS, cambioDe, consultaDe, estadoDe, toIso, toMs, type VistaCorrimiento } from './corrimiento-lectura.ts';

/**
 * The network's roll-up after the assignment (docs/decisions/0028 "Después de la asignación"); its rule is at the
 * top of corrimiento-estado.ts, with the states it moves applications through.
 */

const fuera = (estado: TEstadoPostulacion) => estado === 'rechaza' || estado === 'vence';

/** The roll-up step by step: `aplicar` each event in order, `estado` to read. `calcularCorrimiento` does both. */
export class MotorCorrimiento {
  private readonly ix: RedIndexada;
  private readonly plazoMs: number;
  private now: number;
  private eventCount = 0;
  private readonly plaza: Int32Array;
  /** Waits at its choices 0 … esperaHasta − 1 (0: waits nowhere). */
  private readonly esperaHasta: Int32Array;
  private readonly estados: TEstadoPostulacion[];
  private readonly vence: Float64Array;
  private readonly activos: boolean[][];
  private readonly libres: Record<TLista, Int32Array>;
  /** Each school's published waitlist (application, choice), in priority order, and how much of its head is gone. */
  private readonly espera: { start: Int32Array; u: Int32Array; k: Int32Array };
  private readonly cabeza: Int32Array;
  private readonly indice = new Map<number, number>();
  private readonly historial: TCambioAsignacion[] = [];
  private readonly ignorados: { evento: number; motivo: string }[] = [];

  constructor(publicacion: TPublicacionAsignacion) {
    if (!(publicacion.plazoDias > 0)) throw new RangeError('El plazo para responder debe ser de al menos un día');
    this.plazoMs = publicacion.plazoDias * DAY_MS;
    this.now = toMs(publicacion.publicadoEn);
    const ix = indexarRed(publicacion.red);
    this.ix = ix;
    const U = ix.postulaciones.length;
    const S = ix.codigos.length;
    ix.postulaciones.forEach((p, u) => this.indice.set(p.numero, u));
    this.plaza = new Int32Array(U).fill(-1);
    const visto = new Uint8Array(U);
    for (const r of publicacion.resultados) {
      const u = this.indice.get(r.numero);
      if (u === undefined || visto[u]) throw new RangeError(ASIGNACION_MSG.resultadoDeMas(r.numero));
      visto[u] = 1;
      if (r.escuela === null) continue;
      const s = ix.escuelaDe.get(r.escuela);
      if (s === undefined || this.elegida(u, s) < 0) {
        throw new RangeError(ASIGNACION_MSG.escuelaNoElegida(r.numero, r.escuela));
      }
      this.plaza[u] = s;
    }
    const falta = visto.indexOf(0);
    if (falta >= 0) throw new RangeError(ASIGNACION_MSG.resultadoFaltante(ix.postulaciones[falta]!.numero));
    this.activos = ix.postulaciones.map((_, u) => Array.from({ length: ix.integrantes[u]! }, () => true));
    this.libres = { nenas: Int32Array.from(ix.plazasN), varones: Int32Array.from(ix.plazasV) };
    this.estados = [];
    this.vence = new Float64Array(U);
    this.esperaHasta = new Int32Array(U);
    for (let u = 0; u < U; u++) {
      const s = this.plaza[u]!;
      const hasta = s < 0 ? ix.prefStart[u + 1]! - ix.prefStart[u]! : this.elegida(u, s);
      this.esperaHasta[u] = hasta;
      if (s < 0) {
        this.estados.push('espera');
        continue;
      }
      this.estados.push('pendiente');
      this.vence[u] = this.now + this.plazoMs;
      for (const l of this.listasEn(u, s)) this.libres[l][s]! -= 1;
    }
    for (let s = 0; s < S; s++) {
      if (this.libres.nenas[s]! < 0 || this.libres.varones[s]! < 0) {
        throw new RangeError(ASIGNACION_MSG.escuelaExcedida(ix.codigos[s]!));
      }
    }
    this.espera = listasDeEspera(ix, this.plaza);
    this.cabeza = this.espera.start.slice(0, S);
    // A published assignment leaves nothing to roll up; one that did would be rolled up here, school by school.
    this.rollUp(
      Array.from({ length: S }, (_, s) => s),
      undefined,
    );
  }

  /** Applies one recorded answer at its time (the log's order: times never go back). */
  aplicar(evento: TEventoAsignacion): void {
    const index = this.eventCount++;
    const ignore = (motivo: string) => {
      this.ignorados.push({ evento: index, motivo });
    };
    const en = toMs(evento.en);
    if (en < this.now) return ignore(ASIGNACION_MSG.eventoAnterior);
    this.now = en;
    const u = this.indice.get(evento.numero);
    if (u === undefined) return ignore(ASIGNACION_MSG.numeroDesconocido(evento.numero));
    const estado = this.estados[u]!;
    if (fuera(estado)) return ignore(ASIGNACION_MSG.yaFuera(evento.numero));
    const s = this.plaza[u]!;
    const actual = s < 0 ? null : this.ix.codigos[s]!;
    if (evento.escuela !== actual) return ignore(ASIGNACION_MSG.otraEscuela(evento.numero, evento.escuela, actual));
    if (evento.miembro !== undefined && evento.respuesta !== 'rechaza') return ignore(ASIGNACION_MSG.soloRechazaAparte);

    switch (evento.respuesta) {
      case 'acepta':
      case 'acepta-y-espera': {
        if (s < 0) return ignore(ASIGNACION_MSG.sinPlaza(evento.numero));
        if (estado === evento.respuesta) return; // the same answer again: nothing changes
        if (estado === 'acepta') return ignore(ASIGNACION_MSG.yaAcepto(evento.numero));
        this.estados[u] = evento.respuesta;
        if (evento.respuesta === 'acepta') this.esperaHasta[u] = 0;
        this.log(u, actual, actual, 'respuesta', index);
        return;
      }
      case 'vence': {
        if (estado !== 'pendiente') return ignore(ASIGNACION_MSG.noPendiente(evento.numero));
        if (en < this.vence[u]!) return ignore(ASIGNACION_MSG.venceDespues(evento.numero, toIso(this.vence[u]!)));
        this.salir(u, 'vence', index);
        return;
      }
      case 'rechaza': {
        if (evento.miembro === undefined) {
          this.salir(u, 'rechaza', index);
          return;
        }
        const m = evento.miembro;
        const activos = this.activos[u]!;
        if (!Number.isInteger(m) || m < 0 || m >= activos.length) {
          return ignore(ASIGNACION_MSG.integranteDesconocido(evento.numero, m));
        }
        if (!activos[m]) return ignore(ASIGNACION_MSG.integranteYaRechazo(evento.numero, m));
        if (activos.filter(Boolean).length === 1) {
          activos[m] = false;
          this.salir(u, 'rechaza', index, m);
          return;
        }
        activos[m] = false;
        const servir: number[] = [];
        if (s >= 0) {
          this.libres[this.listasEn(u, s, m)[0]!][s]! += 1;
          servir.push(s);
        }
        // Needing fewer places, the group may now fit where it waits.
        for (let i = 0; i < this.esperaHasta[u]!; i++) servir.push(this.ix.prefEscuela[this.ix.prefStart[u]! + i]!);
        this.log(u, actual, actual, 'respuesta', index, m);
        this.rollUp(servir, index);
        return;
      }
    }
  }

  /** One application's place and answer now (what the server checks before recording an answer), or null. */
  consultar(numero: number): { escuela: string | null; estado: TEstadoPostulacion; vence: string | null } | null {
    return consultaDe(this.vista(), numero);
  }

  estado(ahora?: string): TEstadoAsignacion {
    return estadoDe(this.vista(), ahora);
  }

  /** The state as corrimiento-lectura.ts reads it (the arrays themselves, not copies: it only reads). */
  private vista(): VistaCorrimiento {
    return {
      ix: this.ix,
      now: this.now,
      plaza: this.plaza,
      estados: this.estados,
      vence: this.vence,
      activos: this.activos,
      libres: this.libres,
      espera: this.espera,
      cabeza: this.cabeza,
      indice: this.indice,
      historial: this.historial,
      ignorados: this.ignorados,
      esperaEn: (u, i) => this.esperaEn(u, i),
    };
  }

  /** Index (within its choices) of school s in application u's ranking, or −1. */
  private elegida(u: number, s: number): number {
    const { prefStart, prefEscuela } = this.ix;
    for (let k = prefStart[u]!; k < prefStart[u + 1]!; k++) if (prefEscuela[k] === s) return k - prefStart[u]!;
    return -1;
  }

  /** The lists of u's children at school s (the active ones, or only child m). */
  private listasEn(u: number, s: number, m?: number): TLista[] {
    const listas = this.ix.postulaciones[u]!.preferencias[this.elegida(u, s)]!.listas;
    return listas.filter((_, i) => (m === undefined ? this.activos[u]![i] : i === m));
  }

  /** Is u still waiting at its choice i. */
  private esperaEn(u: number, i: number): boolean {
    return i < this.esperaHasta[u]!;
  }

  /** u leaves: its place is freed and it waits nowhere. */
  private salir(u: number, estado: 'rechaza' | 'vence', evento: number, miembro?: number) {
    const s = this.plaza[u]!;
    const de = s < 0 ? null : this.ix.codigos[s]!;
    if (s >= 0) {
      // Every child still holding a place there (the last one declining alone included).
      const listas = this.ix.postulaciones[u]!.preferencias[this.elegida(u, s)]!.listas;
      listas.forEach((l, m) => {
        if (this.activos[u]![m] || m === miembro) this.libres[l][s]! += 1;
      });
    }
    this.plaza[u] = -1;
    this.esperaHasta[u] = 0;
    this.estados[u] = estado;
    this.log(u, de, null, 'respuesta', evento, miembro);
    if (s >= 0) this.rollUp([s], evento);
  }

  /**
   * Offers the free places of the given schools, and of every school a move releases, first in first out: at
   * each, the waitlist is walked in order and every application whose active children fit is moved there.
   */
  private rollUp(schools: readonly number[], evento: number | undefined) {
    const ix = this.ix;
    const queue: number[] = [];
    const queued = new Uint8Array(ix.codigos.length);
    const enqueue = (s: number) => {
      if (queued[s]) return;
      queued[s] = 1;
      queue.push(s);
    };
    schools.forEach(enqueue);
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q]!;
      queued[s] = 0;
      const { u: eu, k: ek, start } = this.espera;
      // Entries at the head that no longer wait there never will again: skip them for good.
      const sigue = (e: number) => this.esperaEn(eu[e]!, ek[e]! - ix.prefStart[eu[e]!]!);
      while (this.cabeza[s]! < start[s + 1]! && !sigue(this.cabeza[s]!)) this.cabeza[s]! += 1;
      for (let e = this.cabeza[s]!; e < start[s + 1]!; e++) {
        if (this.libres.nenas[s]! <= 0 && this.libres.varones[s]! <= 0) break;
        const u = eu[e]!;
        const i = ek[e]! - ix.prefStart[u]!;
        if (!this.esperaEn(u, i)) continue;
        const listas = ix.postulaciones[u]!.preferencias[i]!.listas;
        const need: Record<TLista, number> = { nenas: 0, varones: 0 };
        listas.forEach((l, m) => {
          if (this.activos[u]![m]) need[l] += 1;
        });
        if (need.nenas > this.libres.nenas[s]! || need.varones > this.libres.varones[s]!) continue;
        // Move: take the places here, release the previous ones (if any), which roll on in turn.
        const antes = this.plaza[u]!;
        const de = antes < 0 ? null : ix.codigos[antes]!;
        if (antes >= 0) {
          for (const l of this.listasEn(u, antes)) this.libres[l][antes]! += 1;
          enqueue(antes);
        }
        this.libres.nenas[s]! -= need.nenas;
        this.libres.varones[s]! -= need.varones;
        this.plaza[u] = s;
        this.esperaHasta[u] = i;
        if (this.estados[u] !== 'acepta-y-espera') {
          this.estados[u] = 'pendiente';
          this.vence[u] = this.now + this.plazoMs;
        }
        this.log(u, de, ix.codigos[s]!, 'corrimiento', evento);
      }
    }
  }

  private log(
    u: number,
    de: string | null,
    a: string | null,
    causa: TCambioAsignacion['causa'],
    evento?: number,
    miembro?: number,
  ) {
    this.historial.push(cambioDe(this.ix, this.now, this.estados[u]!, u, de, a, causa, evento, miembro));
  }
}

/** The state at `ahora` (or at the last event if later) of a published assignment and its answer log. */
export function calcularCorrimiento(
  publicacion: TPublicacionAsignacion,
  eventos: readonly TEventoAsignacion[],
  ahora?: string,
): TEstadoAsignacion {
  const motor = new MotorCorrimiento(publicacion);
  for (const evento of eventos) motor.aplicar(evento);
  return motor.estado(ahora);
}

import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import type { TEscuelaCrear } from '@inscripciones/shared/escuelas/escuela-schema.ts';
import type { AppContext } from '../context.ts';
import type { SessionActor } from '../../lib/authorization.ts';

/** A school's name, address, phone and opening hours: part of its content (Configuración). */
export type TIdentidadEscuela = Omit<TEscuelaCrear, 'codigo'>;

/** What the network's panel shows of a school: a few figures of its own panel, by the same rule. */
export type TResumenPanel = Pick<TPanel, 'ciclo' | 'plazas' | 'plazasSorteo'> & {
  tarjetas: Pick<TPanel['tarjetas'], 'total' | 'pendientes' | 'finalizadas'>;
};

/** A school as the network's endpoints reach it (decision 0036); its app builds it. */
export interface EscuelaAbierta {
  ctx: AppContext;
  identidad: () => TIdentidadEscuela;
  /** Saves the identity into the school's content, audited there as an edit of Configuración by `actor`. */
  guardarIdentidad: (actor: SessionActor, identidad: TIdentidadEscuela) => Promise<void>;
  /** The network's panel's figures of its own panel of its cycle in force, read with `actor`'s permissions. */
  resumenPanel: (actor: SessionActor) => Promise<TResumenPanel>;
}

/** What the network's endpoints need from the process that serves the schools (red/ wires it in). */
export interface PuertoRed {
  abiertas: () => readonly EscuelaAbierta[];
  /** Registers a new school, creates its database and starts serving it. */
  crear: (codigo: string) => Promise<EscuelaAbierta>;
  /** Changes a school's code (its URLs). */
  recodificar: (id: number, codigo: string) => Promise<void>;
}

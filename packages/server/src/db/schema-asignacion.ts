/**
 * Row types of the network's assignment (migration 0045, docs/decisions/0039), in the network's database; same
 * conventions as schema.ts (ISO-8601 UTC text timestamps, 0/1 booleans, JSON in text).
 */

/** An intake year's choice: separate school raffles or the network's assignment, and the network's N. */
export interface RedCiclosTable {
  anio: number;
  modo: 'escuela' | 'red';
  max_preferencias: number;
  actualizado_en: string;
  actualizado_por: string;
}

/** The network raffle of a year (one per year): one random number per application. */
export interface RedSorteosTable {
  id: string;
  anio: number;
  /** 'terminado': the seed is public and every number stored in `azar`. */
  estado: 'activo' | 'terminado';
  operador: string;
  creado_en: string;
  /** JSON of the frozen list (features/asignacion ListaCongelada): schools, applications, their origins. */
  lista: string;
  /** hashListaAsignacion of the list: shown before the draw. */
  lista_hash: string;
  total: number;
  /** Sealed (lib/semilla-cifrada.ts) until the end; the hex seed afterwards. */
  semilla: string;
  compromiso: string;
  fuente_valor_publico: string;
  /** Canonical form of the public value; '' until entered. */
  valor_publico: string;
  valor_publico_origen: string;
  /** JSON array of every value entered. */
  valores_ingresados: string;
  /** 1 once the first number was shown: the public value is then fixed. */
  con_plan: number;
  /** Positions confirmed aloud in the room. */
  indice: number;
  /** JSON `[numero, azar][]` once ended. */
  azar: string | null;
  terminado_en: string | null;
  actualizado_en: string;
  version: number;
}

/** A year's assignment: its public acta and each application's origin (private: school and number there). */
export interface RedAsignacionesTable {
  anio: number;
  sorteo_id: string;
  asignado_en: string;
  asignado_por: string;
  acta: string;
  origenes: string;
  /** Days a family has to answer its offer (from the publication, and from each move up). */
  plazo_dias: number;
}

/** One answer after the assignment, in order (`seq` 1, 2, … per year). */
export interface RedRespuestasTable {
  anio: number;
  seq: number;
  en: string;
  /** The application's network number. */
  numero: number;
  respuesta: 'acepta' | 'acepta-y-espera' | 'rechaza' | 'vence';
  /** The school whose place it answers for (null: an application without one). */
  escuela: string | null;
  /** A child of a group declining alone. */
  miembro: number | null;
  usuario: string;
  /** 'en_linea': the family answered itself with its status code; null when staff recorded it. */
  canal: 'en_linea' | null;
}

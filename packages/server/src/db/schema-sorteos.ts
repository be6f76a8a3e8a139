import type { Generated } from 'kysely';

/**
 * Row types of the raffle's tables and of its offers' season (docs/decisions/0008, 0014, 0015), in the DB of
 * schema.ts; same conventions (ISO-8601 UTC text timestamps, 0/1 booleans).
 */

/**
 * One raffle (docs/decisions/0008): the seed and its commitment, the places, and `indice`, the number of
 * confirmed draws. 'archivado' rows are the actas. Small on purpose: confirming a draw updates it.
 */
export interface SorteosTable {
  id: string;
  /** The cycle whose finalised enrolments it froze. */
  ciclo_id: string;
  /** 'archivado': finalised with every draw confirmed; 'anulado': ended early, with `motivo_anulacion`. */
  estado: 'activo' | 'archivado' | 'anulado';
  /** Username and name of the administrator who started it. */
  operador: string;
  operador_nombre: string;
  creado_en: string;
  /** Intake year shown on the board ("Ingresos {anio}"). */
  anio: number;
  plazas_nenas: number;
  plazas_varones: number;
  /** SHA-256 of sorteo_contenidos.participantes. */
  participantes_hash: string;
  /** JSON of the start statistics. */
  estadisticas: string;
  /** Number of draws (units). */
  total: number;
  /** 32 random bytes, hex. Secret until the raffle is archived. */
  semilla: string;
  /** SHA-256 of the seed's bytes, hex: public from the start. */
  compromiso: string;
  valor_publico: string;
  /** 1 once the plan is stored (at the first POST next): the public value is then fixed. */
  con_plan: number;
  /** Confirmed draws: the index of the next one. */
  indice: number;
  actualizado_en: string;
  archivado_en: string | null;
  archivado_por: string | null;
  archivado_por_nombre: string | null;
  version: number;
  /** The reason an administrator gave to start while possible duplicates were open. */
  motivo_duplicados: string | null;
  /** Where the public value came from ("dados lanzados por la escribana"); required before the first draw. */
  valor_publico_origen: Generated<string>;
  motivo_anulacion: string | null;
  /** 32 random bytes, hex: salts the public list's per-child hashes; published when the raffle closes. */
  sal: string | null;
  /** SHA-256 of the public list (lista-publica.ts): the hash the board shows. Null before migration 0013. */
  lista_publica_hash: string | null;
  /** Entered when the raffle is finalised, for the acta. `testigos`: JSON array of names. */
  escuela: string | null;
  escribano: string | null;
  testigos: string | null;
  /** JSON of the public value's source declared at start (0027); null before migration 0033. */
  fuente_valor_publico: string | null;
  /** JSON array of every value entered (`{ valor, canonico, origen, en, por }`); null before migration 0033. */
  valores_ingresados: string | null;
}

/** Every look at a draw before it was confirmed (POST /api/sorteo/next): listed in the acta. */
export interface SorteoRevelacionesTable {
  id: string;
  sorteo_id: string;
  indice: number;
  usuario: string;
  usuario_nombre: string;
  fecha: string;
}

/** The acta, made once when the raffle closes: every download gives these bytes. */
export interface SorteoActasTable {
  sorteo_id: string;
  acta_json: string;
  /** SHA-256 of acta_json: printed on every page of the PDF. */
  acta_sha256: string;
  acta_publica_json: string | null;
  /** The PDF, base64 (the schema keeps to portable text and integer columns). */
  acta_pdf: string;
  creado_en: string;
}

/** The write-once JSON of a raffle: the canonical frozen units, and the plan of draws once computed. */
export interface SorteoContenidosTable {
  sorteo_id: string;
  participantes: string;
  plan: string | null;
}

/** The season of offers of one finished raffle (0014): its start and deadline days, fixed once. */
export interface PlazasTemporadasTable {
  sorteo_id: string;
  publicado_en: string;
  plazo_dias: number;
  creado_en: string;
  /** JSON of the opening hours the deadlines fall in (migration 0035, decision 0031); null before it. */
  horario_atencion: string | null;
  /** Where the explicit advance last brought the season (migration 0036); null before its first advance. */
  avanzada_hasta: string | null;
}

/** A step of a season already told to the families: its index in the roll-up's history (0037). */
export interface PlazasAvisadosTable {
  sorteo_id: string;
  indice: number;
  creado_en: string;
}

/** The answer log of a raffle's offers (docs/decisions/0015): append-only, `seq` 1, 2, … per raffle. */
export interface PlazaEventosTable {
  id: string;
  sorteo_id: string;
  seq: number;
  en: string;
  numero: number;
  /** A child of a sibling group answering alone; null for the unit. */
  miembro: number | null;
  /** 'plazo': an administrator changed the offer's deadline to `vence`. */
  respuesta: 'aceptada' | 'rechazada' | 'vencida' | 'plazo';
  motivo: string | null;
  vence: string | null;
  usuario: string;
  usuario_nombre: string;
  /** 'en_linea': the family answered itself from /estado; null when staff recorded it (migration 0040). */
  canal: 'en_linea' | null;
}

/** Each child's offer as the roll-up made it, stored once so it keeps an id. */
export interface PlazaOfertasTable {
  id: string;
  sorteo_id: string;
  numero: number;
  miembro: number;
  lista: 'nenas' | 'varones';
  origen: 'titular' | 'suplente';
  ofrecida_en: string;
  vence: string;
}

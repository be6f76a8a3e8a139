import type { Generated } from 'kysely';
import type { Role } from '@inscripciones/shared/roles.ts';
import type { AvisoEstado, AvisoMotivo, AvisoTipo } from '@inscripciones/shared/avisos/avisos-schema.ts';
import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';

/**
 * Row types of the database. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers in
 * both dialects, so SQLite and PostgreSQL return the same values and one mapper serves both.
 */
export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  nombre: string;
  email: string;
  role: Role;
  activo: number;
  /** Bumped when the password changes or the account is deactivated: older tokens stop working. */
  session_version: number;
  /** 1 for the guest account: its identity is fixed; it can only be deactivated and reactivated. */
  sistema: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * An admission cycle (docs/decisions/0014): its intake year, dates, lottery texts and places, its state,
 * and the counter of its enrolment numbers. Exactly one row has `actual` 1.
 */
export interface CiclosTable {
  id: string;
  nombre: string;
  anio_ingreso: number;
  /** YYYY-MM-DD or null. */
  inscripcion_desde: string | null;
  inscripcion_hasta: string | null;
  sorteo_fecha: string;
  sorteo_hora: string;
  sorteo_lugar: string;
  transmision_url: string;
  plazas_nenas: number;
  plazas_varones: number;
  /** Days a family has to answer an offer after the raffle (0014, default 7); changes kept in 0022. */
  plazo_oferta_dias: number;
  estado: 'abierto' | 'cerrado';
  actual: number;
  /** The last enrolment number given in this cycle (numbers start at 1 in each cycle). */
  ultimo_numero: number;
  creado_en: string;
  actualizado_en: string;
  /** When it was last closed (0015): retention counts from here. Null while open. */
  cerrado_en?: string | null;
  /** When its non-admitted children were anonymised (0015); an anonymised cycle is never reopened. */
  anonimizado_en?: string | null;
}

/** A change of a cycle's offer deadline days (0022): offers made from `desde` on get `dias`. */
export interface CicloPlazosOfertaTable {
  id: string;
  ciclo_id: string;
  desde: string;
  dias: number;
}

/** One row per enrolment: queried columns plus the whole form as JSON (`datos`). */
export interface InscriptosTable {
  id: string;
  ciclo_id: string;
  /** Shared by siblings enrolled together; allocated from the cycle's counter when first finalised. */
  numero_inscripcion: number | null;
  estado: 'pendiente' | 'finalizado';
  /** Digits only (normalised), unique within a cycle when present. */
  ci: string | null;
  sexo: string | null;
  /** searchKey() of the four name parts: accent- and case-insensitive search. */
  nombre_busqueda: string;
  /** searchKey() of the names of the siblings enrolling together, joined by " / " (0012). */
  hermanos_busqueda: Generated<string>;
  created_by: string;
  funcionario: string | null;
  updated_by: string;
  fecha_inscripcion: string;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: a write must carry the version it read. */
  version: number;
  datos: string;
  /*
   * Derived from `datos` by the rule of version `derivados` (inscriptos-store/derived-columns.ts), for the
   * director's panel and the list's segments (issue 21).
   */
  barrio: string | null;
  estrato: string | null;
  /** The reasons it is conditional, comma-separated in MOTIVOS_CONDICION order; '' when it is not. */
  condicion: string | null;
  /** How many siblings enrol together with the child. */
  hermanos: number | null;
  fuera_zona: number | null;
  derivados: Generated<number>;
  /**
   * Set when the record was anonymised (0015, docs/privacy.md): `datos` then holds only barrio and sexo, and
   * the stratum and "condicional" computed before are kept here so the cycle's counts stay the same.
   */
  anonimizado_en?: string | null;
  estrato_conservado?: string | null;
  condicional_conservado?: number | null;
}

/**
 * PostgreSQL only (migration 0023): the searchable names of each enrolment in a narrow copy kept by a
 * trigger, so a search's count re-reads small rows (docs/decisions/0019). Absent on SQLite.
 */
export interface InscriptosBusquedaTable {
  id: string;
  ciclo_id: string;
  nombre_busqueda: string;
  hermanos_busqueda: string;
}

/** CIs of the siblings an enrolment lists as enrolling this year: finds the number to share. */
export interface InscriptoHermanosTable {
  inscripto_id: string;
  ci: string;
  /** The enrolment's cycle and own CI, copied by triggers (migration 0026): a CI prefix reads one index. */
  ciclo_id: Generated<string | null>;
  inscripto_ci: Generated<string | null>;
}

/** Append-only, hash-chained audit trail (docs/decisions/0006). */
export interface AuditoriaTable {
  seq: number;
  fecha: string;
  usuario: string;
  accion: 'crear' | 'editar' | 'finalizar' | 'eliminar' | 'anonimizar';
  inscripto_id: string;
  /** JSON: { campo: { antes, despues } }; for enrolments since 0010, keyed digests, not values. */
  cambios: string;
  hash_anterior: string;
  hash: string;
}

/** Single row (id 1): the head of the audit chain; updating it first serialises appends. */
export interface AuditoriaCabezaTable {
  id: number;
  ultimo_seq: number;
  ultimo_hash: string;
}

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
  /** 1 once the plan is stored (at the first GET next): the public value is then fixed. */
  con_plan: number;
  /** Confirmed draws: the index of the next one. */
  indice: number;
  actualizado_en: string;
  archivado_en: string | null;
  archivado_por: string | null;
  archivado_por_nombre: string | null;
  version: number;
  /** The reason an administrator gave to start while possible duplicates were open (issue 24). */
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
}

/** Every look at a draw before it was confirmed (GET /api/sorteo/next): listed in the acta. */
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

/** Settings stored as JSON under a key (docs/decisions/0011); 'contenido' is the school's content. */
export interface ConfiguracionTable {
  clave: string;
  /** JSON, validated by the shared schema when read and written. */
  valor: string;
  /** Optimistic concurrency, as for enrolments: a write must carry the version it read. */
  version: number;
  actualizado_por: string;
  actualizado_en: string;
}

/** One rate-limit window (src/rate-limits/): events counted under `clave` until `vence_en` (ISO-8601). */
export interface RateLimitsTable {
  clave: string;
  cuenta: number;
  vence_en: string;
}

/** The access log (migration 0010_accesos, docs/privacy.md): ids and usernames only, never a child's data. */
export interface AccesosTable {
  id: string;
  fecha: string;
  usuario: string;
  accion: 'ver' | 'pdf' | 'exportar' | 'consultar-estado' | 'informe';
  inscripto_id: string | null;
  detalle: string | null;
  cantidad: number | null;
  ip: string;
}

/** One random key per enrolment for its audit digests (audit/personal-changes.ts); deleted with it. */
export interface AuditoriaClavesTable {
  inscripto_id: string;
  /** 32 random bytes, base64. */
  clave: string;
}

/** A pair of possible duplicates resolved as two different children, while `huella` still matches. */
export interface DuplicadosResueltosTable {
  /** The pair's id (derived from the two children and the reason). */
  id: string;
  /** SHA-256 of the fields that matched, when resolved: the pair reopens when they change. */
  huella: string;
  decision: 'distintos';
  nota: string | null;
  resuelto_por: string;
  resuelto_por_nombre: string;
  resuelto_en: string;
}

/** The season of offers of one finished raffle (0014): its start and deadline days, fixed once. */
export interface PlazasTemporadasTable {
  sorteo_id: string;
  publicado_en: string;
  plazo_dias: number;
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
  respuesta: 'aceptada' | 'rechazada' | 'vencida';
  motivo: string | null;
  usuario: string;
  usuario_nombre: string;
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

/**
 * Counts of a cycle's enrolments by dimension and value (the director's panel, issue 21), kept by triggers
 * on `inscriptos` (migration 0018): never written by the application, and not in the SQL backup (a restore
 * re-inserts the enrolments, which counts them again).
 */
export interface PanelConteosTable {
  ciclo_id: string;
  dimension: string;
  clave: string;
  n: number;
}

/** A family's status code (0020, docs/decisions/0023): per cycle and enrolment number; hashed and encrypted. */
export interface CodigosEstadoTable {
  ciclo_id: string;
  numero: number;
  hash: string;
  cifrado: string;
  creado_en: string;
  creado_por: string;
}

/**
 * A message to a family (0027, docs/decisions/0029): the outbox row written with the change that causes it, and
 * its delivery. `id` is its idempotency key and Message-ID.
 */
export interface AvisosTable {
  id: string;
  tipo: AvisoTipo;
  canal: AvisoCanal;
  /** The address or phone number as the caller gave it (normalised when sent and when matched to opt-outs). */
  destino: string;
  /** E-mail only. */
  asunto: string | null;
  texto: string;
  /** 1: informational (not sent to a destination that opted out); 0: needed to keep a place. */
  informativo: number;
  estado: AvisoEstado;
  motivo: AvisoMotivo | null;
  /** Times an instance took it to send (a lease that expired counts too). */
  intentos: number;
  /** Pendiente: its next attempt; enviando: when its lease ends (= tomado_hasta). */
  proximo_intento: string;
  /** The instance sending it, and until when (its lease); null when nobody holds it. */
  tomado_por: string | null;
  tomado_hasta: string | null;
  /** A code (SMTP 451, HTTP 503, tiempo agotado), never a provider's text: those can name the address. */
  ultimo_error: string | null;
  inscripto_id: string | null;
  ciclo_id: string | null;
  /** Reenviar: the message this one sends again. */
  reenvio_de: string | null;
  /** Reenviar: the administrator's username; null for messages the system wrote. */
  creado_por: string | null;
  creado_en: string;
  enviado_en: string | null;
}

/** A destination that opted out of informational messages (0027): its channel and keyed digest. */
export interface AvisosBajasTable {
  canal: AvisoCanal;
  huella: string;
  creado_en: string;
}

export interface DB {
  users: UsersTable;
  ciclos: CiclosTable;
  ciclo_plazos_oferta: CicloPlazosOfertaTable;
  inscriptos: InscriptosTable;
  inscripto_hermanos: InscriptoHermanosTable;
  inscriptos_busqueda: InscriptosBusquedaTable;
  auditoria: AuditoriaTable;
  auditoria_cabeza: AuditoriaCabezaTable;
  sorteos: SorteosTable;
  sorteo_contenidos: SorteoContenidosTable;
  sorteo_revelaciones: SorteoRevelacionesTable;
  sorteo_actas: SorteoActasTable;
  configuracion: ConfiguracionTable;
  rate_limits: RateLimitsTable;
  codigos_estado: CodigosEstadoTable;
  accesos: AccesosTable;
  auditoria_claves: AuditoriaClavesTable;
  duplicados_resueltos: DuplicadosResueltosTable;
  plazas_temporadas: PlazasTemporadasTable;
  plaza_eventos: PlazaEventosTable;
  plaza_ofertas: PlazaOfertasTable;
  panel_conteos: PanelConteosTable;
  avisos: AvisosTable;
  avisos_bajas: AvisosBajasTable;
}

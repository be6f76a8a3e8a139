import type { Generated } from 'kysely';
import type { Role, RolRed } from '@inscripciones/shared/roles.ts';
import type {
  PlazaEventosTable,
  PlazaOfertasTable,
  PlazasTemporadasTable,
  PlazasAvisadosTable,
  SorteoActasTable,
  SorteoContenidosTable,
  SorteoRevelacionesTable,
  SorteosTable,
} from './schema-sorteos.ts';
import type { RedAsignacionesTable, RedCiclosTable, RedRespuestasTable, RedSorteosTable } from './schema-asignacion.ts';
import type { AvisosBajasTable, AvisosTable } from './schema-avisos.ts';
import type { SolicitudesDocumentosTable, SolicitudesTable } from './schema-solicitudes.ts';

/**
 * Row types of the database (the raffle's and its season's in schema-sorteos.ts). Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers in
 * both dialects, so SQLite and PostgreSQL return the same values and one mapper serves both.
 */
export interface UsersTable {
  id: string;
  username: string;
  password_hash: string;
  nombre: string;
  email: string;
  /** The network's own role (decision 0036); a role in a school is in `usuario_escuelas`. */
  rol_red: RolRed | null;
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
   * Derived from `datos` by the rule of version `derivados` (data/inscriptos/derived-columns.ts), for the
   * director's panel and the list's segments.
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
  /** When and by whom the answer to the consent to messages was last recorded (0037). */
  avisos_consentimiento_en?: string | null;
  avisos_consentimiento_por?: string | null;
  estrato_conservado?: string | null;
  condicional_conservado?: number | null;
  preferencias?: string | null; // JSON list of the school codes ranked for the network's assignment (0044)
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

/** One rate-limit window (data/rate-limits/): events counted under `clave` until `vence_en` (ISO-8601). */
export interface RateLimitsTable {
  clave: string;
  cuenta: number;
  vence_en: string;
}

/** Sessions ended by a logout before their expiry (migration 0027_sesiones_cerradas): the token's `jti`. */
export interface SesionesCerradasTable {
  jti: string;
  /** The token's own expiry: past it the row is not needed and is deleted at the next logout. */
  vence_en: string;
}

/** The access log (migration 0010_accesos, docs/privacy.md): ids and usernames only, never a child's data. */
export interface AccesosTable {
  id: string;
  fecha: string;
  usuario: string;
  accion: 'ver' | 'pdf' | 'exportar' | 'consultar-estado' | 'informe' | 'listar' | 'buscar';
  inscripto_id: string | null;
  detalle: string | null;
  cantidad: number | null;
  ip: string;
}

/** One random key per enrolment for its audit digests (domain/auditoria/personal-changes.ts); deleted with it. */
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
  /** "No son la misma persona", or one of the records deleted as the same child (migration 0038). */
  decision: 'distintos' | 'eliminado';
  nota: string | null;
  resuelto_por: string;
  resuelto_por_nombre: string;
  resuelto_en: string;
  /** 'eliminado': the record deleted and its enrolment number (null when pending); never the child's name. */
  eliminado_id?: string | null;
  eliminado_numero?: number | null;
  /** 'eliminado': JSON array of the ids of the group's other records. */
  conservados?: string | null;
}

/**
 * Counts of a cycle's enrolments by dimension and value (the director's panel), kept by triggers
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

/** A school of the network (decision 0036): `ubicacion` null is the network's own database. */
export interface EscuelasTable {
  id: number;
  codigo: string;
  ubicacion: string | null;
  creada_en: string;
}

/** An account's role in one of its schools. */
export interface UsuarioEscuelasTable {
  usuario_id: string;
  escuela_id: number;
  role: Role;
}

export interface DB {
  users: UsersTable;
  escuelas: EscuelasTable;
  usuario_escuelas: UsuarioEscuelasTable;
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
  sesiones_cerradas: SesionesCerradasTable;
  codigos_estado: CodigosEstadoTable;
  accesos: AccesosTable;
  auditoria_claves: AuditoriaClavesTable;
  duplicados_resueltos: DuplicadosResueltosTable;
  plazas_temporadas: PlazasTemporadasTable;
  plazas_avisados: PlazasAvisadosTable;
  plaza_eventos: PlazaEventosTable;
  plaza_ofertas: PlazaOfertasTable;
  panel_conteos: PanelConteosTable;
  avisos: AvisosTable;
  avisos_bajas: AvisosBajasTable;
  solicitudes: SolicitudesTable;
  red_ciclos: RedCiclosTable;
  red_sorteos: RedSorteosTable;
  red_asignaciones: RedAsignacionesTable;
  red_respuestas: RedRespuestasTable;
  solicitudes_documentos: SolicitudesDocumentosTable;
}

import type { Role } from '@inscripciones/shared/roles.ts';

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
  created_at: string;
  updated_at: string;
}

/** One row per enrolment: queried columns plus the whole form as JSON (`datos`). */
export interface InscriptosTable {
  id: string;
  /** Shared by siblings enrolled together; allocated from `secuencias` when first finalised. */
  numero_inscripcion: number | null;
  estado: 'pendiente' | 'finalizado';
  /** Digits only (normalised), unique when present. */
  ci: string | null;
  sexo: string | null;
  /** searchKey() of the four name parts: accent- and case-insensitive search. */
  nombre_busqueda: string;
  created_by: string;
  funcionario: string | null;
  updated_by: string;
  fecha_inscripcion: string;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: a write must carry the version it read. */
  version: number;
  datos: string;
}

/** CIs of the siblings an enrolment lists as enrolling this year: finds the number to share. */
export interface InscriptoHermanosTable {
  inscripto_id: string;
  ci: string;
}

/** Named counters; `numero_inscripcion` allocates enrolment numbers. */
export interface SecuenciasTable {
  nombre: string;
  valor: number;
}

/** Append-only, hash-chained audit trail (docs/decisions/0006). */
export interface AuditoriaTable {
  seq: number;
  fecha: string;
  usuario: string;
  accion: 'crear' | 'editar' | 'finalizar' | 'eliminar';
  inscripto_id: string;
  /** JSON: { campo: { antes, despues } }. */
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

export interface DB {
  users: UsersTable;
  inscriptos: InscriptosTable;
  inscripto_hermanos: InscriptoHermanosTable;
  secuencias: SecuenciasTable;
  auditoria: AuditoriaTable;
  auditoria_cabeza: AuditoriaCabezaTable;
}

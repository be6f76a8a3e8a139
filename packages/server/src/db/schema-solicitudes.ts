import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import type { TDocumentoClase, TDocumentoTipoArchivo } from '@inscripciones/shared/solicitudes/documentos.ts';
import type { TSolicitudEstado } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';

/** A family's online application (migration 0039, docs/decisions/0035). */
export interface SolicitudesTable {
  id: string;
  ciclo_id: string;
  /** SHA-256 of the family's code (lib/codigos.ts): the code itself is never stored. */
  codigo_hash: string;
  contacto_canal: AvisoCanal;
  /** As the family wrote it, normalised (avisos/destino.ts). */
  contacto: string;
  /** Keyed digest of the normalised contact (domain/avisos huellaDestino): the cap of drafts per contact. */
  contacto_huella: string;
  estado: TSolicitudEstado;
  /** The form document (JSON of ZInscriptoData's output). */
  datos: string;
  version: number;
  creado_en: string;
  actualizado_en: string;
  /** A draft is deleted with its documents after this; null once sent. */
  vence_en: string | null;
  enviada_en: string | null;
  /** The school's note when it returned the application (migration 0043, docs/decisions/0038). */
  nota: string | null;
  /** The enrolment a finalised application became. */
  inscripto_id: string | null;
  verificada_por: string | null;
  verificada_en: string | null;
  /** JSON list of the school codes ranked for the network's assignment (0044); null when none. */
  preferencias?: string | null;
}

/** An uploaded document, encrypted (lib/documentos/cifrado.ts), as bytes (migration 0046). */
export interface SolicitudesDocumentosTable {
  id: string;
  solicitud_id: string;
  clase: TDocumentoClase;
  tipo: TDocumentoTipoArchivo;
  /** Size of the stored (metadata-stripped) file. */
  bytes: number;
  cifrado: Buffer;
  subido_en: string;
}

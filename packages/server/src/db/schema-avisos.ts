import type { AvisoEstado, AvisoMotivo, AvisoTipo } from '@inscripciones/shared/avisos/avisos-schema.ts';
import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';

/**
 * A message to a family (migration 0028, docs/decisions/0029): the outbox row written with the change that causes it, and
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

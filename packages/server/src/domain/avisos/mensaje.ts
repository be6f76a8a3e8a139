import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import type { AvisoRow } from '../../data/avisos/avisos-repository.ts';
import { tokenBaja, type ClavesAvisos } from './baja-token.ts';

/**
 * A message as a channel sends it, made from its outbox row alone: every attempt, on any instance, sends the
 * same bytes with the same Message-ID and idempotency key (the row's id), so a receiver can drop a copy.
 */
export interface Mensaje {
  id: string;
  canal: AvisoCanal;
  /** Normalised destination. */
  para: string;
  asunto: string | null;
  texto: string;
  /** `<id@host>`: e-mail's Message-ID. */
  messageId: string;
  /** The opt-out page for this destination; informational messages only. */
  enlaceBaja: string | null;
}

export interface Remitente {
  claves: ClavesAvisos;
  /** PUBLIC_URL, without a trailing slash: the links' origin, and the Message-ID's host. */
  publicUrl: string | undefined;
  /** What the links carry to reach the sending school (parametroEscuela). */
  escuela?: Record<string, string>;
}

/** The host of PUBLIC_URL, or inscripciones.local without one. */
function hostDeMensajes(publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).hostname : 'inscripciones.local';
}

export function armarMensaje(row: AvisoRow, huella: string, r: Remitente): Mensaje {
  const enlaceBaja =
    row.informativo === 1 && r.publicUrl
      ? `${r.publicUrl}/avisos/baja?${new URLSearchParams({ t: tokenBaja(r.claves, row.canal, huella), ...r.escuela })}`
      : null;
  const pie =
    enlaceBaja && (row.canal === 'email' ? AVISO_MSG.pieEmail(enlaceBaja) : AVISO_MSG.pieTelefono(enlaceBaja));
  return {
    id: row.id,
    canal: row.canal,
    para: row.destino,
    asunto: row.asunto,
    texto: pie ? `${row.texto}\n\n${pie}` : row.texto,
    messageId: `<${row.id}@${hostDeMensajes(r.publicUrl)}>`,
    enlaceBaja,
  };
}

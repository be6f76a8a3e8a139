import type { AvisoTipo } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { esInformativo } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { destinoValido, normalizarDestino, type AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import type { Executor } from '../../db/executor.ts';
import { insertAviso } from '../../data/avisos/avisos-repository.ts';
import { tocarTimbre } from './timbre.ts';

/** A message to write to the outbox (docs/decisions/0029). */
export interface NuevoAviso {
  tipo: AvisoTipo;
  canal: AvisoCanal;
  /** An e-mail address or a phone number, as the family gave it. */
  destino: string;
  /** E-mail only: required there. */
  asunto?: string | null;
  /**
   * The text. It carries a number, initials and a link, never a CI, a full name or an address (DESIGN "Messages
   * through an outbox"). An informational message gets the opt-out link appended when it is sent.
   */
  texto: string;
  inscriptoId?: string | null;
  cicloId?: string | null;
  /** Reenviar: the message this one sends again, and who asked for it. */
  reenvioDe?: string | null;
  creadoPor?: string | null;
}

/**
 * Writes a message to the outbox on `tx`, the transaction of the change that causes it: if that change rolls
 * back, so does the message, and nothing is sent; once it commits, a worker sends it (worker.ts). Returns its id,
 * which is also its idempotency key and Message-ID. `ahora` is the caller's clock (ctx.clock()); `desde`, when
 * later, keeps it waiting until then (a reminder before a deadline: it is dropped if the offer is answered first).
 */
export async function encolarAviso(tx: Executor, aviso: NuevoAviso, ahora: Date, desde?: Date): Promise<string> {
  const destino = normalizarDestino(aviso.canal, aviso.destino);
  if (!destinoValido(aviso.canal, destino)) throw new Error(`encolarAviso: invalid ${aviso.canal} destination`);
  if (aviso.canal === 'email' && !aviso.asunto) throw new Error('encolarAviso: an e-mail needs a subject');
  const id = newId(ahora.getTime());
  const iso = ahora.toISOString();
  await insertAviso(tx, {
    id,
    tipo: aviso.tipo,
    canal: aviso.canal,
    destino,
    asunto: aviso.canal === 'email' ? aviso.asunto! : null,
    texto: aviso.texto,
    informativo: esInformativo(aviso.tipo) ? 1 : 0,
    estado: 'pendiente',
    motivo: null,
    intentos: 0,
    proximo_intento: desde && desde > ahora ? desde.toISOString() : iso,
    tomado_por: null,
    tomado_hasta: null,
    ultimo_error: null,
    inscripto_id: aviso.inscriptoId ?? null,
    ciclo_id: aviso.cicloId ?? null,
    reenvio_de: aviso.reenvioDe ?? null,
    creado_por: aviso.creadoPor ?? null,
    creado_en: iso,
    enviado_en: null,
  });
  if (!desde || desde <= ahora) tocarTimbre();
  return id;
}

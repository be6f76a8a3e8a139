import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import type { AvisosConfig } from '../../lib/config.ts';
import type { Mensaje } from './mensaje.ts';

/**
 * A channel hands a message to its provider and says how it went. It never throws. `permanente`: the provider
 * refused this message for good (retrying cannot help); otherwise it is tried again later. `error` is a code for
 * the record (SMTP 451, HTTP 503, tiempo agotado, red), never the provider's text, which can name the address.
 */
export type Resultado = { ok: true } | { ok: false; permanente: boolean; error: string };

export interface Canal {
  enviar(mensaje: Mensaje): Promise<Resultado>;
  cerrar(): Promise<void>;
}

export type Canales = Partial<Record<AvisoCanal, Canal>>;

/** Which channels are configured, for Configuración (GET /api/avisos/estado). */
export function canalesActivos(canales: Canales): Record<AvisoCanal, boolean> {
  return { email: !!canales.email, telefono: !!canales.telefono };
}

/** The channels SMTP_URL and MENSAJES_WEBHOOK_URL configure; nodemailer is loaded only when e-mail is. */
export async function crearCanales(c: AvisosConfig): Promise<Canales> {
  const canales: Canales = {};
  if (c.smtpUrl && c.mailFrom) {
    const { canalEmail } = await import('./canal-email.ts');
    canales.email = canalEmail({ smtpUrl: c.smtpUrl, from: c.mailFrom, conexiones: Math.min(5, c.concurrencia) });
  }
  if (c.webhookUrl) {
    const { canalWebhook } = await import('./canal-webhook.ts');
    canales.telefono = canalWebhook({ url: c.webhookUrl, timeoutMs: 10_000 });
  }
  return canales;
}

import type { Canal, Resultado } from './canales.ts';
import type { Mensaje } from './mensaje.ts';

export interface OpcionesWebhook {
  /** MENSAJES_WEBHOOK_URL: the school's provider of phone messages (SMS or WhatsApp) behind one POST. */
  url: string;
  timeoutMs: number;
}

/** Statuses that ask to try again later even though they are 4xx. */
const REINTENTAR = new Set([408, 425, 429]);

/**
 * Phone messages through the provider's webhook: `POST` JSON `{ to, text, idempotencyKey }` (the key also as the
 * Idempotency-Key header). Any 2xx is accepted; a 3xx or 4xx refuses the message for good (except 408, 425 and
 * 429); 5xx, a timeout or a network failure are tried again.
 */
export function canalWebhook(o: OpcionesWebhook): Canal {
  return {
    async enviar(m: Mensaje): Promise<Resultado> {
      let res: Response;
      try {
        res = await fetch(o.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': m.id },
          body: JSON.stringify({ to: m.para, text: m.texto, idempotencyKey: m.id }),
          signal: AbortSignal.timeout(o.timeoutMs),
          redirect: 'manual',
        });
      } catch (err) {
        const timeout = (err as { name?: unknown }).name === 'TimeoutError';
        return { ok: false, permanente: false, error: timeout ? 'HTTP tiempo agotado' : 'HTTP red' };
      }
      // The body is not read into the record (it may echo the number); it is drained to free the connection.
      await res.body?.cancel().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) return { ok: true };
      // A redirect is a wrong URL, not a passing failure: like a 4xx, trying again cannot help.
      const permanente = res.status < 500 && !REINTENTAR.has(res.status);
      return { ok: false, permanente, error: `HTTP ${res.status}` };
    },
    async cerrar() {},
  };
}

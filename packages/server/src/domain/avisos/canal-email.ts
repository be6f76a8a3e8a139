import nodemailer from 'nodemailer';
import type { Canal, Resultado } from './canales.ts';
import type { Mensaje } from './mensaje.ts';

export interface OpcionesEmail {
  /** smtp://user:pass@host:port or smtps://…: SMTP_URL. */
  smtpUrl: string;
  /** MAIL_FROM: "Escuela N° 1 <avisos@escuela.edu.uy>" or a bare address. */
  from: string;
  /** Pooled connections kept open to the server (sending at the pace of a raffle's end needs a few). */
  conexiones: number;
}

/** Node's network errors that mean the server was not reached or the connection broke: try again later. */
const TIEMPO = new Set(['ETIMEDOUT', 'ESOCKET', 'ECONNECTION', 'EDNS', 'ECONNRESET', 'ECONNREFUSED']);

/** An SMTP reply 5xx refuses the message for good; 4xx and broken connections are tried again (RFC 5321 4.2.1). */
function clasificarErrorSmtp(err: unknown): Resultado {
  const e = err as { responseCode?: unknown; code?: unknown };
  if (typeof e.responseCode === 'number') {
    return { ok: false, permanente: e.responseCode >= 500, error: `SMTP ${e.responseCode}` };
  }
  const code = typeof e.code === 'string' ? e.code : '';
  return { ok: false, permanente: false, error: TIEMPO.has(code) ? `SMTP ${code}` : 'SMTP sin respuesta' };
}

/** E-mail over SMTP with nodemailer's pool; plain text, with the opt-out link as List-Unsubscribe too. */
export function canalEmail(o: OpcionesEmail): Canal {
  const transport = nodemailer.createTransport({
    url: o.smtpUrl,
    pool: true,
    maxConnections: o.conexiones,
    maxMessages: 1000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    logger: false,
  });
  return {
    async enviar(m: Mensaje): Promise<Resultado> {
      try {
        await transport.sendMail({
          from: o.from,
          to: m.para,
          subject: m.asunto ?? '',
          text: m.texto,
          messageId: m.messageId,
          headers: m.enlaceBaja ? { 'List-Unsubscribe': `<${m.enlaceBaja}>` } : {},
        });
        return { ok: true };
      } catch (err) {
        return clasificarErrorSmtp(err);
      }
    },
    async cerrar() {
      transport.close();
    },
  };
}

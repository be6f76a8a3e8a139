import crypto from 'node:crypto';
import { iniciarReceptorSmtp, type MensajeRecibido } from '../../../../scripts/receptor-smtp.ts';
import { iniciarReceptorWebhook, type PedidoRecibido } from '../../../../scripts/receptor-webhook.ts';

/**
 * The real SMTP server and webhook receiver the tests of the messages to the families send to (decision 0029):
 * the ones CI started (TEST_SMTP_URL and TEST_SMTP_API, TEST_WEBHOOK_URL), or instances of the same scripts
 * started here, so `npm test` works on a machine with only Node. Every test sends to addresses of its own and
 * reads only those, because in CI every suite shares one receiver.
 */
export type { MensajeRecibido, PedidoRecibido };

export interface Smtp {
  url: string;
  mensajes(to: string): Promise<MensajeRecibido[]>;
  /** The Message-ID of every message received for `to`, a copy as many times as it arrived. */
  ids(to: string): Promise<string[]>;
  regla(to: string, r: { codigo?: number; veces?: number; demoraMs?: number }): Promise<void>;
  close(): Promise<void>;
}

export interface Webhook {
  url: string;
  pedidos(to: string): Promise<PedidoRecibido[]>;
  regla(to: string, r: { status: number; veces?: number; demoraMs?: number }): Promise<void>;
  close(): Promise<void>;
}

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status}`);
  return res.json() as Promise<unknown>;
};
const post = (url: string, body: unknown) =>
  json(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export async function receptorSmtp(): Promise<Smtp> {
  const { TEST_SMTP_URL, TEST_SMTP_API } = process.env;
  const propio = TEST_SMTP_URL && TEST_SMTP_API ? null : await iniciarReceptorSmtp();
  const api = propio?.apiUrl ?? TEST_SMTP_API!;
  const q = (to: string) => `?to=${encodeURIComponent(to)}`;
  return {
    url: propio?.smtpUrl ?? TEST_SMTP_URL!,
    mensajes: async (to) => (await json(`${api}/mensajes${q(to)}`)) as MensajeRecibido[],
    ids: async (to) => (await json(`${api}/ids${q(to)}`)) as string[],
    regla: async (to, r) => void (await post(`${api}/reglas`, { to, ...r })),
    close: async () => propio?.close(),
  };
}

export async function receptorWebhook(): Promise<Webhook> {
  const dado = process.env.TEST_WEBHOOK_URL;
  const propio = dado ? null : await iniciarReceptorWebhook();
  const url = propio?.url ?? dado!;
  const api = `${new URL(url).origin}/_api`;
  return {
    url,
    pedidos: async (to) => (await json(`${api}/pedidos?to=${encodeURIComponent(to)}`)) as PedidoRecibido[],
    regla: async (to, r) => void (await post(`${api}/reglas`, { to, ...r })),
    close: async () => propio?.close(),
  };
}

/** The address messages link to in the tests (PUBLIC_URL). */
export const PUBLIC_URL_PRUEBAS = 'https://inscripciones.escuela.test';

/** What buildTestApp needs to send through both receivers. */
export const entornoAvisos = (smtp: Smtp, webhook: Webhook): Record<string, string> => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Escuela de prueba <avisos@escuela.test>',
  MENSAJES_WEBHOOK_URL: webhook.url,
  PUBLIC_URL: PUBLIC_URL_PRUEBAS,
});

/** An e-mail address, and a Uruguayan mobile number, no other test sends to. */
export const correoUnico = () => `familia-${crypto.randomBytes(6).toString('hex')}@ejemplo.com.uy`;
export const telefonoUnico = () => `+5989${String(crypto.randomInt(10_000_000)).padStart(7, '0')}`;

/** Asks `fn` every 20 ms until it returns something truthy; fails after `timeoutMs` with the last answer. */
export async function esperar<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const hasta = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > hasta) throw new Error(`esperar: nothing after ${timeoutMs} ms (last: ${JSON.stringify(v)})`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits `ms`: to show that something does not happen. */
export const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

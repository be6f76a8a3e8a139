import crypto from 'node:crypto';
import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import { BAJA_TOKEN } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { claveDerivada } from '../../lib/codigos.ts';

/**
 * The opt-out link (docs/decisions/0029). A destination is known by its keyed digest ("huella"): HMAC-SHA-256 of
 * channel and normalised destination under a key derived from the server's secret, cut to 128 bits. The opt-out
 * list keeps only that digest, so a copy of the database does not say who opted out, and no digest can be
 * computed from an address without the secret (a phone number is one of a few million: a plain hash would be
 * inverted by trying them all). The link carries the channel, the digest and a signature under a second key:
 * `e.<digest>.<signature>`, 41 characters, short enough for a phone message.
 */
export interface ClavesAvisos {
  destino: crypto.KeyObject;
  enlace: crypto.KeyObject;
}

/** Key objects made once: an HMAC keyed by a Buffer builds one on every call (every message sent). */
export function clavesAvisos(secret: string): ClavesAvisos {
  return {
    destino: crypto.createSecretKey(claveDerivada(secret, 'avisos-destino')),
    enlace: crypto.createSecretKey(claveDerivada(secret, 'avisos-enlace')),
  };
}

const LETRA: Record<AvisoCanal, string> = { email: 'e', telefono: 't' };
const CANAL: Record<string, AvisoCanal> = { e: 'email', t: 'telefono' };

const hmac = (key: crypto.KeyObject, data: string, bytes: number) =>
  crypto.createHmac('sha256', key).update(data).digest().subarray(0, bytes).toString('base64url');

/** The digest of a destination already normalised (normalizarDestino). */
export function huellaDestino(claves: ClavesAvisos, canal: AvisoCanal, normalizado: string): string {
  return hmac(claves.destino, `${canal}:${normalizado}`, 16);
}

export function tokenBaja(claves: ClavesAvisos, canal: AvisoCanal, huella: string): string {
  const cuerpo = `${LETRA[canal]}.${huella}`;
  return `${cuerpo}.${hmac(claves.enlace, cuerpo, 12)}`;
}

/** The channel and digest of a link's token, or null when it is malformed or its signature is not ours. */
export function leerTokenBaja(claves: ClavesAvisos, token: string): { canal: AvisoCanal; huella: string } | null {
  if (!BAJA_TOKEN.test(token)) return null;
  const [letra, huella, firma] = token.split('.') as [string, string, string];
  const esperada = Buffer.from(hmac(claves.enlace, `${letra}.${huella}`, 12));
  const dada = Buffer.from(firma);
  if (esperada.length !== dada.length || !crypto.timingSafeEqual(esperada, dada)) return null;
  return { canal: CANAL[letra]!, huella };
}

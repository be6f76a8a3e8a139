import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { SESSION_TTL_SECONDS } from '@inscripciones/shared/constants.ts';
import type { Clock } from './clock.ts';

export interface TokenClaims {
  userId: string;
  sessionVersion: number;
}

/** A token's claims once verified, with what ends that one session: its id and its expiry. */
export interface VerifiedToken extends TokenClaims {
  /** The token's `jti`: a logout revokes this id (sessions/revoked-sessions.ts). */
  sessionId: string;
  expiresAt: Date;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /**
   * The claims of a valid, unexpired token signed by us, null otherwise: without `exp`, `iat` or `jti`, with
   * an `exp` that is not a number or lies more than a session's lifetime after `iat`, it is not one we issued.
   */
  verify(token: string): Promise<VerifiedToken | null>;
}

const ISSUER = 'inscripciones';
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, sessionVersion }) {
      const now = Math.floor(clock().getTime() / 1000);
      const exp = now + SESSION_TTL_SECONDS;
      const token = await new SignJWT({ sv: sessionVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setJti(crypto.randomBytes(16).toString('base64url'))
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock(),
          clockTolerance: 0,
          requiredClaims: ['sub', 'iat', 'exp', 'jti'],
          maxTokenAge: SESSION_TTL_SECONDS,
        });
        const { sub, sv, iat, exp, jti } = payload;
        if (typeof sub !== 'string' || typeof sv !== 'number' || typeof jti !== 'string' || !SESSION_ID.test(jti)) {
          return null;
        }
        if (typeof iat !== 'number' || typeof exp !== 'number' || exp > iat + SESSION_TTL_SECONDS) return null;
        return { userId: sub, sessionVersion: sv, sessionId: jti, expiresAt: new Date(exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}

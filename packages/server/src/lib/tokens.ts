import { SignJWT, jwtVerify } from 'jose';
import { SESSION_TTL_SECONDS } from '@inscripciones/shared/constants.ts';
import type { Clock } from './clock.ts';

export interface TokenClaims {
  userId: string;
  sessionVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid, unexpired token signed by us; null otherwise. */
  verify(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'inscripciones';

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
        });
        if (typeof payload.sub !== 'string' || typeof payload.sv !== 'number') return null;
        return { userId: payload.sub, sessionVersion: payload.sv };
      } catch {
        return null;
      }
    },
  };
}

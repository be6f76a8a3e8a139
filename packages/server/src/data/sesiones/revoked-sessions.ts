import type { Executor } from '../../db/executor.ts';

/**
 * Sessions ended before their expiry (POST /api/auth/logout): the token's id until the token would have
 * expired anyway, in the database so every instance refuses it. A revoked id is never needed past its expiry,
 * so each revocation first deletes the ones that have passed it: the table holds at most the logouts of the
 * last 8 hours. Not in the SQL backup.
 */
export async function revokeSession(db: Executor, sessionId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.deleteFrom('sesiones_cerradas').where('vence_en', '<=', now.toISOString()).execute();
  await db
    .insertInto('sesiones_cerradas')
    .values({ jti: sessionId, vence_en: expiresAt.toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

export async function isRevoked(db: Executor, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('sesiones_cerradas').select('jti').where('jti', '=', sessionId).executeTakeFirst();
  return row !== undefined;
}

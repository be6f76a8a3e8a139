import type { AppContext } from '../context.ts';
import { cifrarCodigo, descifrarCodigo, hashCodigo, nuevoCodigo } from '../../lib/codigos.ts';
import * as repo from '../../data/codigos-estado/codigos-repository.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * The families' status codes (docs/decisions/0023) for the features that need them in clear: the status page's
 * staff screens and the raffle, which keys each child's public `huella` with the number's code
 * (docs/decisions/0020).
 */

const contexto = (cicloId: string, numero: number) => `${cicloId}:${numero}`;

function nuevaFila(
  ctx: Pick<AppContext, 'claveCodigos' | 'clock'>,
  cicloId: string,
  numero: number,
  creadoPor: string,
): repo.CodigoRow {
  const codigo = nuevoCodigo();
  return {
    ciclo_id: cicloId,
    numero,
    hash: hashCodigo(codigo),
    cifrado: cifrarCodigo(ctx.claveCodigos, codigo, contexto(cicloId, numero)),
    creado_en: ctx.clock().toISOString(),
    creado_por: creadoPor,
  };
}

/** The stored code in clear, or null when it was encrypted under another key (the server's secret changed). */
export function leerCodigo(ctx: Pick<AppContext, 'claveCodigos'>, row: repo.CodigoRow): string | null {
  return descifrarCodigo(ctx.claveCodigos, row.cifrado, contexto(row.ciclo_id, Number(row.numero)));
}

/** The number's code row: the stored one, or a new one made now (also when `regenerar`: the old one stops working). */
export async function codigoDelNumero(
  ctx: AppContext,
  cicloId: string,
  numero: number,
  creadoPor: string,
  regenerar: boolean,
): Promise<repo.CodigoRow> {
  if (!regenerar) {
    const stored = await repo.findCodigo(ctx.db, cicloId, numero);
    if (stored) return stored;
  }
  await repo.saveCodigo(ctx.db, nuevaFila(ctx, cicloId, numero, creadoPor), regenerar);
  // Read back: a concurrent first request may have stored its code first, and both must show the same.
  return (await repo.findCodigo(ctx.db, cicloId, numero))!;
}

/**
 * The code in clear of each number, made now for the numbers without one (raffle start: every participant's
 * family gets the code its children's huellas are keyed with); null where the stored one cannot be read.
 */
export async function codigosDeLosNumeros(
  ctx: AppContext,
  cicloId: string,
  numeros: readonly number[],
  creadoPor: string,
): Promise<Map<number, string | null>> {
  const stored = new Set((await repo.codigosDelCiclo(ctx.db, cicloId)).map((r) => Number(r.numero)));
  const faltan = numeros.filter((n) => !stored.has(n));
  await repo.insertCodigos(
    ctx.db,
    faltan.map((n) => nuevaFila(ctx, cicloId, n, creadoPor)),
  );
  const rows = await repo.codigosDelCiclo(ctx.db, cicloId);
  return new Map(rows.map((r) => [Number(r.numero), leerCodigo(ctx, r)]));
}

/**
 * The number's code in clear inside the caller's transaction (a message's link to the status page, written with
 * the change that causes it): the stored one, or one made now. Null when the stored one cannot be read.
 */
export async function codigoEnTransaccion(
  ctx: Pick<AppContext, 'claveCodigos' | 'clock'>,
  tx: Executor,
  cicloId: string,
  numero: number,
  creadoPor: string,
): Promise<string | null> {
  let row = await repo.findCodigo(tx, cicloId, numero);
  if (!row) {
    await repo.saveCodigo(tx, nuevaFila(ctx, cicloId, numero, creadoPor), false);
    row = (await repo.findCodigo(tx, cicloId, numero))!;
  }
  return leerCodigo(ctx, row);
}

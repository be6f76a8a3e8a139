import { randomBytes } from 'node:crypto';
import { AppError } from '@inscripciones/shared/errors.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { canonicalJson, canonicalUnits, estadisticas } from '@inscripciones/shared/sorteo/units.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { huellaFamilia, listaPublica, listaPublicaHash } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { cicloActualAbierto } from '../../domain/ciclos/ciclo-scope.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit, type AuditAction, type Changes } from '../../data/auditoria/audit-repository.ts';
import { gruposAbiertos } from '../../domain/duplicados/pares-abiertos.ts';
import { codigosDeLosNumeros } from '../../domain/codigos-estado/codigos.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { unitsNow } from '../../domain/sorteos/unidades.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { remember, requireActive, type SorteoRuntime } from './sorteo-cache.ts';
import { commitment, sha256Hex } from './sorteo-random.ts';
import { sellarSemilla } from '../../lib/semilla-cifrada.ts';
import { fuenteErrorAlIniciar, type TFuenteValorPublico } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import { canonicalizarValor } from '@inscripciones/shared/sorteo/valor-canonico.ts';
import { modoDelAnio } from '../../domain/asignacion/modo-ciclo.ts';
import { ASIGNACION_API_MSG } from '@inscripciones/shared/asignacion/api-schema.ts';
import { fuenteDe, valoresDe } from '../../domain/sorteos/fuente-valor-publico.ts';

/**
 * Operating the raffle (docs/decisions/0008): start and public value here; the draw on screen,
 * confirm and end in sorteo-draw-service.ts. State lives in the `sorteos` row; every step an administrator takes (start, public value, each
 * confirmation, annulment, end) is an entry of the audit chain, and every look at an unconfirmed draw is
 * recorded for the acta.
 */

/** One audit entry of a raffle (`sorteo:<id>` in the chain that `npm run auditoria:verificar` checks). */
export function audit(
  tx: Transaction<DB>,
  id: string,
  actor: SessionActor,
  now: string,
  accion: AuditAction,
  cambios: Changes,
) {
  return appendAudit(tx, {
    fecha: now,
    usuario: actor.username,
    accion,
    inscripto_id: `sorteo:${id}`,
    cambios,
  });
}

export interface StartInput {
  fuenteValorPublico: TFuenteValorPublico;
  plazasNenas?: number | undefined;
  plazasVarones?: number | undefined;
  confirmarNuevo?: boolean | undefined;
  motivoDuplicados?: string | undefined;
}

/**
 * One raffle per cycle: refused while one runs or once the cycle's raffle was finalised; after an annulment
 * a new one needs `confirmarNuevo` (the screen shows the annulment's reason first).
 */
async function assertMayStart(ctx: AppContext, cicloId: string, input: StartInput): Promise<void> {
  if (await repo.findActive(ctx.db)) throw new AppError('CONFLICT', SORTEO_MSG.yaActivo);
  const previous = await repo.listOfCiclo(ctx.db, cicloId);
  const finalised = previous.find((h) => h.estado === 'archivado');
  if (finalised) {
    throw new AppError(
      'CONFLICT',
      SORTEO_MSG.yaRealizado(fechaHoraTexto(finalised.archivado_en ?? finalised.actualizado_en)),
    );
  }
  const annulled = previous.at(-1);
  if (annulled && !input.confirmarNuevo) {
    throw new AppError(
      'CONFIRMATION_REQUIRED',
      SORTEO_MSG.confirmarNuevo(
        fechaHoraTexto(annulled.archivado_en ?? annulled.actualizado_en),
        annulled.motivo_anulacion ?? '',
      ),
    );
  }
}

/**
 * Each member's public `huella`, frozen with the list: keyed by its number's status code
 * (docs/decisions/0020), made now for the families that have none yet. A code the server can no longer read (its
 * secret changed) keys the huella with a random key nobody keeps: still uninvertible, and the family sees its
 * huella on /estado.
 */
async function conHuellas(ctx: AppContext, cicloId: string, units: TUnidad[], sal: string, creadoPor: string) {
  const canonical = canonicalUnits(units);
  const codigos = await codigosDeLosNumeros(
    ctx,
    cicloId,
    canonical.map((u) => u.numero),
    creadoPor,
  );
  return canonical.map((u) => {
    const codigo = codigos.get(u.numero) ?? randomBytes(16).toString('hex');
    return { ...u, miembros: u.miembros.map((m, i) => ({ ...m, huella: huellaFamilia(codigo, sal, u.numero, i) })) };
  });
}

/**
 * Freezes the participants (the current cycle's finalised enrolments now), draws the secret seed and the
 * public list's salt, and publishes the seed's commitment and the public list's hash.
 */
export async function start(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, input: StartInput) {
  requirePermission(actor, 'sorteo:operar');
  const now = ctx.clock().toISOString();
  // A drand round already out (or far away) at the start could be chosen (0027).
  const fuenteError = fuenteErrorAlIniciar(input.fuenteValorPublico, now);
  if (fuenteError) throw new AppError('VALIDATION', fuenteError);
  const ciclo = await cicloActualAbierto(ctx.db);
  // A year the network assigns with one raffle of its own (0039): no school draws by itself.
  if ((await modoDelAnio(ctx.red.db, ciclo.anio_ingreso)) === 'red') {
    throw new AppError('CONFLICT', ASIGNACION_API_MSG.cicloEnRed(ciclo.anio_ingreso));
  }
  await assertMayStart(ctx, ciclo.id, input);
  // One child, one ticket: the draw waits for open possible duplicates, unless a reason is written.
  const duplicadosAbiertos = (await gruposAbiertos(ctx.db)).length;
  if (duplicadosAbiertos > 0 && !input.motivoDuplicados) {
    throw new AppError('CONFLICT', DUPLICADO_MSG.sorteoBloqueado(duplicadosAbiertos));
  }
  const motivoDuplicados = duplicadosAbiertos > 0 ? input.motivoDuplicados!.normalize('NFC') : null;
  const plazas = {
    nenas: input.plazasNenas ?? ciclo.plazas_nenas,
    varones: input.plazasVarones ?? ciclo.plazas_varones,
  };
  const sinHuellas = await unitsNow(ctx, ciclo.id);
  if (!sinHuellas.length) throw new AppError('CONFLICT', SORTEO_MSG.sinParticipantes);
  const semilla = rt.newSeed().toString('hex');
  const sal = rt.newSeed().toString('hex');
  const units = await conHuellas(ctx, ciclo.id, sinHuellas, sal, actor.username);
  const participantes = canonicalJson(units);
  const participantesHash = sha256Hex(participantes);
  const publicHash = listaPublicaHash(listaPublica(units, plazas, sal));
  const compromiso = commitment(semilla);
  const stats = estadisticas(units);
  const id = newId();
  const row = {
    id,
    ciclo_id: ciclo.id,
    estado: 'activo' as const,
    operador: actor.username,
    operador_nombre: actor.nombre,
    creado_en: now,
    anio: ciclo.anio_ingreso,
    plazas_nenas: plazas.nenas,
    plazas_varones: plazas.varones,
    participantes_hash: participantesHash,
    estadisticas: JSON.stringify(stats),
    total: units.length,
    semilla: sellarSemilla(ctx.claveSemillas, semilla, id),
    compromiso,
    valor_publico: '',
    con_plan: 0,
    indice: 0,
    actualizado_en: now,
    archivado_en: null,
    archivado_por: null,
    archivado_por_nombre: null,
    version: 1,
    motivo_duplicados: motivoDuplicados,
    sal,
    lista_publica_hash: publicHash,
    fuente_valor_publico: JSON.stringify(input.fuenteValorPublico),
    valores_ingresados: '[]',
  };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insert(tx, row, participantes);
      await audit(tx, id, actor, now, 'crear', {
        estado: { despues: 'activo' },
        compromiso: { despues: compromiso },
        participantesHash: { despues: publicHash },
        plazas: { despues: plazas },
        fuenteValorPublico: { despues: input.fuenteValorPublico },
        ...(motivoDuplicados
          ? { motivoDuplicados: { despues: motivoDuplicados }, duplicadosAbiertos: { despues: duplicadosAbiertos } }
          : {}),
      });
    });
  } catch (e) {
    // Another administrator (or instance) started one a moment ago: the partial unique index refused this.
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', SORTEO_MSG.yaActivo);
    throw e;
  }
  remember(rt, id, units, null);
  rt.events.changed();
  return { estadisticas: stats, id, plazas, compromiso, participantesHash: publicHash, total: units.length };
}

/**
 * The value said aloud in the room and where it came from, reduced to its one canonical form in the declared
 * source (0027: a spelling is no lever). It can be corrected until the first draw; every value entered is kept.
 */
export async function setValorPublico(
  ctx: AppContext,
  rt: SorteoRuntime,
  actor: SessionActor,
  input: { valor: string; origen: string },
) {
  requirePermission(actor, 'sorteo:operar');
  // Another correction may land between the read and the write: read again and retry (the row's version).
  for (let attempt = 0; attempt < 3; attempt++) {
    const head = await requireActive(ctx);
    if (head.con_plan === 1) throw new AppError('CONFLICT', SORTEO_MSG.valorPublicoCerrado);
    const fuente = fuenteDe(head);
    const typed = input.valor.normalize('NFC');
    const canonical = fuente ? canonicalizarValor(fuente, typed) : { ok: true as const, valor: typed };
    if (!canonical.ok) throw new AppError('VALIDATION', canonical.message);
    const origen = input.origen.normalize('NFC');
    const now = ctx.clock().toISOString();
    const entry = { valor: typed, canonico: canonical.valor, origen, en: now, usuario: actor.username };
    const valoresIngresados = JSON.stringify([...valoresDe(head), entry]);
    const saved = await ctx.db.transaction().execute(async (tx) => {
      const valor = { valor: canonical.valor, origen, valoresIngresados };
      if (!(await repo.setValorPublico(tx, head.id, head.version, valor, now))) return false;
      await audit(tx, head.id, actor, now, 'editar', {
        valorPublico: { antes: head.valor_publico, despues: canonical.valor },
        valorPublicoIngresado: { despues: typed },
        valorPublicoOrigen: { antes: head.valor_publico_origen, despues: origen },
      });
      return true;
    });
    if (saved) {
      rt.events.changed();
      return;
    }
  }
  const again = await repo.findActive(ctx.db);
  throw new AppError('CONFLICT', again ? SORTEO_MSG.valorPublicoCerrado : SORTEO_MSG.noActivo);
}

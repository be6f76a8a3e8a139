import { randomBytes } from 'node:crypto';
import { AppError } from '@inscripciones/shared/errors.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { azarDelSorteo } from '@inscripciones/shared/asignacion/azar.ts';
import {
  ASIGNACION_API_MSG as MSG,
  type TRedSorteoEstado,
  type TRedSorteoNext,
  type TRedSorteoStart,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import { fromHex, sha256Hex } from '@inscripciones/shared/sorteo/sha256.ts';
import { fuenteErrorAlIniciar } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import { canonicalizarValor } from '@inscripciones/shared/sorteo/valor-canonico.ts';
import type { AppContext } from '../../domain/context.ts';
import type { PuertoRed } from '../../domain/red/puerto-red.ts';
import { maxPreferenciasDelAnio, modoDelAnio } from '../../domain/asignacion/modo-ciclo.ts';
import { fuenteDe, valoresDe } from '../../domain/sorteos/fuente-valor-publico.ts';
import * as repo from '../../data/asignacion/asignacion-repository.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { requireRed, type SessionActor } from '../../lib/authorization.ts';
import { sellarSemilla, semillaEnClaro } from '../../lib/semilla-cifrada.ts';
import { congelarLista, hashDeLista, type ListaCongelada } from './lista-congelada.ts';

/**
 * The network raffle (docs/decisions/0039), mirroring a school's (0008, 0020, 0027): start freezes and publishes
 * the list with its hash and the seed's commitment; the public value is said in the room, in its declared
 * source's canonical form, and can be corrected until the first number is shown; next shows the application at
 * the next position and confirm marks it read aloud; end reveals the seed and stores every number (one shuffle,
 * shared azar.ts). Everything in the network's database.
 */

/** The frozen list never changes once stored: parsed once per raffle (its id), the last few kept. */
const listas = new Map<string, ListaCongelada>();
export function listaDe(row: repo.RedSorteoRow): ListaCongelada {
  let lista = listas.get(row.id);
  if (!lista) {
    lista = JSON.parse(row.lista) as ListaCongelada;
    if (listas.size >= 2) listas.delete(listas.keys().next().value!);
    listas.set(row.id, lista);
  }
  return lista;
}

/** The numbers drawn, by network number; the seed comes from the row (sealed until the end). */
const azares = new Map<string, Map<number, number>>();
function azarDe(ctx: AppContext, row: repo.RedSorteoRow): Map<number, number> {
  const clave = `${row.id}|${row.valor_publico}`;
  let azar = azares.get(clave);
  if (!azar) {
    const semilla = semillaEnClaro(ctx.claveSemillas, row.semilla, row.id);
    if (semilla === null) throw new AppError('CONFLICT', MSG.sinSorteo);
    azar = azarDelSorteo(
      listaDe(row).solicitudes.map((s) => s.numero),
      semilla,
      row.valor_publico,
    );
    azares.clear(); // one raffle at a time
    azares.set(clave, azar);
  }
  return azar;
}

function vista(row: repo.RedSorteoRow): TRedSorteoEstado {
  const lista = listaDe(row);
  const terminado = row.estado === 'terminado';
  return {
    id: row.id,
    anio: row.anio,
    estado: row.estado,
    creadoEn: row.creado_en,
    operador: row.operador,
    total: row.total,
    escuelas: lista.escuelas.length,
    ninos: lista.solicitudes.reduce((n, s) => n + s.sexos.length, 0),
    listaHash: row.lista_hash,
    compromiso: row.compromiso,
    fuenteValorPublico: fuenteDe(row)!,
    valorPublico: row.valor_publico || null,
    valorPublicoOrigen: row.valor_publico_origen || null,
    confirmados: row.indice,
    semilla: terminado ? row.semilla : null,
    terminadoEn: row.terminado_en,
  };
}

async function activo(ctx: AppContext): Promise<repo.RedSorteoRow> {
  const row = await repo.findSorteoActivo(ctx.red.db);
  if (!row) throw new AppError('CONFLICT', MSG.sinSorteo);
  return row;
}

/** A write on the running raffle at the version read; 409 when another step landed first. */
async function escribir(ctx: AppContext, row: repo.RedSorteoRow, cambios: Parameters<typeof repo.updateSorteo>[3]) {
  if (!(await repo.updateSorteo(ctx.red.db, row.id, row.version, cambios))) {
    throw new AppError('STALE_VERSION', MSG.sorteoActivoOtro);
  }
  return vista({ ...row, ...cambios, version: row.version + 1 } as repo.RedSorteoRow);
}

export async function estado(ctx: AppContext, actor: SessionActor, anio?: number) {
  requireRed(actor, 'leer');
  const row = anio === undefined ? await repo.findSorteoReciente(ctx.red.db) : await repo.findSorteo(ctx.red.db, anio);
  return { sorteo: row ? vista(row) : null };
}

export async function start(ctx: AppContext, red: PuertoRed, actor: SessionActor, input: TRedSorteoStart) {
  requireRed(actor, 'administrar');
  const now = ctx.clock().toISOString();
  const fuenteError = fuenteErrorAlIniciar(input.fuenteValorPublico, now);
  if (fuenteError) throw new AppError('VALIDATION', fuenteError);
  if ((await modoDelAnio(ctx.red.db, input.anio)) !== 'red') throw new AppError('CONFLICT', MSG.noEsRed(input.anio));
  if (await repo.findSorteo(ctx.red.db, input.anio)) throw new AppError('CONFLICT', MSG.sorteoYaExiste(input.anio));
  if (await repo.findSorteoActivo(ctx.red.db)) throw new AppError('CONFLICT', MSG.sorteoActivoOtro);
  const lista = await congelarLista(red, input.anio, await maxPreferenciasDelAnio(ctx.red.db, input.anio));
  if (lista.solicitudes.length === 0) throw new AppError('CONFLICT', MSG.sinPostulaciones(input.anio));
  const id = newId();
  const semilla = randomBytes(32).toString('hex');
  const row: repo.RedSorteoRow = {
    id,
    anio: input.anio,
    estado: 'activo',
    operador: actor.username,
    creado_en: now,
    lista: JSON.stringify(lista),
    lista_hash: hashDeLista(lista),
    total: lista.solicitudes.length,
    semilla: sellarSemilla(ctx.claveSemillas, semilla, id),
    compromiso: sha256Hex(fromHex(semilla)),
    fuente_valor_publico: JSON.stringify(input.fuenteValorPublico),
    valor_publico: '',
    valor_publico_origen: '',
    valores_ingresados: '[]',
    con_plan: 0,
    indice: 0,
    azar: null,
    terminado_en: null,
    actualizado_en: now,
    version: 1,
  };
  try {
    await repo.insertSorteo(ctx.red.db, row);
  } catch (e) {
    // Another administrator started this year's a moment ago: the unique year refused this one.
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', MSG.sorteoYaExiste(input.anio));
    throw e;
  }
  return vista(row);
}

export async function setValorPublico(ctx: AppContext, actor: SessionActor, input: { valor: string; origen: string }) {
  requireRed(actor, 'administrar');
  const row = await activo(ctx);
  if (row.con_plan === 1) throw new AppError('CONFLICT', MSG.valorCerrado);
  const typed = input.valor.normalize('NFC');
  const canonico = canonicalizarValor(fuenteDe(row)!, typed);
  if (!canonico.ok) throw new AppError('VALIDATION', canonico.message);
  const origen = input.origen.normalize('NFC');
  const now = ctx.clock().toISOString();
  const entrada = { valor: typed, canonico: canonico.valor, origen, en: now, usuario: actor.username };
  return escribir(ctx, row, {
    valor_publico: canonico.valor,
    valor_publico_origen: origen,
    valores_ingresados: JSON.stringify([...valoresDe(row), entrada]),
    actualizado_en: now,
  });
}

/** The application at the next position; the first one fixes the public value. */
export async function next(ctx: AppContext, actor: SessionActor): Promise<TRedSorteoNext> {
  requireRed(actor, 'administrar');
  let row = await activo(ctx);
  if (!row.valor_publico) throw new AppError('CONFLICT', MSG.sinValorPublico);
  if (row.con_plan === 0) {
    await escribir(ctx, row, { con_plan: 1, actualizado_en: ctx.clock().toISOString() });
    row = { ...row, con_plan: 1, version: row.version + 1 };
  }
  const posicion = row.indice + 1;
  const base = { confirmados: row.indice, total: row.total };
  if (posicion > row.total) return { azar: null, numero: null, iniciales: [], preferencias: [], ...base };
  const numero = [...azarDe(ctx, row)].find(([, azar]) => azar === posicion)![0];
  const lista = listaDe(row);
  return {
    azar: posicion,
    numero,
    iniciales: lista.iniciales[numero] ?? [],
    preferencias: lista.solicitudes[numero - 1]!.preferencias.slice(),
    ...base,
  };
}

/** Marks the position shown as read aloud; the same position again (a double click) changes nothing. */
export async function confirm(ctx: AppContext, actor: SessionActor, azar: number) {
  requireRed(actor, 'administrar');
  const row = await activo(ctx);
  if (azar <= row.indice) return vista(row);
  if (row.con_plan !== 1 || azar !== row.indice + 1 || azar > row.total) {
    throw new AppError('CONFLICT', MSG.confirmarOtro(Math.min(row.indice + 1, row.total)));
  }
  return escribir(ctx, row, { indice: azar, actualizado_en: ctx.clock().toISOString() });
}

/** Reveals the seed and stores every number: the positions not read aloud follow from the same draw. */
export async function end(ctx: AppContext, actor: SessionActor) {
  requireRed(actor, 'administrar');
  const row = await activo(ctx);
  if (!row.valor_publico) throw new AppError('CONFLICT', MSG.sinValorPublico);
  const semilla = semillaEnClaro(ctx.claveSemillas, row.semilla, row.id);
  if (semilla === null) throw new AppError('CONFLICT', MSG.sinSorteo);
  const now = ctx.clock().toISOString();
  return escribir(ctx, row, {
    estado: 'terminado',
    con_plan: 1,
    semilla,
    azar: JSON.stringify([...azarDe(ctx, row)]),
    terminado_en: now,
    actualizado_en: now,
  });
}

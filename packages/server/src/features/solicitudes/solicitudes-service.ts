import crypto from 'node:crypto';
import { AppError } from '@inscripciones/shared/errors.ts';
import { normalizarDestino } from '@inscripciones/shared/avisos/destino.ts';
import { normalizarCodigo } from '@inscripciones/shared/estado/estado-schema.ts';
import { stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import { withoutHidden } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { VALIDATION_MSG } from '@inscripciones/shared/messages.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import {
  canalDeContacto,
  type TSolicitud,
  type TSolicitudCrear,
  type TSolicitudCreada,
  type TSolicitudGuardar,
} from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { huellaDestino } from '../../domain/avisos/baja-token.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import * as repo from '../../data/solicitudes/solicitudes-repository.ts';
import { codigoCoincide, hashCodigo, nuevoCodigo } from '../../lib/codigos.ts';
import { contar, limiteAlcanzado, SOLICITUD_LIMITES, type SolicitudLimites } from './limites.ts';
import { finalizadaComo } from './finalizada.ts';
import { findCiclo } from '../../data/ciclos/ciclos-repository.ts';
import { assertPreferencias } from '../../domain/asignacion/preferencias.ts';
import { preferenciasColumna, preferenciasDe } from '@inscripciones/shared/escuelas/preferencias.ts';

/**
 * The families' online application (docs/decisions/0035). Every answer about an application needs its id and
 * its code; a wrong id, a wrong or missing code and an expired draft give the same 404 after the same work.
 */

/** Compared against when the id names no application, so both failures take the same work. */
const SIN_SOLICITUD = hashCodigo('');

const noEncontrada = () => new AppError('NOT_FOUND', SOLICITUD_TEXTOS.noEncontrada);

const vence = (now: Date, limites: SolicitudLimites) =>
  new Date(now.getTime() + limites.vigenciaBorradorMs).toISOString();

export async function crear(
  ctx: AppContext,
  ip: string,
  body: TSolicitudCrear,
  limites: SolicitudLimites = SOLICITUD_LIMITES,
): Promise<TSolicitudCreada> {
  const porDireccion = await contar(
    ctx,
    `solicitud:ip:${ip}`,
    limites.creacionVentanaMs,
    limites.creacionesPorIp,
    SOLICITUD_TEXTOS.demasiadas,
  );
  const now = ctx.clock();
  const iso = now.toISOString();
  // Expired drafts go as new ones arrive (with their documents): no scheduler needed, and a GET only reads.
  await repo.deleteExpiredDrafts(ctx.db, iso);
  const canal = canalDeContacto(body.contacto);
  const contacto = normalizarDestino(canal, body.contacto);
  const huella = huellaDestino(ctx.avisos.claves, canal, contacto);
  if ((await repo.countDraftsOfContact(ctx.db, huella, iso)) >= limites.borradoresPorContacto) {
    // The answer the address's limit would give now (words, minutes, Retry-After): it does not single out the
    // contact, so nobody learns that it has drafts.
    throw limiteAlcanzado(now, porDireccion.resetAt, SOLICITUD_TEXTOS.demasiadas);
  }
  const ciclo = await findActual(ctx.db);
  const id = crypto.randomUUID();
  const codigo = nuevoCodigo();
  await repo.insertSolicitud(ctx.db, {
    id,
    ciclo_id: ciclo.id,
    codigo_hash: hashCodigo(codigo),
    contacto_canal: canal,
    contacto,
    contacto_huella: huella,
    estado: 'borrador',
    datos: '{}',
    version: 1,
    creado_en: iso,
    actualizado_en: iso,
    vence_en: vence(now, limites),
    enviada_en: null,
    nota: null,
    inscripto_id: null,
    verificada_por: null,
    verificada_en: null,
    preferencias: null,
  });
  return { id, codigo };
}

/** The application when the code is its own and it has not expired; the same 404 otherwise. */
export async function abrir(ctx: AppContext, id: string, codigo: string | undefined): Promise<repo.SolicitudRow> {
  const row = await repo.findSolicitud(ctx.db, id);
  const coincide = codigoCoincide(normalizarCodigo(codigo ?? ''), row?.codigo_hash ?? SIN_SOLICITUD);
  if (!row || !coincide || !codigo) throw noEncontrada();
  if (esEditable(row) && row.vence_en !== null && row.vence_en <= ctx.clock().toISOString()) {
    throw noEncontrada();
  }
  return row;
}

/** A draft, or an application the school returned: the family may change it and send it (again). */
export const esEditable = (row: repo.SolicitudRow): boolean =>
  (repo.EDITABLES as readonly string[]).includes(row.estado);

export const datosDe = (row: repo.SolicitudRow): TInscriptoData => JSON.parse(row.datos) as TInscriptoData;

export async function vista(ctx: AppContext, row: repo.SolicitudRow): Promise<TSolicitud> {
  const documentos = await repo.listDocumentos(ctx.db, row.id);
  return {
    ...(await finalizadaComo(ctx, row)),
    nota: row.estado === 'devuelta' ? row.nota : null,
    id: row.id,
    estado: row.estado,
    contacto: row.contacto,
    datos: datosDe(row),
    preferencias: preferenciasDe(row.preferencias),
    documentos: documentos.map((d) => ({
      id: d.id,
      clase: d.clase,
      tipo: d.tipo,
      bytes: d.bytes,
      subidoEn: d.subido_en,
    })),
    version: row.version,
    venceEn: row.vence_en,
    enviadaEn: row.enviada_en,
  };
}

export async function leer(ctx: AppContext, id: string, codigo: string | undefined): Promise<TSolicitud> {
  return vista(ctx, await abrir(ctx, id, codigo));
}

/** 400 listing the rule errors (CI format, birth-date window, year ranges), as staff entry words them. */
function assertReglas(ctx: AppContext, datos: TInscriptoData) {
  const errors = ruleErrors(datos, ctx.clock());
  if (errors.length) {
    throw new AppError('VALIDATION', `${VALIDATION_MSG.summary}: ${errors.map((e) => e.message).join('; ')}`, errors);
  }
}

/** What the family may write: the form as staff entry stores it, without what only the school decides. */
function datosDeLaFamilia(body: TSolicitudGuardar): TInscriptoData {
  const { fueraDeZonaAutorizado: _soloLaEscuela, preferencias: _aparte, ...datos } = body;
  return withoutHidden(stripEmpty(datos as TInscriptoData));
}

/** Saves the draft's form (the whole document the family has so far; any part of it may be empty). */
export async function guardar(
  ctx: AppContext,
  id: string,
  codigo: string | undefined,
  body: TSolicitudGuardar,
  limites: SolicitudLimites = SOLICITUD_LIMITES,
): Promise<TSolicitud> {
  const row = await abrir(ctx, id, codigo);
  if (!esEditable(row)) throw new AppError('CONFLICT', SOLICITUD_TEXTOS.yaEnviada);
  await contar(
    ctx,
    `solicitud:guardar:${id}`,
    limites.ventanaSolicitudMs,
    limites.guardadosPorSolicitud,
    SOLICITUD_TEXTOS.demasiadosCambios,
  );
  const datos = datosDeLaFamilia(body);
  assertReglas(ctx, datos);
  const ciclo = await findCiclo(ctx.db, row.ciclo_id);
  if (ciclo) await assertPreferencias(ctx, ciclo.anio_ingreso, body.preferencias);
  const now = ctx.clock();
  const changes = {
    datos: JSON.stringify(datos),
    // Absent from the body: the stored list stays.
    ...(body.preferencias === undefined ? {} : { preferencias: preferenciasColumna(body.preferencias) }),
    actualizado_en: now.toISOString(),
    vence_en: vence(now, limites),
  };
  // Last write wins between two tabs of one family; a draft sent meanwhile refuses the save (409).
  let current: repo.SolicitudRow | undefined = row;
  for (let intento = 0; intento < 3 && current && esEditable(current); intento++) {
    if (await repo.saveDraft(ctx.db, id, current.version, changes)) {
      return vista(ctx, { ...current, ...changes, version: current.version + 1 });
    }
    current = await repo.findSolicitud(ctx.db, id);
  }
  throw new AppError('CONFLICT', SOLICITUD_TEXTOS.yaEnviada);
}

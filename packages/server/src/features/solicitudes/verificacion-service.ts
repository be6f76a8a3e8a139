import { AppError } from '@inscripciones/shared/errors.ts';
import { DOCUMENTO_EXTENSION, DOCUMENTO_MIME } from '@inscripciones/shared/solicitudes/documentos.ts';
import { VERIFICACION_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import type {
  TSolicitudDevolver,
  TSolicitudesLista,
  TSolicitudVerificacion,
} from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import type { TSolicitudEstado } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import * as repo from '../../data/solicitudes/solicitudes-repository.ts';
import { findById } from '../../data/inscriptos/inscriptos-repository.ts';
import { contextoDocumento, descifrarDocumento } from '../../lib/documentos/cifrado.ts';
import { datosDe } from './solicitudes-service.ts';
import { preferenciasDe } from '@inscripciones/shared/escuelas/preferencias.ts';
import { ESCUELA_DE_LA_INSTANCIA } from './documentos-service.ts';
import { recordAccess } from '../../domain/datos-personales/datos-personales.ts';
import { finalizadaComo } from './finalizada.ts';
import { SOLICITUD_LIMITES } from './limites.ts';

/**
 * Staff's side of the online applications (docs/decisions/0038): the list to verify, one application with its
 * documents, and returning it with a note. Administrators and volunteers of the school only; finalising lives
 * with the enrolments (features/inscriptos), since it creates one.
 */

const noEncontrada = () => new AppError('NOT_FOUND', VERIFICACION_TEXTOS.noEncontrada);

const nombreDe = (datos: Record<string, unknown>): string =>
  ['nombre1', 'nombre2', 'apellido1', 'apellido2']
    .map((k) => datos[k])
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
    .join(' ');

export async function listar(
  ctx: AppContext,
  actor: SessionActor,
  estado: TSolicitudEstado,
  ip: string,
): Promise<TSolicitudesLista> {
  requirePermission(actor, 'solicitudes:verificar');
  // A draft belongs to the family until it is sent: staff never list those.
  if (estado === 'borrador') return { items: [] };
  const rows = await repo.listByEstado(ctx.db, estado);
  const items = await Promise.all(
    rows.map(async (r) => {
      const datos = JSON.parse(r.datos) as Record<string, unknown>;
      const fin = r.estado === 'finalizada' ? await finalizadaComo(ctx, r) : null;
      return {
        id: r.id,
        estado: r.estado,
        nombre: nombreDe(datos),
        ci: typeof datos.ci === 'string' ? datos.ci : null,
        enviadaEn: r.enviada_en,
        documentos: Number(r.documentos),
        numeroInscripcion: fin?.numeroInscripcion ?? null,
      };
    }),
  );
  await recordAccess(ctx, actor, ip, { accion: 'listar', detalle: 'solicitudes en línea', cantidad: items.length });
  return { items };
}

/** A sent, returned or finalised application (never a draft: it is the family's until sent). */
async function verificable(ctx: AppContext, actor: SessionActor, id: string): Promise<repo.SolicitudRow> {
  requirePermission(actor, 'solicitudes:verificar');
  const row = await repo.findSolicitud(ctx.db, id);
  if (!row || row.estado === 'borrador') throw noEncontrada();
  return row;
}

export async function ver(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  ip: string,
): Promise<TSolicitudVerificacion> {
  const row = await verificable(ctx, actor, id);
  await recordAccess(ctx, actor, ip, { accion: 'ver', inscriptoId: row.inscripto_id, detalle: 'solicitud en línea' });
  const documentos = await repo.listDocumentos(ctx.db, id);
  const fin = await finalizadaComo(ctx, row);
  return {
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
    enviadaEn: row.enviada_en,
    nota: row.nota,
    inscriptoId: row.inscripto_id,
    numeroInscripcion: fin.numeroInscripcion,
  };
}

export interface DocumentoServido {
  bytes: Buffer;
  mime: string;
  nombre: string;
  inscriptoId: string | null;
}

/** One document in clear, for staff: decrypted under its place (school, application, document). */
export async function documento(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  docId: string,
  ip: string,
): Promise<DocumentoServido> {
  const row = await verificable(ctx, actor, id);
  const doc = await repo.findDocumento(ctx.db, docId);
  if (!doc || doc.solicitud_id !== row.id) throw new AppError('NOT_FOUND', VERIFICACION_TEXTOS.documentoNoEncontrado);
  const contexto = contextoDocumento({ escuelaId: ESCUELA_DE_LA_INSTANCIA, solicitudId: row.id, documentoId: doc.id });
  const bytes = descifrarDocumento(ctx.claveDocumentos, doc.cifrado, contexto);
  if (!bytes) throw new AppError('CONFLICT', VERIFICACION_TEXTOS.documentoIlegible);
  await recordAccess(ctx, actor, ip, {
    accion: 'ver',
    inscriptoId: row.inscripto_id,
    detalle: 'documento de solicitud en línea',
  });
  return {
    bytes,
    mime: DOCUMENTO_MIME[doc.tipo],
    nombre: `${doc.clase}.${DOCUMENTO_EXTENSION[doc.tipo]}`,
    inscriptoId: row.inscripto_id,
  };
}

/** Returns a sent application to the family with the school's note; it is a draft again, expiring as one. */
export async function devolver(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  body: TSolicitudDevolver,
  ip: string,
): Promise<TSolicitudVerificacion> {
  const row = await verificable(ctx, actor, id);
  if (row.estado !== 'enviada') throw new AppError('CONFLICT', VERIFICACION_TEXTOS.noEstaEnviada);
  if (row.version !== body.version) throw new AppError('STALE_VERSION', VERIFICACION_TEXTOS.otraVersion);
  // A finalisation under way has already created its enrolment (with this id): it is not the family's again.
  if (await findById(ctx.db, id)) throw new AppError('CONFLICT', VERIFICACION_TEXTOS.noEstaEnviada);
  const now = ctx.clock();
  const ok = await repo.markReturned(ctx.db, id, body.version, {
    nota: body.nota,
    verificada_por: actor.username,
    verificada_en: now.toISOString(),
    vence_en: new Date(now.getTime() + SOLICITUD_LIMITES.vigenciaBorradorMs).toISOString(),
  });
  if (!ok) throw new AppError('STALE_VERSION', VERIFICACION_TEXTOS.otraVersion);
  return ver(ctx, actor, id, ip);
}

import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import {
  FIELD_LABELS,
  SECTION_NUMBERS,
  SECTION_TITLES,
  sectionFields,
} from '@inscripciones/shared/inscriptos/fields.ts';
import { displayValue, siblingsText } from '@inscripciones/shared/inscriptos/display-value.ts';
import { ACCESO_ACCION_LABELS, type AccesoAccion } from '@inscripciones/shared/accesos/accesos-schema.ts';
import type { TInformeDatos } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import { INFORME_MSG } from '@inscripciones/shared/informe-datos/messages.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { findById } from '../../data/inscriptos/inscriptos-repository.ts';
import { rowToInscripto } from '../../data/inscriptos/inscripto-mapper.ts';
import { cicloParaLeer, cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import { listAuditFor } from '../../data/auditoria/audit-repository.ts';
import { accesosDeInscripto } from '../../data/accesos/accesos-repository.ts';
import { recordAccess } from '../../domain/datos-personales/datos-personales.ts';
import { eventosDeAdmision } from '../../domain/sorteos/admision.ts';

/**
 * The personal-data report of one enrolment (Ley 18.331, art. 14; docs/privacy.md), for administrators. Its
 * own access is logged before the log is read, so the report lists itself among the accesses.
 */

const SIBLING_LISTS = new Set(['hermanosInscriben', 'hermanosPrimaria']);

const ACCIONES_AUDITORIA: Record<string, string> = {
  crear: 'Creó la inscripción',
  editar: 'Guardó cambios',
  finalizar: 'Finalizó la inscripción',
  eliminar: 'Eliminó la inscripción',
  anonimizar: 'Anonimizó la inscripción al vencer el plazo de conservación',
};

const siNo = (v: boolean | undefined) => (v === undefined ? '—' : v ? 'Sí' : 'No');

function describirAcceso(accion: AccesoAccion, detalle: string | null, cantidad: number | null): string {
  if (accion === 'exportar') {
    const cuantas = cantidad === null ? '' : ` de ${cantidad} inscripciones`;
    return `Exportación masiva (${detalle ?? 'sin detalle'})${cuantas}, que pudo incluir esta inscripción`;
  }
  return `${ACCESO_ACCION_LABELS[accion]}${detalle ? ` (${detalle})` : ''}`;
}

export async function informeDatos(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  acceso: { ip: string; formato: 'json' | 'pdf' },
): Promise<TInformeDatos> {
  requirePermission(actor, 'inscriptos:informe-datos');
  const row = await findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  await recordAccess(ctx, actor, acceso.ip, { accion: 'informe', inscriptoId: id, detalle: acceso.formato });

  const ciclo = await cicloParaLeer(ctx.db, row.ciclo_id);
  const r = rowToInscripto(row, cicloRef(ciclo));
  const [auditoria, accesos, eventos] = await Promise.all([
    listAuditFor(ctx.db, id),
    accesosDeInscripto(ctx.db, id, row.created_at),
    eventosDeAdmision(ctx.db, { id, cicloId: row.ciclo_id }, ctx.clock().toISOString()),
  ]);
  const datos = r as unknown as Record<string, unknown>;
  const nombre = [r.nombre1, r.nombre2, r.apellido1, r.apellido2].filter(Boolean).join(' ');

  return {
    titulo: INFORME_MSG.titulo,
    generadoEn: ctx.clock().toISOString(),
    generadoPor: actor.username,
    finalidad: INFORME_MSG.finalidad,
    inscripto: {
      id,
      nombre: nombre || 'Sin nombre (datos anonimizados o no cargados)',
      numeroInscripcion: r.numeroInscripcion,
      ciclo: ciclo.nombre,
      anonimizadoEn: row.anonimizado_en ?? null,
    },
    registro: [
      { campo: 'numeroInscripcion', etiqueta: 'N° de inscripción', valor: r.numeroInscripcion?.toString() ?? '—' },
      { campo: 'estado', etiqueta: 'Estado', valor: r.estado === 'finalizado' ? 'Finalizada' : 'Pendiente' },
      { campo: 'ciclo', etiqueta: 'Ciclo', valor: ciclo.nombre },
      { campo: 'fechaInscripcion', etiqueta: 'Fecha de inscripción', valor: fechaHoraTexto(r.fechaInscripcion) },
      { campo: 'createdBy', etiqueta: 'Cargada por (usuario)', valor: r.createdBy.username },
      { campo: 'funcionario', etiqueta: 'Inscripción realizada por', valor: r.funcionario ?? '—' },
      { campo: 'updatedAt', etiqueta: 'Última modificación', valor: `${fechaHoraTexto(r.updatedAt)} (${r.updatedBy})` },
      { campo: 'estrato', etiqueta: 'Estrato socioeconómico (calculado)', valor: r.estrato ?? '—' },
      { campo: 'condicional', etiqueta: 'Inscripción condicional (calculada)', valor: siNo(r.condicional) },
      ...(row.anonimizado_en
        ? [{ campo: 'anonimizadoEn', etiqueta: 'Anonimizada', valor: fechaHoraTexto(row.anonimizado_en) }]
        : []),
    ],
    secciones: SECTION_NUMBERS.map((numero) => ({
      numero,
      titulo: SECTION_TITLES[numero],
      campos: sectionFields(numero)
        .filter((f) => datos[f.name] !== undefined && datos[f.name] !== null && datos[f.name] !== '')
        .map((f) => ({
          campo: f.name,
          etiqueta: f.label,
          valor: SIBLING_LISTS.has(f.name) ? siblingsText(f.name, datos[f.name]) : displayValue(f.name, datos[f.name]),
        }))
        .filter((c) => c.valor !== ''),
    })),
    historial: auditoria.map((e) => {
      const campos = Object.keys(JSON.parse(e.cambios) as Record<string, unknown>).map((c) => FIELD_LABELS[c] ?? c);
      return {
        fecha: e.fecha,
        usuario: e.usuario,
        accion: e.accion,
        descripcion: ACCIONES_AUDITORIA[e.accion] ?? e.accion,
        campos,
      };
    }),
    accesos: accesos.map((a) => ({
      fecha: a.fecha,
      usuario: a.usuario,
      accion: a.accion,
      descripcion: describirAcceso(a.accion, a.detalle, a.cantidad),
      ip: a.ip,
    })),
    eventos,
  };
}

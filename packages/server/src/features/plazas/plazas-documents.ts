import { ESTADO_LABELS, CAUSA_LABELS } from '@inscripciones/shared/plazas/messages.ts';
import { ofertaKey } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS, type TPlazas } from '@inscripciones/shared/sorteo/schemas.ts';
import type { TCambioPlazo } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { Contacto } from '../../data/inscriptos/contactos.ts';
import type { TemporadaLeida } from '../../domain/sorteos/temporada.ts';
import { estadoView, type EstadoVista } from './plazas-views.ts';
import type { Documento } from './plazas-tables.ts';

/**
 * The contents of the season's documents, made from the very view GET /api/plazas gives (estadoView): the
 * names, positions, changes and offers on paper are the API's. plazas-tables.ts draws them.
 */
export interface TemporadaVista {
  estado: EstadoVista;
  plazas: TPlazas;
  /** The deadline the season was published with, and its later changes (decision 0015). */
  plazoDias: number;
  plazos: readonly TCambioPlazo[];
}

export function temporadaVista(leida: TemporadaLeida): TemporadaVista {
  const { temporada: t, publicacion } = leida;
  return {
    estado: estadoView(leida),
    plazas: t.pub.plazas,
    plazoDias: publicacion.plazoDias,
    plazos: publicacion.plazos ?? [],
  };
}

function datos(v: TemporadaVista, now: string): string[] {
  const { sorteo } = v.estado;
  // A change of the deadline days applies to the offers made from then on (decision 0015).
  const cambios = v.plazos.map((p) => `; ${p.dias} días desde el ${fechaHoraTexto(p.desde)}`);
  return [
    `Sorteo de ingresos ${sorteo.anio} · finalizado el ${fechaHoraTexto(sorteo.publicadoEn)}`,
    `Plazas: nenas ${v.plazas.nenas}, varones ${v.plazas.varones} · plazo de cada oferta: ` +
      `${v.plazoDias} días${cambios.join('')}`,
    `Emitido el ${fechaHoraTexto(now)}`,
  ];
}

/** "Adenda al acta": every change after the raffle, in order, with its time, who recorded it and why. */
export function adenda(v: TemporadaVista, now: string): Documento {
  const filas = v.estado.historial
    .filter((c) => c.causa !== 'sorteo')
    .map((c) => {
      const oferta = v.estado.ofertas.find((o) => o.numeroInscripcion === c.numeroInscripcion);
      const cambio =
        c.estado === 'ofrecida' && oferta
          ? `Ofrecida (${CAUSA_LABELS[c.causa].toLowerCase()}), vence el ${fechaHoraTexto(oferta.vence)}`
          : ESTADO_LABELS[c.estado];
      return [
        fechaHoraTexto(c.en),
        padNumero(c.numeroInscripcion),
        c.nombreCompleto,
        LISTA_LABELS[c.lista],
        cambio,
        c.registradoPor !== undefined ? `${c.registradoPor} (${c.registradoPorUsuario})` : CAUSA_LABELS[c.causa],
        c.motivo ?? '',
      ];
    });
  return {
    titulo: 'Adenda al acta',
    datos: datos(v, now),
    tablas: [
      {
        titulo: 'Cambios después del sorteo',
        columnas: [
          { header: 'Fecha y hora', width: 16 },
          { header: 'N°', width: 6 },
          { header: 'Niño o niña', width: 24 },
          { header: 'Lista', width: 9 },
          { header: 'Cambio', width: 22 },
          { header: 'Registró', width: 20 },
          { header: 'Motivo', width: 24 },
        ],
        filas,
      },
    ],
  };
}

/**
 * "Nómina de ingresos": the accepted children per list, with the adult's contact from the enrolment
 * (`contactos`, by ofertaKey: contactosAceptados).
 */
export function nomina(v: TemporadaVista, contactos: Map<string, Contacto>, now: string): Documento {
  return {
    titulo: 'Nómina de ingresos',
    datos: datos(v, now),
    tablas: LISTAS.map((lista) => ({
      titulo: `Ingresos ${LISTA_LABELS[lista].toLowerCase()}`,
      columnas: [
        { header: 'N°', width: 8 },
        { header: 'Niño o niña', width: 34 },
        { header: 'Adulto responsable', width: 30 },
        { header: 'Teléfonos', width: 28 },
      ],
      filas: v.estado.ofertas
        .filter((o) => o.lista === lista && o.estado === 'aceptada')
        .map((o) => {
          const c = contactos.get(ofertaKey(o.numeroInscripcion, o.miembro));
          return [padNumero(o.numeroInscripcion), o.nombreCompleto, c?.inscriptor ?? '', c?.telefonos ?? ''];
        }),
    })),
  };
}

/** The enrolments whose contact the roster needs. */
export function inscriptosAceptados(leida: TemporadaLeida): string[] {
  const ids = new Set<string>();
  for (const o of leida.estado.ofertas) {
    if (!o.miembros.some((m) => m.estado === 'aceptada')) continue;
    for (const m of leida.temporada.byNumero.get(o.numero)?.miembros ?? []) if (m.inscriptoId) ids.add(m.inscriptoId);
  }
  return [...ids];
}

/** Each accepted child's contact, by ofertaKey: from their own enrolment, or a listed sibling's. */
export function contactosAceptados(leida: TemporadaLeida, contactos: Map<string, Contacto>): Map<string, Contacto> {
  const out = new Map<string, Contacto>();
  for (const o of leida.estado.ofertas) {
    const unit = leida.temporada.byNumero.get(o.numero);
    for (const m of o.miembros) {
      if (m.estado !== 'aceptada') continue;
      // A listed sibling without a record of their own: the family's contact is on a sibling's record.
      const id = unit?.miembros[m.miembro]?.inscriptoId ?? unit?.miembros.find((x) => x.inscriptoId)?.inscriptoId;
      const c = id ? contactos.get(id) : undefined;
      if (c) out.set(ofertaKey(o.numero, m.miembro), c);
    }
  }
  return out;
}

/** The suplentes waiting now, per list, with their current and published positions. */
export function suplentes(v: TemporadaVista, now: string): Documento {
  return {
    titulo: 'Suplentes actuales',
    datos: datos(v, now),
    tablas: LISTAS.map((lista) => ({
      titulo: `Suplentes ${LISTA_LABELS[lista].toLowerCase()}`,
      columnas: [
        { header: 'Posición actual', width: 12 },
        { header: 'Posición en el sorteo', width: 14 },
        { header: 'N°', width: 8 },
        { header: 'Niño o niña', width: 40 },
      ],
      filas: v.estado.cola[lista].map((c) => [
        String(c.posicionActual),
        String(c.posicionPublicada),
        padNumero(c.numeroInscripcion),
        c.nombreCompleto,
      ]),
    })),
  };
}

import { ESTADO_LABELS, CAUSA_LABELS } from '@inscripciones/shared/plazas/messages.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';
import type { Contacto } from '../../data/inscriptos/contactos.ts';
import type { TemporadaLeida } from '../../domain/sorteos/temporada.ts';
import type { Documento } from './plazas-tables.ts';

/** The contents of the season's documents; plazas-tables.ts draws them. */

function datos(leida: TemporadaLeida, now: string): string[] {
  const { temporada: t, publicacion } = leida;
  // A change of the deadline days applies to the offers made from then on (decision 0015).
  const cambios = (publicacion.plazos ?? []).map((p) => `; ${p.dias} días desde el ${fechaHoraTexto(p.desde)}`);
  return [
    `Sorteo de ingresos ${t.pub.anio} · finalizado el ${fechaHoraTexto(publicacion.publicadoEn)}`,
    `Plazas: nenas ${t.pub.plazas.nenas}, varones ${t.pub.plazas.varones} · plazo de cada oferta: ` +
      `${publicacion.plazoDias} días${cambios.join('')}`,
    `Emitido el ${fechaHoraTexto(now)}`,
  ];
}

const nombre = (leida: TemporadaLeida, numero: number, miembro: number) =>
  leida.temporada.byNumero.get(numero)?.miembros[miembro]?.nombreCompleto ?? '';

/** "Adenda al acta": every change after the raffle, in order, with its time, who recorded it and why. */
export function adenda(leida: TemporadaLeida, now: string): Documento {
  const filas = leida.estado.historial
    .filter((c) => c.causa !== 'sorteo')
    .map((c) => {
      const evento = c.evento === undefined ? undefined : leida.eventos[c.evento];
      const oferta = leida.estado.ofertas.find((o) => o.numero === c.numero);
      const cambio =
        c.estado === 'ofrecida' && oferta
          ? `Ofrecida (${CAUSA_LABELS[c.causa].toLowerCase()}), vence el ${fechaHoraTexto(oferta.vence)}`
          : ESTADO_LABELS[c.estado];
      return [
        fechaHoraTexto(c.en),
        padNumero(c.numero),
        nombre(leida, c.numero, c.miembro),
        LISTA_LABELS[c.lista],
        cambio,
        evento ? `${evento.usuario_nombre} (${evento.usuario})` : CAUSA_LABELS[c.causa],
        c.motivo ?? '',
      ];
    });
  return {
    titulo: 'Adenda al acta',
    datos: datos(leida, now),
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

/** "Nómina de ingresos": the accepted children per list, with the adult's contact from the enrolment. */
export function nomina(leida: TemporadaLeida, contactos: Map<string, Contacto>, now: string): Documento {
  const contactoDe = (numero: number, miembro: number): Contacto | undefined => {
    const unit = leida.temporada.byNumero.get(numero);
    const own = unit?.miembros[miembro]?.inscriptoId;
    // A listed sibling without a record of their own: the family's contact is on a sibling's record.
    const id = own ?? unit?.miembros.find((m) => m.inscriptoId)?.inscriptoId;
    return id ? contactos.get(id) : undefined;
  };
  return {
    titulo: 'Nómina de ingresos',
    datos: datos(leida, now),
    tablas: LISTAS.map((lista) => ({
      titulo: `Ingresos ${LISTA_LABELS[lista].toLowerCase()}`,
      columnas: [
        { header: 'N°', width: 8 },
        { header: 'Niño o niña', width: 34 },
        { header: 'Adulto responsable', width: 30 },
        { header: 'Teléfonos', width: 28 },
      ],
      filas: leida.estado.ofertas.flatMap((o) =>
        o.miembros
          .filter((m) => m.lista === lista && m.estado === 'aceptada')
          .map((m) => {
            const c = contactoDe(o.numero, m.miembro);
            return [padNumero(o.numero), nombre(leida, o.numero, m.miembro), c?.inscriptor ?? '', c?.telefonos ?? ''];
          }),
      ),
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

/** The suplentes waiting now, per list, with their current and published positions. */
export function suplentes(leida: TemporadaLeida, now: string): Documento {
  return {
    titulo: 'Suplentes actuales',
    datos: datos(leida, now),
    tablas: LISTAS.map((lista) => ({
      titulo: `Suplentes ${LISTA_LABELS[lista].toLowerCase()}`,
      columnas: [
        { header: 'Posición actual', width: 12 },
        { header: 'Posición en el sorteo', width: 14 },
        { header: 'N°', width: 8 },
        { header: 'Niño o niña', width: 40 },
      ],
      filas: leida.estado.cola[lista].map((c) => [
        String(c.posicionActual),
        String(c.posicionPublicada),
        padNumero(c.numero),
        nombre(leida, c.numero, c.miembro),
      ]),
    })),
  };
}

import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import {
  type TCambio,
  type TEstadoPlaza,
  type TPlazaOferta,
  type TPlazasEstado,
  type TPlazasTablero,
  type TOfertaPublica,
  type TPasoA,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TCambioPlaza } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import { LISTAS, type TLista } from '@inscripciones/shared/sorteo/schemas.ts';
import { ofertaKey, ofertasPorNino } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { lectorPublico } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import type { Actor } from '@inscripciones/shared/permissions.ts';
import { plazoVigente, type TemporadaLeida } from '../../domain/sorteos/temporada.ts';

/** The API's views of the roll-up's state: names from the frozen units, ids from the stored offers. */

function nombre(leida: TemporadaLeida, numero: number, miembro: number): string {
  return leida.temporada.byNumero.get(numero)?.miembros[miembro]?.nombreCompleto ?? '';
}

function ofertas(leida: TemporadaLeida): TPlazaOferta[] {
  const ids = new Map(leida.ofertas.map((o) => [ofertaKey(Number(o.numero), Number(o.miembro)), o.id]));
  return ofertasPorNino(leida.estado).map(({ oferta, miembro, key }) => ({
    id: ids.get(key)!,
    numeroInscripcion: oferta.numero,
    miembro: miembro.miembro,
    nombreCompleto: nombre(leida, oferta.numero, miembro.miembro),
    lista: miembro.lista,
    estado: miembro.estado as TEstadoPlaza,
    origen: oferta.origen,
    ofrecidaEn: oferta.ofrecidaEn,
    vence: oferta.vence,
    integrantes: oferta.miembros.length,
  }));
}

/** GET /api/plazas without the cycles, of a season that exists: its raffle is known. */
export type EstadoVista = Omit<TPlazasEstado, 'ciclo' | 'ciclos' | 'sorteo'> & {
  sorteo: NonNullable<TPlazasEstado['sorteo']>;
};

export function estadoView(leida: TemporadaLeida): EstadoVista {
  const { temporada: t, estado, eventos } = leida;
  const cola = (lista: TLista) =>
    estado.cola[lista].map((c) => ({
      numeroInscripcion: c.numero,
      miembro: c.miembro,
      nombreCompleto: nombre(leida, c.numero, c.miembro),
      posicionPublicada: c.posicionPublicada,
      posicionActual: c.posicionActual,
    }));
  const historial: TCambio[] = estado.historial.map((c) => {
    const evento = c.evento === undefined ? undefined : eventos[c.evento];
    return {
      en: c.en,
      numeroInscripcion: c.numero,
      miembro: c.miembro,
      nombreCompleto: nombre(leida, c.numero, c.miembro),
      lista: c.lista,
      estado: c.estado,
      causa: c.causa,
      ...(c.motivo ? { motivo: c.motivo } : {}),
      ...(evento ? { registradoPor: evento.usuario_nombre, registradoPorUsuario: evento.usuario } : {}),
    };
  });
  return {
    sorteo: {
      id: t.pub.id,
      anio: t.pub.anio,
      publicadoEn: t.publicacion.publicadoEn,
      plazoDias: plazoVigente(leida.publicacion),
    },
    en: estado.en,
    listas: estado.listas,
    ofertas: ofertas(leida),
    cola: { nenas: cola('nenas'), varones: cola('varones') },
    historial,
  };
}

/** The offers among `cambios` (an answer's changes), with the child's name, list and deadline. */
export function pasoAView(leida: TemporadaLeida, cambios: readonly TCambioPlaza[]): TPasoA[] {
  return cambios
    .filter((c) => c.estado === 'ofrecida')
    .map((c) => ({
      numeroInscripcion: c.numero,
      miembro: c.miembro,
      nombreCompleto: nombre(leida, c.numero, c.miembro),
      lista: c.lista,
      vence: leida.estado.ofertas.find((o) => o.numero === c.numero)?.vence ?? c.en,
    }));
}

export function ofertaView(leida: TemporadaLeida, id: string): TPlazaOferta {
  const found = ofertas(leida).find((o) => o.id === id);
  if (!found) throw new AppError('NOT_FOUND', PLAZA_MSG.ofertaNoEncontrada);
  return found;
}

/** Each offer's last change after it was made (the answer, or the expiry at its deadline). */
function historialPublico(leida: TemporadaLeida, list: TPlazaOferta[]): TOfertaPublica[] {
  const ultimo = new Map<string, TCambioPlaza>();
  for (const c of leida.estado.historial) {
    if (c.estado !== 'ofrecida') ultimo.set(ofertaKey(c.numero, c.miembro), c);
  }
  return list
    .map((o) => {
      const c = ultimo.get(ofertaKey(o.numeroInscripcion, o.miembro));
      const { estado } = o;
      return {
        numeroInscripcion: o.numeroInscripcion,
        iniciales: iniciales(o.nombreCompleto),
        lista: o.lista,
        origen: o.origen,
        ofrecidaEn: o.ofrecidaEn,
        vence: o.vence,
        estado,
        respondida:
          c && estado !== 'ofrecida'
            ? { en: c.en, estado, causa: c.causa === 'plazo' ? ('plazo' as const) : ('respuesta' as const) }
            : null,
      };
    })
    .sort((a, b) => a.ofrecidaEn.localeCompare(b.ofrecidaEn));
}

/**
 * The public board: who holds a place (and who accepted), the queue, the free places; number and initials only
 * (nothing public gives a child's full name).
 */
export function tableroView(leida: TemporadaLeida | null): TPlazasTablero {
  const shown = iniciales;
  const empty = { libres: 0, titulares: [], suplentes: [] };
  if (!leida) {
    return {
      activo: false,
      anio: null,
      sorteoId: null,
      ofertas: [],
      libres: 0,
      listas: { nenas: empty, varones: empty },
    };
  }
  const list = ofertas(leida);
  const porLista = (lista: TLista) => ({
    libres: leida.estado.listas[lista].libres,
    titulares: list
      .filter((o) => o.lista === lista && (o.estado === 'ofrecida' || o.estado === 'aceptada'))
      .map((o) => ({
        numeroInscripcion: o.numeroInscripcion,
        nombreCompleto: shown(o.nombreCompleto),
        estado: o.estado,
      })),
    suplentes: leida.estado.cola[lista].map((c) => ({
      numeroInscripcion: c.numero,
      nombreCompleto: shown(nombre(leida, c.numero, c.miembro)),
      posicion: c.posicionActual,
    })),
  });
  return {
    activo: true,
    anio: leida.temporada.pub.anio,
    sorteoId: leida.temporada.pub.id,
    ofertas: historialPublico(leida, list),
    libres: LISTAS.reduce((n, l) => n + leida.estado.listas[l].libres, 0),
    listas: { nenas: porLista('nenas'), varones: porLista('varones') },
  };
}

/**
 * The Plazas screen as the guest reads it: the guest is the public (docs/decisions/0016), so children by initials,
 * and neither the reasons staff typed (they may name a family) nor who recorded an answer.
 */
export function estadoParaLector<E extends Omit<TPlazasEstado, 'ciclo' | 'ciclos'>>(actor: Actor, estado: E): E {
  if (!lectorPublico(actor)) return estado;
  const ini = <T extends { nombreCompleto: string }>(x: T): T => ({
    ...x,
    nombreCompleto: iniciales(x.nombreCompleto),
  });
  return {
    ...estado,
    ofertas: estado.ofertas.map(ini),
    cola: { nenas: estado.cola.nenas.map(ini), varones: estado.cola.varones.map(ini) },
    historial: estado.historial.map(
      ({ motivo: _motivo, registradoPor: _quien, registradoPorUsuario: _usuario, ...c }) => ini(c),
    ),
  };
}

import {
  completarPlantilla,
  plantillasVigentes,
  TIPO_DE_PLANTILLA,
  type Plantilla,
  type TPlantillasAvisos,
} from '@inscripciones/shared/avisos/plantillas.ts';
import { destinoValido, normalizarDestino, type AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import { contenidoDesdeGuardado, contenidoPorDefecto } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { iniciales, padNumero } from '@inscripciones/shared/sorteo/format.ts';
import type { Executor } from '../../db/executor.ts';
import { parametroEscuela } from '../red/enlaces.ts';
import type { AppContext } from '../context.ts';
import {
  CLAVE_AVISOS_TEXTOS,
  CLAVE_CONTENIDO,
  findConfiguracion,
} from '../../data/configuracion/configuracion-repository.ts';
import { destinosDeAvisos } from '../../data/inscriptos/contactos.ts';
import { codigoEnTransaccion } from '../codigos-estado/codigos.ts';
import { encolarAviso } from './encolar.ts';

/**
 * Messages about a step of an enrolment (decision 0029, later note): the administrator's text for the step filled
 * with the school's name, the number, the child's initials, the deadline, the place among the suplentes and the
 * link to the status page, written to the outbox on the transaction of the change that causes it. Only to the
 * families that said yes to messages, and only to a destination a message can reach.
 */

export type ContextoAvisos = Pick<AppContext, 'claveCodigos' | 'clock' | 'avisos' | 'escuela'>;

export interface Evento {
  plantilla: Plantilla;
  cicloId: string;
  numero: number;
  /** The records of the number (a sibling group: all of them); the messages go with the first one's record. */
  inscriptoIds: readonly string[];
  /** ISO 8601: the offer's deadline. */
  vence?: string;
  /** The place among the suplentes. */
  posicion?: number;
  /** Not before (a reminder): the outbox keeps it until then. */
  enviarDesde?: Date;
}

export interface Redactor {
  /** Writes the step's messages; returns how many. */
  avisar(evento: Evento): Promise<number>;
}

function leerJson(valor: string | undefined): unknown {
  if (valor === undefined) return undefined;
  try {
    return JSON.parse(valor);
  } catch {
    return undefined;
  }
}

/** The texts in force: the stored ones over the defaults. */
export async function plantillasGuardadas(db: Executor): Promise<{ textos: TPlantillasAvisos; version: number }> {
  const row = await findConfiguracion(db, CLAVE_AVISOS_TEXTOS);
  return { textos: plantillasVigentes(leerJson(row?.valor)), version: row ? Number(row.version) : 0 };
}

/** The status page's link of a number, with its code (as the constancia's QR has it). */
async function enlaceEstado(ctx: ContextoAvisos, tx: Executor, cicloId: string, numero: number): Promise<string> {
  const codigo = await codigoEnTransaccion(ctx, tx, cicloId, numero, 'sistema');
  const query = new URLSearchParams({
    numero: String(numero),
    ...(codigo ? { codigo } : {}),
    ...parametroEscuela(ctx.escuela),
  });
  return `${ctx.avisos.publicUrl ?? ''}/estado?${query}`;
}

/** Reads the texts and the school's name once for all the messages of one transaction. */
export async function redactor(ctx: ContextoAvisos, tx: Executor): Promise<Redactor> {
  const ahora = ctx.clock();
  let leido: { textos: TPlantillasAvisos; escuela: string } | undefined;
  const textos = async () => {
    if (!leido) {
      const contenido = await findConfiguracion(tx, CLAVE_CONTENIDO);
      const escuela = contenidoDesdeGuardado(leerJson(contenido?.valor), contenidoPorDefecto(ahora)).escuelaNombre;
      leido = { textos: (await plantillasGuardadas(tx)).textos, escuela };
    }
    return leido;
  };
  return {
    async avisar(e) {
      const filas = await destinosDeAvisos(tx, e.inscriptoIds);
      const con = filas.filter((f) => f.consiente);
      if (!con.length) return 0;
      const destinos = new Map<string, { canal: AvisoCanal; destino: string; inscriptoId: string }>();
      for (const f of con) {
        for (const [canal, valor] of [
          ['email', f.email],
          ['telefono', f.celular],
        ] as const) {
          if (!valor) continue;
          const destino = normalizarDestino(canal, valor);
          // A phone the form accepted may still be one no message reaches (too short): skipped, not an error.
          if (!destinoValido(canal, destino) || destinos.has(`${canal}:${destino}`)) continue;
          destinos.set(`${canal}:${destino}`, { canal, destino, inscriptoId: f.id });
        }
      }
      if (!destinos.size) return 0;
      const { textos: plantillas, escuela } = await textos();
      const vars = {
        escuela,
        numero: padNumero(e.numero),
        iniciales: filas.map((f) => iniciales(f.nombre)).join(' y '),
        vence: e.vence ? fechaHoraTexto(e.vence) : '',
        posicion: e.posicion === undefined ? '' : String(e.posicion),
        enlace: await enlaceEstado(ctx, tx, e.cicloId, e.numero),
      };
      const plantilla = plantillas[e.plantilla];
      const asunto = completarPlantilla(plantilla.asunto, vars);
      const texto = completarPlantilla(plantilla.texto, vars);
      for (const d of destinos.values()) {
        await encolarAviso(
          tx,
          {
            tipo: TIPO_DE_PLANTILLA[e.plantilla],
            canal: d.canal,
            destino: d.destino,
            asunto: d.canal === 'email' ? asunto : null,
            texto,
            inscriptoId: d.inscriptoId,
            cicloId: e.cicloId,
          },
          ahora,
          e.enviarDesde,
        );
      }
      return destinos.size;
    },
  };
}

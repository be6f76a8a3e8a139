import { sha256Hex } from '../sorteo/sha256.ts';
import { stableStringify } from '../stable-json.ts';
import { ZActaAsignacion, postulacionDeActa } from './acta-schema.ts';
import { ZRegistroAsignacion } from './api-schema.ts';
import { calcularCorrimiento } from './corrimiento.ts';
import type { TEventoAsignacion, TRespuestaAsignacion } from './corrimiento-estado.ts';
import type { TPostulacion } from './schemas.ts';

/**
 * Replays the roll-up after a network assignment from its two public files (docs/decisions/0039): the acta
 * (verified on its own by verify-asignacion.ts) and the public register of answers. Every entry's hash is
 * recomputed, the answers are applied in order with the same engine, and every change of place and every
 * school's count must be the register's. The same function runs in `npm run asignacion:verificar --registro`.
 */
export type VerificacionRegistro =
  { ok: true; respuestas: number; cambios: number } | { ok: false; error: string; diferencias: string[] };

/** One answer as the register lists it (and the server stores it). */
export interface EntradaRegistro {
  seq: number;
  en: string;
  numero: number;
  respuesta: string;
  escuela: string | null;
  miembro: number | null;
  canal: string | null;
}

export const eventoDeEntrada = (r: EntradaRegistro): TEventoAsignacion => ({
  en: r.en,
  numero: r.numero,
  respuesta: r.respuesta as TRespuestaAsignacion,
  escuela: r.escuela,
  ...(r.miembro === null ? {} : { miembro: r.miembro }),
});

/** An entry's hash: what the family's receipt shows, and what anyone recomputes from the register. */
export const hashEntradaRegistro = (r: EntradaRegistro) =>
  sha256Hex(stableStringify({ seq: r.seq, ...eventoDeEntrada(r), canal: r.canal }));

const MAX_DIFERENCIAS = 50;
const fail = (error: string, diferencias: string[] = [error]): VerificacionRegistro => ({
  ok: false,
  error,
  diferencias,
});

export function verificarRegistro(actaJson: unknown, registroJson: unknown): VerificacionRegistro {
  const acta = ZActaAsignacion.safeParse(actaJson);
  if (!acta.success) return fail('El acta no tiene el formato del acta pública de la asignación.');
  const registro = ZRegistroAsignacion.safeParse(registroJson);
  if (!registro.success) return fail('El registro no tiene el formato del registro público de la asignación.');
  const a = acta.data;
  const r = registro.data;
  if (r.actaId !== a.id) return fail(`El registro es de otra acta (${r.actaId}, no ${a.id}).`);
  const diferencias: string[] = [];
  const add = (d: string) => {
    if (diferencias.length < MAX_DIFERENCIAS) diferencias.push(d);
  };
  r.respuestas.forEach((e, i) => {
    if (e.seq !== i + 1) add(`La entrada ${i + 1} tiene el número ${e.seq}.`);
    if (hashEntradaRegistro(e) !== e.hash) add(`La huella de la entrada N° ${e.seq} no corresponde a sus datos.`);
  });
  const postulaciones: TPostulacion[] = [];
  for (const p of a.postulaciones) {
    const convertida = postulacionDeActa(p);
    if ('problema' in convertida) return fail(convertida.problema);
    postulaciones.push(convertida.postulacion);
  }
  const estado = calcularCorrimiento(
    {
      red: { maxPreferencias: a.maxPreferencias, escuelas: a.escuelas, postulaciones },
      resultados: a.resultados,
      publicadoEn: r.publicadoEn,
      plazoDias: r.plazoDias,
    },
    r.respuestas.map(eventoDeEntrada),
  );
  for (const i of estado.ignorados) add(`La entrada N° ${i.evento + 1} no se aplica: ${i.motivo}`);
  const n = Math.max(estado.historial.length, r.historial.length);
  for (let i = 0; i < n; i++) {
    const calculado = estado.historial[i];
    const publicado = r.historial[i];
    if (stableStringify(calculado ?? null) !== stableStringify(publicado ?? null)) {
      add(
        `El cambio ${i + 1} del registro (${publicado ? `N° ${publicado.numero}: ${publicado.de ?? '—'} → ${publicado.a ?? '—'}` : 'ninguno'}) no es el que da el corrimiento (${calculado ? `N° ${calculado.numero}: ${calculado.de ?? '—'} → ${calculado.a ?? '—'}` : 'ninguno'}).`,
      );
    }
  }
  if (stableStringify(estado.escuelas) !== stableStringify(r.escuelas)) {
    add('Las plazas ocupadas y libres de las escuelas no son las que da el corrimiento.');
  }
  if (diferencias.length) return fail(diferencias[0]!, diferencias);
  return { ok: true, respuestas: r.respuestas.length, cambios: estado.historial.length };
}

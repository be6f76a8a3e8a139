import { fromHex, sha256Hex } from '../sorteo/sha256.ts';
import { canonicalizarValor } from '../sorteo/valor-canonico.ts';
import { ZActaAsignacion, hashListaAsignacion, postulacionDeActa, type TActaAsignacion } from './acta-schema.ts';
import { azarDelSorteo } from './azar.ts';
import { asignarRed } from './deferred-acceptance.ts';
import { ASIGNACION_MSG } from './messages.ts';
import { problemasDeRed } from './postulaciones.ts';
import type { TEspera, TPostulacion, TRed } from './schemas.ts';

/**
 * Replays a network assignment from its public acta (docs/decisions/0028), with no database and no server code:
 * the public value is the canonical form of its declared source (0027; a drand signature is verified), the seed
 * matches the commitment, the applications match their published hash, the raffle with the seed and the public
 * value gives every random number of the acta, and the engine gives every result. The same function
 * runs in `npm run asignacion:verificar` and in the browser.
 */
export type VerificacionAsignacion =
  | { ok: true; postulaciones: number; ninos: number; asignadas: number; sinEscuela: number }
  | { ok: false; error: string; diferencias: string[] };

/** Values announced before the draw (shown on the board), to hold the acta to. */
export interface AnunciadoAsignacion {
  compromiso?: string | undefined;
  listaHash?: string | undefined;
}

const MAX_DIFERENCIAS = 50;

const fail = (error: string, diferencias: string[] = [error]): VerificacionAsignacion => ({
  ok: false,
  error,
  diferencias,
});

const textoEspera = (espera: readonly TEspera[]) =>
  espera.length === 0
    ? ASIGNACION_MSG.esperaNinguna
    : espera.map((e) => `${e.escuela} (${e.posiciones.join(', ')})`).join(', ');

function replay(acta: TActaAsignacion): VerificacionAsignacion {
  if (sha256Hex(fromHex(acta.semilla)) !== acta.compromiso) return fail(ASIGNACION_MSG.semillaNoCorresponde);
  if (hashListaAsignacion(acta) !== acta.listaHash) return fail(ASIGNACION_MSG.listaHashNoCorresponde);
  const postulaciones: TPostulacion[] = [];
  for (const p of acta.postulaciones) {
    const convertida = postulacionDeActa(p);
    if ('problema' in convertida) return fail(ASIGNACION_MSG.redInvalida(convertida.problema));
    postulaciones.push(convertida.postulacion);
  }

  const diferencias: string[] = [];
  const add = (d: string) => {
    if (diferencias.length < MAX_DIFERENCIAS) diferencias.push(d);
  };
  // The random numbers: one shuffle of the numbers with the revealed seed and the public value.
  const azar = azarDelSorteo(
    acta.postulaciones.map((p) => p.numero),
    acta.semilla,
    acta.valorPublico,
  );
  for (const p of acta.postulaciones) {
    const sorteado = azar.get(p.numero);
    if (sorteado !== undefined && sorteado !== p.azar) add(ASIGNACION_MSG.azarDistinto(p.numero, p.azar, sorteado));
  }
  // The engine runs on the drawn numbers, so a wrong number in the acta shows its consequences too.
  const red: TRed = {
    maxPreferencias: acta.maxPreferencias,
    escuelas: acta.escuelas,
    postulaciones: postulaciones.map((p) => ({ ...p, azar: azar.get(p.numero) ?? p.azar })),
  };
  const problemas = problemasDeRed(red);
  if (problemas.length > 0) return fail(ASIGNACION_MSG.redInvalida(problemas[0]!));

  const esperados = asignarRed(red);
  const n = Math.max(esperados.length, acta.resultados.length);
  for (let i = 0; i < n; i++) {
    const e = esperados[i];
    const a = acta.resultados[i];
    if (!a) {
      add(ASIGNACION_MSG.resultadoFaltante(e!.numero));
      continue;
    }
    if (!e) {
      add(ASIGNACION_MSG.resultadoDeMas(a.numero));
      continue;
    }
    if (a.numero !== e.numero) {
      add(ASIGNACION_MSG.resultadoFueraDeOrden(i + 1, a.numero, e.numero));
      break; // past here every line would differ
    }
    if (a.escuela !== e.escuela) add(ASIGNACION_MSG.escuelaDistinta(e.numero, a.escuela, e.escuela));
    else if (textoEspera(a.espera) !== textoEspera(e.espera)) {
      add(ASIGNACION_MSG.esperaDistinta(e.numero, textoEspera(a.espera), textoEspera(e.espera)));
    }
  }
  if (diferencias.length > 0) return fail(diferencias[0]!, diferencias);
  const asignadas = esperados.filter((r) => r.escuela !== null).length;
  return {
    ok: true,
    postulaciones: esperados.length,
    ninos: acta.postulaciones.reduce((total, p) => total + p.miembros.length, 0),
    asignadas,
    sinEscuela: esperados.length - asignadas,
  };
}

/** Checks a public acta (parsed JSON): its shape, the announced values, the draw and every result. */
export function verificarAsignacion(raw: unknown, anunciado: AnunciadoAsignacion = {}): VerificacionAsignacion {
  const parsed = ZActaAsignacion.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(ASIGNACION_MSG.actaInvalida(issue.path.join('.') || 'raíz', issue.message));
  }
  const acta = parsed.data;
  if (anunciado.compromiso && anunciado.compromiso.toLowerCase() !== acta.compromiso) {
    return fail(ASIGNACION_MSG.compromisoNoAnunciado);
  }
  if (anunciado.listaHash && anunciado.listaHash.toLowerCase() !== acta.listaHash) {
    return fail(ASIGNACION_MSG.listaNoAnunciada);
  }
  const canonico = canonicalizarValor(acta.fuenteValorPublico, acta.valorPublico);
  if (!canonico.ok) return fail(ASIGNACION_MSG.valorNoCanonico(canonico.message));
  if (canonico.valor !== acta.valorPublico) return fail(ASIGNACION_MSG.valorDistintoDelCanonico(canonico.valor));
  return replay(acta);
}

import { ZActa, type TActa, type TActaLinea } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { planRaffle } from '@inscripciones/shared/sorteo/plan.ts';
import { childResults, firstDifference, splitLists } from '@inscripciones/shared/sorteo/results.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { commitment, hmacSource, participantsHash } from './sorteo-random.ts';

/**
 * Replays a raffle from its JSON acta (docs/decisions/0008): the seed matches the commitment, the
 * participants match their hash, and planRaffle with the HMAC source gives every result of the acta, in order,
 * and the printed lists. Independent of the database: the acta is all it reads.
 */
export type Verification =
  { ok: true; sorteos: number; titulares: number; suplentes: number; completo: boolean } | { ok: false; error: string };

function compareLines(name: string, expected: TActaLinea[], actual: TActaLinea[]): string | null {
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    const e = expected[i];
    const a = actual[i];
    if (JSON.stringify(e) !== JSON.stringify(a)) {
      const show = (l: TActaLinea | undefined) =>
        l ? `${l.posicion}. N° ${l.numeroInscripcion} ${l.nombreCompleto}` : 'nada';
      return `${name}, línea ${i + 1}: el acta dice «${show(a)}», la repetición da «${show(e)}»`;
    }
  }
  return null;
}

/** Values announced in the room (shown on the board at the start), to hold the acta to. */
export interface Announced {
  compromiso?: string | undefined;
  participantesHash?: string | undefined;
}

export function verifyActa(raw: unknown, announced: Announced = {}): Verification {
  const parsed = ZActa.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `El archivo no es un acta válida: ${issue.path.join('.') || 'raíz'}: ${issue.message}` };
  }
  const acta: TActa = parsed.data;
  if (announced.compromiso && announced.compromiso.toLowerCase() !== acta.compromiso) {
    return { ok: false, error: 'El compromiso del acta no es el que se anunció.' };
  }
  if (announced.participantesHash && announced.participantesHash.toLowerCase() !== acta.participantesHash) {
    return { ok: false, error: 'El hash de participantes del acta no es el que se anunció.' };
  }
  if (commitment(acta.semilla) !== acta.compromiso) {
    return { ok: false, error: 'La semilla no corresponde al compromiso publicado (SHA-256 distinto).' };
  }
  if (participantsHash(acta.participantes) !== acta.participantesHash) {
    return { ok: false, error: 'La lista de participantes no corresponde a su hash publicado.' };
  }
  const numeros = new Set(acta.participantes.map((u) => u.numero));
  if (numeros.size !== acta.participantes.length) return { ok: false, error: 'Hay números de inscripción repetidos.' };
  if (acta.totalSorteos !== acta.participantes.length) {
    return {
      ok: false,
      error: `El acta dice ${acta.totalSorteos} sorteos pero tiene ${acta.participantes.length} unidades.`,
    };
  }
  if (
    acta.sorteosConfirmados !== acta.resultados.length ||
    acta.completo !== acta.sorteosConfirmados >= acta.totalSorteos
  ) {
    return { ok: false, error: 'La cantidad de sorteos confirmados no coincide con los resultados.' };
  }

  const replay = planRaffle(acta.participantes, acta.plazas, hmacSource(acta.semilla, acta.valorPublico));
  const difference = firstDifference(replay.slice(0, acta.sorteosConfirmados), acta.resultados);
  if (difference) return { ok: false, error: `Resultado distinto: ${difference}.` };

  const lists = splitLists(childResults(acta.participantes, replay, acta.sorteosConfirmados));
  for (const kind of ['titulares', 'suplentes'] as const) {
    for (const lista of ['nenas', 'varones'] as const) {
      const expected = lists[kind][lista].map((r) => ({
        posicion: r.posicion,
        numeroInscripcion: r.numero,
        nombreCompleto: r.miembro.nombreCompleto,
        etapa: r.stage,
        sorteo: r.index + 1,
      }));
      const diff = compareLines(`${kind} ${LISTA_LABELS[lista].toLowerCase()}`, expected, acta[kind][lista]);
      if (diff) return { ok: false, error: `Lista distinta: ${diff}.` };
    }
  }
  const count = (l: { nenas: unknown[]; varones: unknown[] }) => l.nenas.length + l.varones.length;
  return {
    ok: true,
    sorteos: acta.sorteosConfirmados,
    titulares: count(acta.titulares),
    suplentes: count(acta.suplentes),
    completo: acta.completo,
  };
}

import { ACTA_PUBLICA_FORMATO, ZActa, ZActaPublica, type TActa, type TActaPublica } from './acta-schema.ts';
import { hmacSourceJs } from './draw-source.ts';
import { listaPublica, listaPublicaHash, unidadesDeListaPublica } from './lista-publica.ts';
import { LISTA_LABELS } from './messages.ts';
import { planRaffle } from './plan.ts';
import { childResults, firstDifference, splitLists } from './results.ts';
import type { TPlazas, TSorteoDraw, TUnidad } from './schemas.ts';
import { fromHex, sha256Hex } from './sha256.ts';
import { canonicalJson } from './units.ts';
import { canonicalizarValor } from './valor-canonico.ts';

/**
 * Replays a raffle from its acta (docs/decisions/0008), the administrators' one or the public one, with no
 * database and no server code: the seed matches the commitment, the list matches its published hash, and the
 * engine with the HMAC source gives every result of the acta, in order, and the printed lists. The same
 * function runs in `npm run sorteo:verificar` and in the browser ("Verificar este sorteo").
 */
export type Verification =
  { ok: true; sorteos: number; titulares: number; suplentes: number; completo: boolean } | { ok: false; error: string };

/** Values announced in the room (shown on the board at the start), to hold the acta to. */
export interface Announced {
  compromiso?: string | undefined;
  /** The list hash the board showed: the public list's (or, for a v1 acta, the full list's). */
  participantesHash?: string | undefined;
}

interface Replayable {
  units: TUnidad[];
  plazas: TPlazas;
  semilla: string;
  compromiso: string;
  valorPublico: string;
  totalSorteos: number;
  sorteosConfirmados: number;
  completo: boolean;
  resultados: TSorteoDraw[];
  /** Each printed line reduced to what both actas share: position, number, stage, draw, and a name or initials. */
  lists: Record<'titulares' | 'suplentes', Record<'nenas' | 'varones', string[]>>;
  shown: (unitNumero: number, memberIndex: number) => string;
}

const fail = (error: string): Verification => ({ ok: false, error });

function replay(r: Replayable): Verification {
  if (sha256Hex(fromHex(r.semilla)) !== r.compromiso) {
    return fail('La semilla no corresponde al compromiso publicado (SHA-256 distinto).');
  }
  const numeros = new Set(r.units.map((u) => u.numero));
  if (numeros.size !== r.units.length) return fail('Hay números de inscripción repetidos.');
  if (r.totalSorteos !== r.units.length) {
    return fail(`El acta dice ${r.totalSorteos} sorteos pero tiene ${r.units.length} unidades.`);
  }
  if (r.sorteosConfirmados !== r.resultados.length || r.completo !== r.sorteosConfirmados >= r.totalSorteos) {
    return fail('La cantidad de sorteos confirmados no coincide con los resultados.');
  }
  const plan = planRaffle(r.units, r.plazas, hmacSourceJs(r.semilla, r.valorPublico));
  const difference = firstDifference(plan.slice(0, r.sorteosConfirmados), r.resultados);
  if (difference) return fail(`Resultado distinto: ${difference}.`);

  const byNumero = new Map(r.units.map((u) => [u.numero, u]));
  const lists = splitLists(childResults(r.units, plan, r.sorteosConfirmados));
  for (const kind of ['titulares', 'suplentes'] as const) {
    for (const lista of ['nenas', 'varones'] as const) {
      const expected = lists[kind][lista].map((c) => {
        const memberIndex = byNumero.get(c.numero)!.miembros.indexOf(c.miembro);
        return `${c.posicion}. N° ${c.numero} ${r.shown(c.numero, memberIndex)} (${c.stage}, sorteo ${c.index + 1})`;
      });
      const actual = r.lists[kind][lista];
      for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
        if (expected[i] !== actual[i]) {
          return fail(
            `Lista distinta: ${kind} ${LISTA_LABELS[lista].toLowerCase()}, línea ${i + 1}: el acta dice ` +
              `«${actual[i] ?? 'nada'}», la repetición da «${expected[i] ?? 'nada'}».`,
          );
        }
      }
    }
  }
  const count = (l: { nenas: unknown[]; varones: unknown[] }) => l.nenas.length + l.varones.length;
  return {
    ok: true,
    sorteos: r.sorteosConfirmados,
    titulares: count(lists.titulares),
    suplentes: count(lists.suplentes),
    completo: r.completo,
  };
}

type Line = { posicion: number; numeroInscripcion: number; etapa: string; sorteo: number };
const printed = <L extends Line>(
  acta: { titulares: Record<'nenas' | 'varones', L[]>; suplentes: Record<'nenas' | 'varones', L[]> },
  name: (l: L) => string,
) => {
  const side = (lines: L[]) =>
    lines.map((l) => `${l.posicion}. N° ${l.numeroInscripcion} ${name(l)} (${l.etapa}, sorteo ${l.sorteo})`);
  return {
    titulares: { nenas: side(acta.titulares.nenas), varones: side(acta.titulares.varones) },
    suplentes: { nenas: side(acta.suplentes.nenas), varones: side(acta.suplentes.varones) },
  };
};

function verifyPublic(acta: TActaPublica, announced: Announced): Verification {
  if (announced.participantesHash && announced.participantesHash.toLowerCase() !== acta.listaPublicaHash) {
    return fail('El hash de la lista de participantes del acta no es el que se anunció.');
  }
  if (listaPublicaHash(acta.participantes) !== acta.listaPublicaHash) {
    return fail('La lista de participantes no corresponde a su hash publicado.');
  }
  const units = unidadesDeListaPublica(acta.participantes);
  const byNumero = new Map(units.map((u) => [u.numero, u]));
  return replay({
    ...acta,
    units,
    lists: printed(acta, (l) => l.iniciales),
    shown: (numero, i) => byNumero.get(numero)!.miembros[i]!.nombreCompleto,
  });
}

function verifyFull(acta: TActa, announced: Announced): Verification {
  if (sha256Hex(canonicalJson(acta.participantes)) !== acta.participantesHash) {
    return fail('La lista de participantes no corresponde a su hash publicado.');
  }
  // Since v2 the board shows the public list's hash; the acta's full units and salt give the same list.
  if (acta.sal && acta.listaPublicaHash) {
    if (listaPublicaHash(listaPublica(acta.participantes, acta.plazas, acta.sal)) !== acta.listaPublicaHash) {
      return fail('La lista pública no corresponde a los participantes del acta.');
    }
  }
  const published = acta.listaPublicaHash ?? acta.participantesHash;
  if (announced.participantesHash && announced.participantesHash.toLowerCase() !== published) {
    return fail('El hash de la lista de participantes del acta no es el que se anunció.');
  }
  const byNumero = new Map(acta.participantes.map((u) => [u.numero, u]));
  return replay({
    ...acta,
    units: acta.participantes,
    lists: printed(acta, (l) => l.nombreCompleto),
    shown: (numero, i) => byNumero.get(numero)!.miembros[i]!.nombreCompleto,
  });
}

/**
 * When the acta declares the value's source (0027): the value is that source's canonical form (for drand, the
 * round's signature verifies), and it is the last value entered. An annulled raffle may have no value at all.
 */
function valorError(acta: TActa | TActaPublica): string | null {
  const fuente = acta.fuenteValorPublico;
  if (!fuente || (acta.valorPublico === '' && acta.sorteosConfirmados === 0)) return null;
  const canonical = canonicalizarValor(fuente, acta.valorPublico);
  if (!canonical.ok) return `El valor público no está en la forma declarada: ${canonical.message}`;
  if (canonical.valor !== acta.valorPublico) {
    return `El valor público no es canónico: debería ser «${canonical.valor}».`;
  }
  if (acta.valoresIngresados?.at(-1)?.canonico !== acta.valorPublico) {
    return 'El valor público no es el último valor ingresado.';
  }
  return null;
}

export function verifyActa(raw: unknown, announced: Announced = {}): Verification {
  const isPublic = (raw as { formato?: unknown } | null)?.formato === ACTA_PUBLICA_FORMATO;
  const parsed = isPublic ? ZActaPublica.safeParse(raw) : ZActa.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return fail(`El archivo no es un acta válida: ${issue.path.join('.') || 'raíz'}: ${issue.message}`);
  }
  const acta = parsed.data;
  if (announced.compromiso && announced.compromiso.toLowerCase() !== acta.compromiso) {
    return fail('El compromiso del acta no es el que se anunció.');
  }
  const valor = valorError(acta);
  if (valor) return fail(valor);
  return isPublic ? verifyPublic(acta as TActaPublica, announced) : verifyFull(acta as TActa, announced);
}

import { iniciales } from '../sorteo/format.ts';
import type { TSorteoDraw, TPlazas, TUnidad } from '../sorteo/schemas.ts';
import { canonicalUnits } from '../sorteo/units.ts';
import type { TActa, TActaPublica } from '../sorteo/acta-schema.ts';
import {
  HASH_INICIAL,
  ZRegistroPublico,
  entradasDeLaTemporada,
  hashEntrada,
  jsonCanonico,
  type TEntradaRegistro,
  type TEntradaSinHash,
} from './registro-publico.ts';
import type { VerificacionPlazas } from './plazas-registro.ts';
import type { TEventoPlaza } from '../sorteo/plazas-estado.ts';

/**
 * `npm run sorteo:verificar -- acta-publica.json --plazas registro-publico.json` and the board's "Verificar":
 * checks the register's hash chain, then replays the season from the acta's results and the
 * register's answers and deadline changes alone, and requires exactly the register's entries, one by one.
 */

type Participantes = TActa['participantes'] | TActaPublica['participantes'];

/** The initials of each child (number, 0-based member in canonical order), from either acta. */
export function inicialesDelActa(participantes: Participantes) {
  const porNumero = new Map<number, readonly string[]>();
  const unidades: TUnidad[] = [];
  for (const p of participantes) {
    if ('numeroInscripcion' in p)
      porNumero.set(
        p.numeroInscripcion,
        p.miembros.map((m) => m.iniciales),
      );
    else unidades.push(p);
  }
  for (const u of canonicalUnits(unidades))
    porNumero.set(
      u.numero,
      u.miembros.map((m) => iniciales(m.nombreCompleto)),
    );
  return (numero: number, miembro: number) => porNumero.get(numero)?.[miembro] ?? '';
}

function describir(e: TEntradaSinHash | undefined): string {
  if (!e) return 'nada';
  const nino =
    'numero' in e
      ? ` N° ${e.numero}${'miembro' in e && e.miembro !== undefined ? ` (integrante ${e.miembro + 1})` : ''}`
      : '';
  const resto =
    e.tipo === 'oferta'
      ? `, ${e.iniciales}, ${e.lista}, ${e.origen}, vence ${e.vence}`
      : e.tipo === 'respuesta'
        ? `: ${e.respuesta}`
        : e.tipo === 'vence'
          ? `: nuevo plazo ${e.vence}`
          : e.tipo === 'plazo' || e.tipo === 'publicacion'
            ? `: ${e.dias} días`
            : '';
  return `${e.tipo}${nino} el ${e.en}${resto}`;
}

/** The first break of the chain, in Spanish, or null. */
export function verificarCadena(entradas: readonly TEntradaRegistro[]): string | null {
  let previo = HASH_INICIAL;
  for (const [i, e] of entradas.entries()) {
    const esperado = i + 1;
    if (e.n !== esperado) {
      const lugar = entradas.findIndex((x) => x.n === esperado);
      if (lugar >= 0)
        return `La entrada N° ${esperado} está fuera de orden: aparece en el lugar ${lugar + 1} del registro.`;
      return `Falta la entrada N° ${esperado} del registro: después de la ${i} viene la ${e.n}.`;
    }
    const hash = hashEntrada(previo, e);
    if (hash !== e.hash) {
      return `La entrada N° ${e.n} fue alterada o no sigue a la anterior: su hash no coincide con el encadenado.`;
    }
    previo = hash;
  }
  return null;
}

export function verificarRegistroPublico(
  raw: unknown,
  sorteo: {
    id: string;
    resultados: TSorteoDraw[];
    plazas: TPlazas;
    participantes: Participantes;
    /** When the raffle closed: the acta's `cerradoEn` (public) or `archivadoEn` (staff). */
    cerradoEn?: string;
    archivadoEn?: string;
  },
): VerificacionPlazas & { hash?: string } {
  const parsed = ZRegistroPublico.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      error: `El registro público de plazas no es válido: ${issue.path.join('.') || 'raíz'}: ${issue.message}`,
    };
  }
  const { entradas, en } = parsed.data;
  const roto = verificarCadena(entradas);
  if (roto) return { ok: false, error: roto };
  const inicio = entradas[0]!;
  if (inicio.tipo !== 'publicacion')
    return { ok: false, error: 'El registro no empieza por la publicación del sorteo.' };
  if (inicio.sorteoId !== sorteo.id) return { ok: false, error: 'El registro de plazas es de otro sorteo.' };
  const cierre = sorteo.cerradoEn ?? sorteo.archivadoEn;
  if (cierre !== undefined && inicio.en !== cierre) {
    return { ok: false, error: `La publicación del registro (${inicio.en}) no es el cierre del acta (${cierre}).` };
  }
  const plazos = entradas.flatMap((e) => (e.tipo === 'plazo' ? [{ desde: e.en, dias: e.dias }] : []));
  const pasos = entradas.filter((e) => e.tipo === 'respuesta' || e.tipo === 'vence');
  const eventos: TEventoPlaza[] = pasos.map((e) =>
    e.tipo === 'vence'
      ? { en: e.en, numero: e.numero, respuesta: 'plazo', vence: e.vence }
      : {
          en: e.en,
          numero: e.numero,
          respuesta: e.respuesta,
          ...(e.miembro === undefined ? {} : { miembro: e.miembro }),
          ...(e.canal ? { canal: e.canal } : {}),
        },
  );
  const { entradas: esperadas, estado } = entradasDeLaTemporada(
    sorteo.id,
    {
      draws: sorteo.resultados,
      plazas: sorteo.plazas,
      publicadoEn: inicio.en,
      plazoDias: inicio.dias,
      plazos,
      horario: inicio.horario ?? null,
    },
    eventos,
    en,
    inicialesDelActa(sorteo.participantes),
  );
  const ignorado = estado.ignorados[0];
  if (ignorado) {
    const e = pasos[ignorado.evento]!;
    const que = e.tipo === 'vence' ? 'El cambio de plazo' : 'La respuesta';
    return { ok: false, error: `${que} de la entrada N° ${e.n} no cumple la regla: ${ignorado.motivo}.` };
  }
  for (let i = 0; i < Math.max(esperadas.length, entradas.length); i++) {
    const { hash: _hash, ...dicho } = entradas[i] ?? ({} as TEntradaRegistro);
    const esperada = esperadas[i];
    if (!entradas[i] || !esperada || jsonCanonico(dicho) !== jsonCanonico(esperada)) {
      return {
        ok: false,
        error:
          `La entrada N° ${i + 1} no sigue las reglas del corrimiento: el registro dice ` +
          `«${describir(entradas[i] ? (dicho as TEntradaSinHash) : undefined)}», el corrimiento da «${describir(esperada)}».`,
      };
    }
  }
  const ofertas = esperadas.filter((e) => e.tipo === 'oferta');
  return {
    ok: true,
    eventos: eventos.length,
    ofertas: ofertas.length,
    corrimientos: ofertas.filter((o) => o.origen === 'suplente').length,
    aceptadas: estado.listas.nenas.aceptadas + estado.listas.varones.aceptadas,
    libres: estado.listas.nenas.libres + estado.listas.varones.libres,
    hash: entradas.at(-1)!.hash,
  };
}

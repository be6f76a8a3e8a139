import { z } from '../zod-es.ts';
import { MotorPlazas } from '../sorteo/plazas.ts';
import { RESPUESTAS_PLAZA, type TEstadoPlazas, type TEventoPlaza, type TPublicacion } from '../sorteo/plazas-estado.ts';
import { toIso, toMs } from '../sorteo/plazas-unidades.ts';
import { ZLista } from '../sorteo/schemas.ts';
import { DIAS_ATENCION } from '../sorteo/plazo-horario.ts';
import { sha256Hex } from '../sorteo/sha256.ts';

/**
 * The season's public register (docs/decisions/0015 "Nota posterior"): every offer, answer,
 * expiry and deadline change in order, with times, numbers and initials only, each entry chained by hash to the
 * previous one. Built here from the publication and the answers, by the server and by every verifier alike.
 */
export const REGISTRO_PUBLICO_FORMATO = 'inscripciones-plazas-registro-publico-v1';
/** The "previous hash" of the first entry. */
export const HASH_INICIAL = '0'.repeat(64);

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const base = { n: z.number().int().positive(), en: z.string(), hash: hex64 };
const numero = z.number().int();
const miembro = z.number().int().min(0);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const ZEntradaRegistro = z.discriminatedUnion('tipo', [
  /**
   * Always the first: the raffle whose result opened the season, the deadline days then and, for seasons started
   * since decision 0031, the opening hours every deadline is moved into.
   */
  z.strictObject({
    ...base,
    tipo: z.literal('publicacion'),
    sorteoId: z.string(),
    dias: z.number().int().positive(),
    horario: z
      .strictObject({ apertura: hhmm, cierre: hhmm, dias: z.enum(DIAS_ATENCION) })
      .refine((h) => h.apertura < h.cierre)
      .optional(),
  }),
  /** A later change of the deadline days: offers made from `en` on get `dias`. */
  z.strictObject({ ...base, tipo: z.literal('plazo'), dias: z.number().int().positive() }),
  z.strictObject({
    ...base,
    tipo: z.literal('oferta'),
    numero,
    miembro,
    iniciales: z.string(),
    lista: ZLista,
    origen: z.enum(['titular', 'suplente']),
    vence: z.string(),
  }),
  /** A recorded answer; `miembro` when one child of a group answered alone. */
  z.strictObject({
    ...base,
    tipo: z.literal('respuesta'),
    numero,
    miembro: miembro.optional(),
    respuesta: z.enum(RESPUESTAS_PLAZA),
    /** The family answered online, from /estado; absent when staff recorded the answer. */
    canal: z.literal('en_linea').optional(),
  }),
  /** An administrator changed an open offer's deadline to `vence` (the offer entry keeps the one first given). */
  z.strictObject({ ...base, tipo: z.literal('vence'), numero, vence: z.string() }),
  /** An offer nobody answered, at its deadline. */
  z.strictObject({ ...base, tipo: z.literal('vencimiento'), numero, miembro, lista: ZLista }),
]);
export type TEntradaRegistro = z.infer<typeof ZEntradaRegistro>;
type Sin<T, K extends string> = T extends unknown ? Omit<T, K> : never;
export type TEntradaSinHash = Sin<TEntradaRegistro, 'hash'>;

export const ZRegistroPublico = z.strictObject({
  $schema: z.string().optional(),
  formato: z.literal(REGISTRO_PUBLICO_FORMATO),
  /** When the register was computed: offers whose deadline passed by then have expired. */
  en: z.string(),
  entradas: z.array(ZEntradaRegistro).min(1),
});
export type TRegistroPublico = z.infer<typeof ZRegistroPublico>;

/** Canonical JSON: keys sorted by UTF-16 code units, no spaces, JSON.stringify's strings and numbers. */
export function jsonCanonico(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonCanonico).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonCanonico(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** hex(SHA-256(UTF-8(previous hash in hex + canonical JSON of the entry without `hash`))). */
export function hashEntrada(previo: string, entrada: TEntradaSinHash | TEntradaRegistro): string {
  const { hash: _hash, ...sin } = entrada as TEntradaRegistro;
  return sha256Hex(previo + jsonCanonico(sin));
}

export function encadenar(entradas: readonly TEntradaSinHash[]): TEntradaRegistro[] {
  let previo = HASH_INICIAL;
  return entradas.map((e) => {
    previo = hashEntrada(previo, e);
    return { ...e, hash: previo } as TEntradaRegistro;
  });
}

type Paso = Sin<TEntradaRegistro, 'hash' | 'n'>;

/**
 * The season's entries in order, numbered, without hashes: the publication, then the roll-up replayed step by step
 * (each answer or offer deadline change after the expiries before it, followed by the offers it caused; each
 * change of the cycle's deadline days before
 * anything at or after its time). `iniciales` gives a child's initials (number, 0-based member).
 */
export function entradasDeLaTemporada(
  sorteoId: string,
  publicacion: TPublicacion,
  eventos: readonly TEventoPlaza[],
  en: string,
  iniciales: (numero: number, miembro: number) => string,
): { entradas: TEntradaSinHash[]; estado: TEstadoPlazas } {
  const motor = new MotorPlazas({ ...publicacion, plazos: publicacion.plazos });
  const { horario } = publicacion;
  const pasos: Paso[] = [
    {
      tipo: 'publicacion',
      en: publicacion.publicadoEn,
      sorteoId,
      dias: publicacion.plazoDias,
      ...(horario ? { horario: { apertura: horario.apertura, cierre: horario.cierre, dias: horario.dias } } : {}),
    },
  ];
  // Offers get their deadline and origin from the final state (an offer is made once and never moves).
  const ofertas: Extract<Paso, { tipo: 'oferta' }>[] = [];
  let vistos = 0;
  const volcar = () => {
    for (const c of motor.cambiosDesde(vistos)) {
      if (c.estado === 'ofrecida') {
        const o = { tipo: 'oferta', en: c.en, numero: c.numero, miembro: c.miembro, lista: c.lista } as const;
        // The deadline given when offered: a later change is its own entry.
        const vence = motor.ofertaDe(c.numero)!.vence;
        const oferta = { ...o, iniciales: iniciales(c.numero, c.miembro), origen: 'titular' as const, vence };
        ofertas.push(oferta);
        pasos.push(oferta);
      } else if (c.causa === 'plazo') {
        pasos.push({ tipo: 'vencimiento', en: c.en, numero: c.numero, miembro: c.miembro, lista: c.lista });
      }
      vistos += 1;
    }
  };
  volcar();
  const plazos = [...(publicacion.plazos ?? [])];
  const cambiosDePlazoHasta = (t: number) => {
    while (plazos.length && toMs(plazos[0]!.desde) <= t) {
      const p = plazos.shift()!;
      // Everything before the change (expiries and the offers they caused) comes first.
      motor.avanzar(toIso(toMs(p.desde) - 1));
      volcar();
      pasos.push({ tipo: 'plazo', en: p.desde, dias: p.dias });
    }
  };
  for (const evento of eventos) {
    cambiosDePlazoHasta(toMs(evento.en));
    motor.avanzar(evento.en);
    volcar();
    pasos.push(
      evento.respuesta === 'plazo'
        ? { tipo: 'vence', en: evento.en, numero: evento.numero, vence: evento.vence ?? '' }
        : {
            tipo: 'respuesta',
            en: evento.en,
            numero: evento.numero,
            ...(evento.miembro === undefined ? {} : { miembro: evento.miembro }),
            respuesta: evento.respuesta,
            ...(evento.canal ? { canal: evento.canal } : {}),
          },
    );
    motor.aplicar(evento);
    volcar();
  }
  cambiosDePlazoHasta(toMs(en));
  motor.avanzar(en);
  volcar();
  const estado = motor.estado();
  const final = new Map(estado.ofertas.map((o) => [o.numero, o]));
  for (const o of ofertas) o.origen = final.get(o.numero)!.origen;
  return { entradas: pasos.map((p, i) => ({ n: i + 1, ...p }) as TEntradaSinHash), estado };
}

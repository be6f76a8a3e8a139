import { z } from '../zod-es.ts';
import { DIAS_ATENCION } from '../sorteo/plazo-horario.ts';
import { calcularPlazas } from '../sorteo/plazas.ts';
import { RESPUESTAS_PLAZA, type TEstadoPlazas } from '../sorteo/plazas-estado.ts';
import { ZLista, type TSorteoDraw, type TPlazas } from '../sorteo/schemas.ts';

/**
 * The season's answer log as the server publishes it (GET /api/plazas/registro.json) and the check that
 * `npm run sorteo:verificar -- acta.json --plazas registro.json` runs (docs/decisions/0015): the roll-up of the
 * acta's results and this log, recomputed here, must give exactly the offers the server made, and the server
 * must never have stored an answer the rule refuses.
 */
export const REGISTRO_FORMATO = 'inscripciones-plazas-registro-v1';

export const ZRegistroPlazas = z.strictObject({
  formato: z.literal(REGISTRO_FORMATO),
  sorteoId: z.string(),
  publicadoEn: z.string(),
  plazoDias: z.number().int().positive(),
  /** Later changes of the cycle's deadline days: offers made from `desde` on get `dias` (decision 0015). */
  plazos: z.array(z.strictObject({ desde: z.string(), dias: z.number().int().positive() })).optional(),
  /** The opening hours every deadline was moved into (decision 0031); absent for older seasons. */
  horario: z
    .strictObject({
      apertura: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      cierre: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      dias: z.enum(DIAS_ATENCION),
    })
    .optional(),
  /** When the server wrote it: the state is computed at this time. */
  en: z.string(),
  eventos: z.array(
    z.strictObject({
      en: z.string(),
      numero: z.number().int(),
      /** 'plazo': an administrator changed the offer's deadline to `vence`. */
      respuesta: z.enum([...RESPUESTAS_PLAZA, 'plazo']),
      miembro: z.number().int().min(0).optional(),
      motivo: z.string().optional(),
      vence: z.string().optional(),
    }),
  ),
  ofertas: z.array(
    z.strictObject({
      numero: z.number().int(),
      miembro: z.number().int().min(0),
      lista: ZLista,
      origen: z.enum(['titular', 'suplente']),
      ofrecidaEn: z.string(),
      vence: z.string(),
    }),
  ),
});
export type TRegistroPlazas = z.infer<typeof ZRegistroPlazas>;

export const ofertaKey = (numero: number, miembro: number) => `${numero}:${miembro}`;

/** Each child the roll-up offered a place to (a child who declined while waiting never was), with the unit's offer. */
export function ofertasPorNino(estado: TEstadoPlazas) {
  const offered = new Set(
    estado.historial.filter((c) => c.estado === 'ofrecida').map((c) => ofertaKey(c.numero, c.miembro)),
  );
  return estado.ofertas.flatMap((o) =>
    o.miembros
      .filter((m) => offered.has(ofertaKey(o.numero, m.miembro)))
      .map((m) => ({ oferta: o, miembro: m, key: ofertaKey(o.numero, m.miembro) })),
  );
}

export type VerificacionPlazas =
  | { ok: true; eventos: number; ofertas: number; corrimientos: number; aceptadas: number; libres: number }
  | { ok: false; error: string };

export function verificarRegistro(
  raw: unknown,
  sorteo: { id: string; resultados: TSorteoDraw[]; plazas: TPlazas },
): VerificacionPlazas {
  const parsed = ZRegistroPlazas.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      error: `El registro de plazas no es válido: ${issue.path.join('.') || 'raíz'}: ${issue.message}`,
    };
  }
  const registro = parsed.data;
  if (registro.sorteoId !== sorteo.id) return { ok: false, error: 'El registro de plazas es de otro sorteo.' };
  const estado = calcularPlazas(
    {
      draws: sorteo.resultados,
      plazas: sorteo.plazas,
      publicadoEn: registro.publicadoEn,
      plazoDias: registro.plazoDias,
      plazos: registro.plazos,
      horario: registro.horario ?? null,
    },
    registro.eventos,
    registro.en,
  );
  const ignorado = estado.ignorados[0];
  if (ignorado)
    return { ok: false, error: `La respuesta ${ignorado.evento + 1} no cumple la regla: ${ignorado.motivo}.` };
  const show = (o: TRegistroPlazas['ofertas'][number] | undefined) =>
    o ? `N° ${o.numero} (integrante ${o.miembro + 1}, ${o.lista}) ofrecida ${o.ofrecidaEn}, vence ${o.vence}` : 'nada';
  const expected = ofertasPorNino(estado).map(({ oferta, miembro }) => ({
    numero: oferta.numero,
    miembro: miembro.miembro,
    lista: miembro.lista,
    origen: oferta.origen,
    ofrecidaEn: oferta.ofrecidaEn,
    vence: oferta.vence,
  }));
  const order = (a: { numero: number; miembro: number }, b: { numero: number; miembro: number }) =>
    a.numero - b.numero || a.miembro - b.miembro;
  const actual = [...registro.ofertas].sort(order);
  expected.sort(order);
  for (let i = 0; i < Math.max(expected.length, actual.length); i++) {
    if (JSON.stringify(expected[i]) !== JSON.stringify(actual[i])) {
      return {
        ok: false,
        error: `Oferta distinta: el registro dice «${show(actual[i])}», el corrimiento da «${show(expected[i])}».`,
      };
    }
  }
  return {
    ok: true,
    eventos: registro.eventos.length,
    ofertas: expected.length,
    corrimientos: expected.filter((o) => o.origen === 'suplente').length,
    aceptadas: estado.listas.nenas.aceptadas + estado.listas.varones.aceptadas,
    libres: estado.listas.nenas.libres + estado.listas.varones.libres,
  };
}

import type { TContenido } from './contenido-schema.ts';

/** How the school's content reads in sentences: the lottery of the finalised modal, the FAQ and the home page. */

const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'setiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** 'YYYY-MM-DD' → '31 de octubre' (the day and month, as SPEC 2 words the lottery date). */
export function fechaEnPalabras(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const mes = MESES[Number(m[2]) - 1];
  return mes ? `${Number(m[3])} de ${mes}` : iso;
}

/** 'YYYY-MM-DD' → '31 de octubre de 2026': what a family reads on its documents, which outlive the year. */
export function fechaConAnio(iso: string): string {
  const m = /^(\d{4})-\d{2}-\d{2}$/.exec(iso);
  return m ? `${fechaEnPalabras(iso)} de ${m[1]}` : iso;
}

/** The lottery's texts for a family's documents (constancia, status page): the date with its year. */
export function textosSorteoConAnio(
  c: Pick<TContenido, 'sorteoFecha' | 'sorteoHora' | 'sorteoLugar' | 'transmisionUrl'>,
): TextosSorteo {
  return { ...textosSorteo(c), fecha: fechaConAnio(c.sorteoFecha) };
}

/** "en el Comedor…", or "en la Biblioteca" when the place already starts with an article. */
export function enLugar(lugar: string): string {
  return /^(el|la|los|las)\s/i.test(lugar) ? `en ${lugar}` : `en el ${lugar}`;
}

export interface TextosSorteo {
  /** '31 de octubre' */
  fecha: string;
  /** '14:00 horas' */
  hora: string;
  /** 'Comedor de Secundaria (presencial)' */
  lugar: string;
  /** The modal's sentence (SPEC 2), with the configured date, time and place. */
  info: string;
  /** The live broadcast's address, '' when none is configured. */
  transmisionUrl: string;
}

/** With the data file's defaults these are exactly INSCRIPTO_MSG.lotteryDate, lotteryTime, lotteryPlace, lotteryInfo. */
export function textosSorteo(
  c: Pick<TContenido, 'sorteoFecha' | 'sorteoHora' | 'sorteoLugar' | 'transmisionUrl'>,
): TextosSorteo {
  const fecha = fechaEnPalabras(c.sorteoFecha);
  const hora = `${c.sorteoHora} horas`;
  return {
    fecha,
    hora,
    lugar: c.sorteoLugar,
    info:
      `El sorteo se realizará el ${fecha} a las ${hora} ${enLugar(c.sorteoLugar)}. ` +
      'También se transmitirá en vivo por redes sociales.',
    transmisionUrl: c.transmisionUrl,
  };
}

/** The office hours, one line each (the setting is multi-line text). */
export function lineasDeHorario(horarios: string): string[] {
  return horarios
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** 'tel:' link of a phone number as written ('2900 1234' → 'tel:29001234'; a leading + is kept). */
export function enlaceTelefono(telefono: string): string {
  const t = telefono.trim();
  return `tel:${t.startsWith('+') ? '+' : ''}${t.replace(/\D/g, '')}`;
}

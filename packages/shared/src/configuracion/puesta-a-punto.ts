import { z } from '../zod-es.ts';
import { cuenta } from '../plural.ts';
import { formatDateDMY } from '../inscriptos/dates.ts';

/**
 * GET /api/configuracion/puesta-a-punto (docs/decisions/0030): what a school checks before families take
 * papers home. Each item is `ok` or `aviso`, with a sentence that says what to do.
 */
export const PUNTOS = ['direccionPublica', 'fechaSorteo', 'contacto', 'inicialesTablero'] as const;

export const ZPuntoControl = z.object({
  id: z.enum(PUNTOS),
  titulo: z.string(),
  estado: z.enum(['ok', 'aviso']),
  detalle: z.string(),
});
export type TPuntoControl = z.infer<typeof ZPuntoControl>;

export const ZPuestaAPunto = z.object({ items: z.array(ZPuntoControl) });
export type TPuestaAPunto = z.infer<typeof ZPuestaAPunto>;

export const PUESTA_MSG = {
  titulo: 'Antes de entregar constancias',
  intro: 'Lo que las familias van a leer en sus casas: revisalo antes de imprimir.',
  ok: 'Listo',
  aviso: 'Revisar',
  direccion: 'Dirección pública',
  direccionOk: (url: string, entorno: boolean) =>
    `Las constancias llevan a ${url}/estado${entorno ? ' (la define la variable PUBLIC_URL del servidor)' : ''}.`,
  fecha: 'Fecha del sorteo',
  fechaOk: (fecha: string) => `El sorteo es el ${formatDateDMY(fecha)}.`,
  fechaHecho: (fecha: string) => `El sorteo del ${formatDateDMY(fecha)} ya se realizó.`,
  fechaPasada: (fecha: string, ciclo: string) =>
    `La fecha del sorteo de ${ciclo} (${formatDateDMY(fecha)}) ya pasó y el sorteo no se realizó: ` +
    'cambiala en los datos del sorteo de esta pantalla.',
  contacto: 'Contacto de la escuela',
  contactoOk: 'Teléfono, email y horario de atención están completos.',
  contactoFalta: (campos: string) =>
    `Las familias no tendrían a quién llamar: ${campos} todavía tienen el valor de ejemplo o están vacíos.`,
  iniciales: 'Iniciales en el tablero público',
  inicialesOk: 'El tablero público muestra el número y las iniciales de cada niño, nunca el nombre completo.',
  inicialesSinSorteo:
    'El tablero público va a mostrar el número y las iniciales de cada niño, nunca el nombre completo.',
  inicialesFaltan: (n: number) =>
    `${cuenta(n, 'niño', 'niños')} del sorteo no tienen nombre cargado: en el tablero público aparecen sin ` +
    'iniciales y su familia no puede reconocerlo.',
} as const;

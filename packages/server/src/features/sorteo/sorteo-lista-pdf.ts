import type { TParticipantesPublicos } from '@inscripciones/shared/sorteo/api-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { PDF_COLORS as COLORS, PDF_FONTS as FONTS } from '../../lib/pdf-document.ts';
import { enHoraDeUruguay, raffleDoc } from '../../lib/pdf-kit.ts';

/**
 * "Lista de participantes": the frozen list as the public sees it (number and initials), with the
 * commitment and the list's hash, for the witnesses to sign before the public value is entered. `lista` is
 * the very answer of GET /api/sorteo/participantes-publicos, so the paper and the board show the same list.
 */
export function listaParticipantesPdf(input: {
  anio: number;
  iniciadoEn: string;
  compromiso: string;
  /** The public value's declared source in words (0027); absent for raffles started before it. */
  fuente?: string | undefined;
  lista: Pick<TParticipantesPublicos, 'hash' | 'participantes'>;
}): Promise<Buffer> {
  const { hash, participantes } = input.lista;
  const r = raffleDoc(`Lista de participantes ${input.anio}`);
  const { doc, width } = r;
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.accent).text(SORTEO_MSG.tituloTablero(input.anio), { width });
  doc.font(FONTS.bold).fontSize(13).fillColor(COLORS.ink).text('Lista de participantes', { width });
  doc.moveDown(0.6);
  r.field('Sorteo iniciado', enHoraDeUruguay(input.iniciadoEn));
  r.field('Compromiso (SHA-256 de la semilla secreta)', input.compromiso, true);
  r.field('Hash de esta lista (SHA-256)', hash, true);
  if (input.fuente) r.field('Fuente del valor público (declarada al iniciar)', input.fuente);
  r.paragraph(
    'Firmamos esta lista antes de que se ingrese el valor público. Cada familia puede comprobar en /sorteo que ' +
      'su número figura en ella y que el hash coincide con el del tablero.',
  );
  const niños = participantes.reduce((n, p) => n + p.miembros.length, 0);
  r.section(`Participantes (${participantes.length} unidades, ${niños} niños y niñas)`);
  r.columns(
    participantes.map((p) => `${padNumero(p.numeroInscripcion)}  ${p.iniciales}`),
    3,
  );
  r.ensure(60 + 2 * 80);
  r.section('Firmas');
  r.signatures(['Operador/a', 'Escribano/a', 'Testigo', 'Testigo', 'Testigo', 'Testigo']);
  return r.finish(`Hash de la lista: ${hash}`);
}

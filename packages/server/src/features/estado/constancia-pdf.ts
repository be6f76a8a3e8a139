import type QRCodeLibrary from 'qrcode';
import { lazyLibrary } from '../../lib/lazy-library.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { codigoLegible } from '@inscripciones/shared/estado/estado-schema.ts';
import { fechaHoraLarga, fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import type { TextosSorteo } from '@inscripciones/shared/configuracion/textos.ts';
import { PDF_COLORS, PDF_FONTS as FONTS, newPdfDocument } from '../../lib/pdf-document.ts';
import { pdfText } from '../../lib/pdf-text.ts';

const qrcode = lazyLibrary<typeof QRCodeLibrary>('qrcode');

/** What the constancia shows: one A4 page the family takes home. */
export interface Constancia {
  /** The school's name (content `escuelaNombre`), the page's first line. */
  escuela: string;
  ciclo: string;
  numero: number;
  nombre: string;
  hermanos: string[];
  fechaInscripcion: string;
  sorteo: TextosSorteo;
  codigo: string;
  /** `<origin>/estado?numero=N&codigo=C`: the QR opens it with the code filled in. */
  url: string;
  emitida: Date;
}

const { ink: INK, muted: MUTED, accent: ACCENT } = PDF_COLORS;

export async function constanciaPdf(c: Constancia): Promise<PDFKit.PDFDocument> {
  const qr = await qrcode().toBuffer(c.url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 8 });
  const doc = newPdfDocument('Constancia de inscripción', () => `Emitida el ${fechaHoraLarga(c.emitida)}`);
  doc.addPage();
  const { left } = doc.page.margins;
  const width = doc.page.width - left - doc.page.margins.right;
  const numero = String(c.numero).padStart(3, '0');

  doc.font(FONTS.bold).fontSize(14).fillColor(INK).text(pdfText(c.escuela), { width });
  doc.font(FONTS.regular).fontSize(11).fillColor(MUTED).text(pdfText(c.ciclo));
  doc.font(FONTS.bold).fontSize(22).fillColor(ACCENT).text('Constancia de inscripción');
  doc.moveDown(0.8);
  const line = (label: string, value: string) => {
    doc.font(FONTS.bold).fontSize(11).fillColor(INK).text(`${label}: `, { continued: true });
    doc.font(FONTS.regular).text(pdfText(value));
    doc.moveDown(0.3);
  };
  doc.font(FONTS.bold).fontSize(16).fillColor(INK).text(`Número de inscripción: ${numero}`);
  doc.moveDown(0.5);
  line('Niño o niña', c.nombre);
  line('Hermanos inscriptos con el mismo número', c.hermanos.length ? c.hermanos.join(', ') : 'ninguno');
  line('Fecha de inscripción', fechaMontevideo(c.fechaInscripcion));

  doc.moveDown(0.6);
  doc.font(FONTS.bold).fontSize(13).fillColor(ACCENT).text('Sorteo');
  doc.moveDown(0.3);
  line('Fecha', c.sorteo.fecha);
  line('Hora', c.sorteo.hora);
  line('Lugar', c.sorteo.lugar);
  line('Transmisión en vivo', c.sorteo.transmisionUrl || 'por las redes sociales de la escuela');
  doc.font(FONTS.regular).fontSize(11).fillColor(INK).text(INSCRIPTO_MSG.lotteryKeepNumber, { width });

  doc.moveDown(1);
  doc.font(FONTS.bold).fontSize(13).fillColor(ACCENT).text('Consultar el estado de la inscripción');
  doc.moveDown(0.3);
  const top = doc.y;
  const size = 150;
  doc.image(qr, left, top, { width: size, height: size });
  const textX = left + size + 20;
  doc
    .font(FONTS.regular)
    .fontSize(11)
    .fillColor(INK)
    .text('Código de estado:', textX, top + 8, { width: width - size - 20 });
  doc
    .font(FONTS.monoBold)
    .fontSize(22)
    .text(codigoLegible(c.codigo), { width: width - size - 20 });
  doc.moveDown(0.4);
  doc
    .font(FONTS.regular)
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `Escaneá el código QR, o entrá a ${pdfText(c.url.split('?')[0]!)} e ingresá el número de inscripción ` +
        'y este código. Allí verá si la inscripción está completa y, después del sorteo, su lugar en las listas.',
      { width: width - size - 20 },
    );
  doc.text('No compartas el código: con él se consulta el estado de esta inscripción.', {
    width: width - size - 20,
  });
  doc.end();
  return doc;
}

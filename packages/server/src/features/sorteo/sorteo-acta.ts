import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import { ACTA_FORMATO, type TActa, type TActaLinea } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { childResults, splitLists, type TResultadoHijo } from '@inscripciones/shared/sorteo/results.ts';
import type { TLista, TSorteoDraw, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { LISTA_LABELS, SORTEO_MSG, STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import type { SorteoHead } from './sorteo-repository.ts';
import { DRAW_FUNCTION } from './sorteo-random.ts';
import { newPdfDocument, PDF_PAGE } from '../../lib/pdf-document.ts';
import { quotePrefixer } from '../../lib/xlsx-quote-prefix.ts';

/**
 * The acta of an archived raffle: JSON (everything the verifier needs), PDF (to print and sign) and an Excel
 * of the results. The PDF uses pdfkit's standard Helvetica (á, ñ, º render; ✓ does not) and Courier for hashes.
 */

function linea(r: TResultadoHijo): TActaLinea {
  return {
    posicion: r.posicion,
    numeroInscripcion: r.numero,
    nombreCompleto: r.miembro.nombreCompleto,
    etapa: r.stage,
    sorteo: r.index + 1,
  };
}

/** The acta of the first `head.indice` draws (all of them unless the raffle was ended early). */
export function buildActa(head: SorteoHead, units: TUnidad[], draws: readonly TSorteoDraw[]): TActa {
  const confirmed = draws.slice(0, head.indice);
  const lists = splitLists(childResults(units, confirmed));
  const both = (group: Record<TLista, TResultadoHijo[]>) => ({
    nenas: group.nenas.map(linea),
    varones: group.varones.map(linea),
  });
  return {
    formato: ACTA_FORMATO,
    id: head.id,
    anio: head.anio,
    iniciadoEn: head.creado_en,
    archivadoEn: head.archivado_en ?? head.actualizado_en,
    operador: { usuario: head.operador, nombre: head.operador_nombre },
    finalizadoPor: {
      usuario: head.archivado_por ?? head.operador,
      nombre: head.archivado_por_nombre ?? head.operador_nombre,
    },
    plazas: { nenas: head.plazas_nenas, varones: head.plazas_varones },
    participantesHash: head.participantes_hash,
    compromiso: head.compromiso,
    semilla: head.semilla,
    valorPublico: head.valor_publico,
    funcion: DRAW_FUNCTION,
    ...(head.motivo_duplicados ? { motivoDuplicados: head.motivo_duplicados } : {}),
    participantes: units,
    totalSorteos: head.total,
    sorteosConfirmados: confirmed.length,
    completo: confirmed.length >= head.total,
    resultados: confirmed,
    titulares: both(lists.titulares),
    suplentes: both(lists.suplentes),
  };
}

export function actaFilename(acta: TActa, ext: string, base = 'acta_sorteo'): string {
  const day = dateInMontevideo(new Date(acta.archivadoEn));
  return `${base}_${acta.anio}_${day}.${ext}`;
}

// ---------------------------------------------------------------- PDF

const COLORS = { ink: '#1f2933', muted: '#5f6b7a', rule: '#d5dbe3', accent: '#0b5394' };
const MARGIN = PDF_PAGE.margin;

export function actaPdf(acta: TActa): Readable {
  const doc = newPdfDocument(
    `Acta del sorteo ${acta.anio}`,
    (page) => `Acta del sorteo ${acta.anio} · ${acta.id} · Página ${page}`,
  );
  doc.addPage();
  const width = doc.page.width - 2 * MARGIN;
  const ensure = (h: number) => {
    if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  doc.font('Helvetica-Bold').fontSize(18).fillColor(COLORS.accent).text(SORTEO_MSG.tituloTablero(acta.anio), { width });
  doc.font('Helvetica-Bold').fontSize(13).fillColor(COLORS.ink).text('Acta del sorteo público de ingreso', { width });
  if (!acta.completo) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#a61b1b')
      .text(
        `Sorteo finalizado antes de terminar: ${acta.sorteosConfirmados} de ${acta.totalSorteos} sorteos confirmados.`,
        { width },
      );
  }
  doc.moveDown(0.6);

  const field = (label: string, value: string, mono = false) => {
    ensure(28);
    doc.font('Helvetica-Bold').fontSize(9).fillColor(COLORS.muted).text(label, { width });
    doc
      .font(mono ? 'Courier' : 'Helvetica')
      .fontSize(mono ? 8.5 : 10)
      .fillColor(COLORS.ink)
      .text(value, { width });
    doc.moveDown(0.3);
  };
  const totalTitulares = acta.titulares.nenas.length + acta.titulares.varones.length;
  const totalSuplentes = acta.suplentes.nenas.length + acta.suplentes.varones.length;
  field('Inicio', fechaHoraTexto(acta.iniciadoEn));
  field('Finalización', fechaHoraTexto(acta.archivadoEn));
  field('Operador', `${acta.operador.nombre} (${acta.operador.usuario})`);
  if (acta.finalizadoPor.usuario !== acta.operador.usuario) {
    field('Finalizado por', `${acta.finalizadoPor.nombre} (${acta.finalizadoPor.usuario})`);
  }
  field('Plazas', `Nenas: ${acta.plazas.nenas} · Varones: ${acta.plazas.varones}`);
  field(
    'Participantes',
    `${acta.participantes.reduce((n, u) => n + u.miembros.length, 0)} niños y niñas en ${acta.participantes.length} ` +
      `unidades (sorteos) · Titulares: ${totalTitulares} · Suplentes: ${totalSuplentes}`,
  );
  field('Hash de la lista de participantes (SHA-256)', acta.participantesHash, true);
  field('Compromiso publicado al inicio (SHA-256 de la semilla)', acta.compromiso, true);
  field('Semilla (revelada al finalizar)', acta.semilla, true);
  field('Valor público', acta.valorPublico || '(ninguno)');
  field('Función de sorteo', acta.funcion);
  if (acta.motivoDuplicados) field('Iniciado con posibles duplicados sin resolver. Motivo', acta.motivoDuplicados);
  field(
    'Verificación',
    'Con el acta en JSON: npm run sorteo:verificar -- acta.json. Comprueba que la semilla corresponde al ' +
      'compromiso, recalcula el hash de la lista y repite todo el sorteo, resultado por resultado.',
  );

  const section = (title: string) => {
    ensure(40);
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(12).fillColor(COLORS.accent).text(title, MARGIN, doc.y, { width });
    const y = doc.y + 2;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(COLORS.rule)
      .lineWidth(0.8)
      .stroke();
    doc.moveDown(0.4);
  };
  const rows = (lines: TActaLinea[]) => {
    if (!lines.length) {
      doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted).text('(nadie)', MARGIN, doc.y, { width });
      return;
    }
    for (const l of lines) {
      ensure(14);
      const y = doc.y;
      doc.font('Helvetica').fontSize(9.5).fillColor(COLORS.ink);
      doc.text(`${l.posicion}.`, MARGIN, y, { width: 28, lineBreak: false });
      doc.font('Helvetica-Bold').text(padNumero(l.numeroInscripcion), MARGIN + 30, y, { width: 40, lineBreak: false });
      doc.font('Helvetica').text(l.nombreCompleto, MARGIN + 72, y, { width: width - 72 - 160, lineBreak: false });
      doc
        .fontSize(8)
        .fillColor(COLORS.muted)
        .text(`${STAGE_LABELS[l.etapa]} · sorteo ${l.sorteo}`, MARGIN + width - 158, y + 1, {
          width: 158,
          align: 'right',
          lineBreak: false,
        });
      doc.x = MARGIN;
      doc.y = y + 14;
    }
  };
  for (const lista of ['nenas', 'varones'] as const) {
    section(`Titulares — ${LISTA_LABELS[lista]} (${acta.titulares[lista].length} de ${acta.plazas[lista]} plazas)`);
    rows(acta.titulares[lista]);
  }
  for (const lista of ['nenas', 'varones'] as const) {
    section(`Suplentes — ${LISTA_LABELS[lista]}, en orden (${acta.suplentes[lista].length})`);
    rows(acta.suplentes[lista]);
  }

  ensure(170);
  doc.moveDown(1.5);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(COLORS.accent).text('Firmas', MARGIN, doc.y, { width });
  doc.moveDown(2.5);
  const colW = (width - 40) / 3;
  for (const labels of [
    ['Operador/a', 'Dirección', 'Testigo'],
    ['Testigo', 'Testigo', 'Testigo'],
  ]) {
    const y = doc.y;
    labels.forEach((label, i) => {
      const x = MARGIN + i * (colW + 20);
      doc
        .moveTo(x, y)
        .lineTo(x + colW, y)
        .strokeColor(COLORS.ink)
        .lineWidth(0.6)
        .stroke();
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(COLORS.muted)
        .text(`${label} — firma y aclaración`, x, y + 4, { width: colW, lineBreak: false });
    });
    doc.x = MARGIN;
    doc.y = y + 60;
  }
  doc.end();
  return doc;
}

// ---------------------------------------------------------------- Excel

const XLSX_COLUMNS = [
  { header: 'Posición', key: 'posicion', width: 10 },
  { header: 'N° de inscripción', key: 'numero', width: 16 },
  { header: 'Nombre completo', key: 'nombre', width: 40 },
  { header: 'Etapa', key: 'etapa', width: 22 },
  { header: 'N° de sorteo', key: 'sorteo', width: 12 },
];

/** One sheet per list plus the raffle's data; streamed with exceljs's WorkbookWriter (DESIGN "Files"). */
export function resultadosXlsx(acta: TActa): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  workbook.creator = 'Inscripciones';
  // Names typed by staff could begin like a formula.
  const quotePrefix = quotePrefixer(workbook);
  void (async () => {
    try {
      const sheets: [string, TActaLinea[]][] = [
        ['Titulares nenas', acta.titulares.nenas],
        ['Titulares varones', acta.titulares.varones],
        ['Suplentes nenas', acta.suplentes.nenas],
        ['Suplentes varones', acta.suplentes.varones],
      ];
      for (const [name, lines] of sheets) {
        const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
        sheet.columns = XLSX_COLUMNS;
        sheet.getRow(1).font = { bold: true };
        for (const l of lines) {
          quotePrefix(
            sheet.addRow({
              posicion: l.posicion,
              // Text, so Excel keeps the zeros and never reads it as a formula.
              numero: padNumero(l.numeroInscripcion),
              nombre: l.nombreCompleto,
              etapa: STAGE_LABELS[l.etapa],
              sorteo: l.sorteo,
            }),
          ).commit();
        }
        sheet.commit();
      }
      const info = workbook.addWorksheet('Sorteo');
      info.columns = [
        { header: 'Dato', key: 'k', width: 34 },
        { header: 'Valor', key: 'v', width: 90 },
      ];
      info.getRow(1).font = { bold: true };
      const data: [string, string | number][] = [
        ['Año de ingreso', acta.anio],
        ['Inicio', fechaHoraTexto(acta.iniciadoEn)],
        ['Finalización', fechaHoraTexto(acta.archivadoEn)],
        ['Operador', `${acta.operador.nombre} (${acta.operador.usuario})`],
        ['Plazas nenas', acta.plazas.nenas],
        ['Plazas varones', acta.plazas.varones],
        ['Sorteos confirmados', `${acta.sorteosConfirmados} de ${acta.totalSorteos}`],
        ['Hash de participantes (SHA-256)', acta.participantesHash],
        ['Compromiso (SHA-256 de la semilla)', acta.compromiso],
        ['Semilla', acta.semilla],
        ['Valor público', acta.valorPublico],
        ['Función de sorteo', acta.funcion],
      ];
      for (const [k, v] of data) quotePrefix(info.addRow({ k, v })).commit();
      info.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

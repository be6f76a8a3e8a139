import { PassThrough, type Readable } from 'node:stream';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import type { TActa, TActaLinea } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { sheetWithHead, xlsxWriter } from '../../lib/xlsx-writer.ts';

/** The Excel of a closed raffle's results (docs/decisions/0008 "El final y el acta"). */

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
  // Names typed by staff could begin like a formula: quotePrefix.
  const { workbook, quotePrefix } = xlsxWriter(out);
  void (async () => {
    try {
      const sheets: [string, TActaLinea[]][] = [
        ['Titulares nenas', acta.titulares.nenas],
        ['Titulares varones', acta.titulares.varones],
        ['Suplentes nenas', acta.suplentes.nenas],
        ['Suplentes varones', acta.suplentes.varones],
      ];
      for (const [name, lines] of sheets) {
        const sheet = sheetWithHead(workbook, name, XLSX_COLUMNS);
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
      const columns = [
        { header: 'Dato', key: 'k', width: 34 },
        { header: 'Valor', key: 'v', width: 90 },
      ];
      const info = sheetWithHead(workbook, 'Sorteo', columns, false);
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

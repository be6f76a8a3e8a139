import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { TActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { textCells } from '../../test/xlsx-xml.ts';
import { resultadosXlsx } from './sorteo-acta-xlsx.ts';

describe('raffle results workbook', () => {
  it('gives the quote prefix to names that begin like a formula, and only to them', async () => {
    const linea = (posicion: number, nombreCompleto: string) =>
      ({ posicion, numeroInscripcion: posicion, nombreCompleto, etapa: 'comun', sorteo: posicion }) as const;
    const acta = {
      anio: 2027,
      iniciadoEn: '2026-10-31T17:00:00.000Z',
      archivadoEn: '2026-10-31T18:00:00.000Z',
      operador: { usuario: 'admin', nombre: 'Administrador' },
      plazas: { nenas: 2, varones: 0 },
      sorteosConfirmados: 2,
      totalSorteos: 2,
      participantesHash: 'a'.repeat(64),
      compromiso: 'b'.repeat(64),
      semilla: 'c'.repeat(64),
      valorPublico: 'dados 1 2 3',
      funcion: 'sha256',
      titulares: { nenas: [linea(1, '=HYPERLINK("http://x","Ana")'), linea(2, 'Ana Pérez')], varones: [] },
      suplentes: { nenas: [], varones: [] },
    } as unknown as TActa;
    const cells = textCells(await buffer(resultadosXlsx(acta)));
    expect(cells.filter((c) => c.quotePrefix).map((c) => c.text)).toEqual(['=HYPERLINK("http://x","Ana")']);
    expect(cells.find((c) => c.text === 'Ana Pérez')?.quotePrefix).toBe(false);
  });
});

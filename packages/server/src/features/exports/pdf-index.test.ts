import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { allInscriptosPdf } from './bulk-pdf.ts';
import { ROWS_FIRST, ROWS_NEXT, indexPageCount } from './pdf-index.ts';

async function toBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const today = new Date('2026-11-10T12:00:00Z');
const base = completeInscripto(today);

async function* records(n: number): AsyncIterable<TInscripto> {
  for (let i = 1; i <= n; i++) {
    // Every third one a pending record without a number, which takes the same pages.
    const pending = i % 3 === 0;
    yield {
      ...base,
      nombre1: `Niño${i}`,
      nombre2: '',
      apellido2: '',
      apellido1: `Apellido${i}`,
      numeroInscripcion: pending ? null : i,
      estado: pending ? 'pendiente' : 'finalizado',
    } as unknown as TInscripto;
  }
}

describe('the printed index of the PDF masivo', () => {
  it('counts its pages from the rows that fit', () => {
    expect(indexPageCount(1)).toBe(1);
    expect(indexPageCount(ROWS_FIRST)).toBe(1);
    expect(indexPageCount(ROWS_FIRST + 1)).toBe(2);
    expect(indexPageCount(ROWS_FIRST + ROWS_NEXT + 1)).toBe(3);
  });

  it('spans several pages right after the cover, and every row names the page its enrolment starts on', async () => {
    const n = ROWS_FIRST + 5;
    const buffer = await toBuffer(allInscriptosPdf(records(n), { total: n, pendientes: 0, finalizados: n }, today));
    const pdf = await getDocumentProxy(new Uint8Array(buffer));
    const pages = (await extractText(pdf, { mergePages: false })).text.map((p) => p.replace(/\s+/g, ' '));
    expect(pages[0]).toContain('Inscripciones a primer año');
    expect(pages[1]).toContain('Índice');
    expect(pages[1]).toContain('Índice · Página 1 de 2');
    expect(pages[2]).toContain('Índice · Página 2 de 2');
    const rows = [
      ...`${pages[1]} ${pages[2]}`.matchAll(/(\d{3}|Sin número) (Niño\d+) Apellido\d+ (FINALIZADO|PENDIENTE) (\d+)/g),
    ];
    expect(rows).toHaveLength(n);
    expect(rows[0]![4]).toBe('4');
    for (const [, numero, nombre, estado, page] of rows) {
      const first = pages[Number(page) - 1]!;
      expect(first).toContain(`${nombre} `);
      expect(first).toContain(numero === 'Sin número' ? 'Sin número' : `Inscripción ${numero}`);
      expect(first).toContain(estado);
      expect(first).toMatch(/Página 1 de [12]/);
    }
    // Every enrolment page names its child with "Página N de M"; the last page belongs to the last child.
    for (const page of pages.slice(3)) expect(page).toMatch(/Niño\d+ .*Página [12] de [12]/);
    expect(pages.at(-1)).toContain(`Niño${n} `);
    // Each row is a link to its enrolment's first page.
    const links = (await (await pdf.getPage(2)).getAnnotations()) as { dest?: unknown[] }[];
    expect(links).toHaveLength(ROWS_FIRST);
    const target = await pdf.getPageIndex(links[1]!.dest![0] as Parameters<typeof pdf.getPageIndex>[0]);
    expect(target + 1).toBe(Number(rows[1]![4]));
    // The outline agrees with the printed index.
    const outline = ((await pdf.getOutline()) ?? []).map((item) => item.title);
    expect(outline).toHaveLength(n);
    expect(outline[0]).toBe(`Inscripción 001 · Niño1 Apellido1 · FINALIZADO · página ${rows[0]![4]}`);
  }, 60_000);
});

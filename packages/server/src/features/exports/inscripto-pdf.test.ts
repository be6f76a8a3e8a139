import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { SECTION_TITLES } from '@inscripciones/shared/inscriptos/fields.ts';
import { inscriptoPdf } from './inscripto-pdf.ts';

async function toBuffer(doc: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readPdf(buffer: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('PDF of one enrolment', () => {
  const today = new Date('2026-11-10T12:00:00Z');
  const record = {
    ...completeInscripto(today),
    nombre1: 'Agustín',
    apellido1: 'Muñoz',
    apellido2: 'Güemes',
    numeroInscripcion: 7,
    estado: 'finalizado' as const,
    fechaInscripcion: '2026-11-02T13:05:00.000Z',
    updatedAt: '2026-11-03T18:40:00.000Z',
    funcionario: 'maria',
  };

  it('has the header, every section title, readable values and correct accents', async () => {
    const buffer = await toBuffer(inscriptoPdf(record));
    expect(buffer.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, totalPages } = await readPdf(buffer);
    expect(text).toContain('Agustín');
    expect(text).toContain('Muñoz');
    expect(text).toContain('Güemes');
    expect(text).toContain('N° de inscripción 007');
    expect(text).toContain('FINALIZADO');
    expect(text).toContain('02/11/2026 10:05');
    for (const title of Object.values(SECTION_TITLES)) expect(text).toContain(title);
    expect(text).toContain('Sí');
    expect(text).not.toMatch(/\bfijoMayor8\b|\bviviendaTerreno\b/);
    expect(totalPages).toBeGreaterThanOrEqual(1);
    expect(totalPages).toBeLessThanOrEqual(2);
  });

  it('fits two pages, and every page names the child and the number with "Página N de M"', async () => {
    const buffer = await toBuffer(inscriptoPdf(record));
    const pdf = await getDocumentProxy(new Uint8Array(buffer));
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    expect(totalPages).toBeLessThanOrEqual(2);
    text.forEach((page, i) => {
      const flat = page.replace(/\s+/g, ' ');
      expect(flat).toContain('Inscripción 007 · Agustín');
      expect(flat).toContain('Muñoz');
      expect(flat).toContain(`Página ${i + 1} de ${totalPages}`);
    });
  });

  it('shows siblings as the form does: "Masculino", "3° año", the formatted CI', async () => {
    const { text } = await readPdf(await toBuffer(inscriptoPdf(record)));
    expect(text).toContain('Sexo: Masculino');
    expect(text).toContain('Nivel: 3° año');
    expect(text).toContain('Cédula: 6.543.211-1');
    expect(text).not.toMatch(/Sexo: M\b|Nivel: 3 /);
  });

  it('leaves empty optional fields out instead of a page of "—"', async () => {
    const { text, totalPages } = await readPdf(
      await toBuffer(inscriptoPdf({ nombre1: 'Ñandú', apellido1: 'Pérez', estado: 'pendiente' })),
    );
    expect(totalPages).toBe(1);
    expect(text).not.toContain('Segundo Nombre');
    expect(text).toContain('No se completó ningún campo de esta sección.');
  });

  it('renders an almost empty record without failing, marked as pending and without number', async () => {
    const { text } = await readPdf(await toBuffer(inscriptoPdf({ nombre1: 'Ñandú', estado: 'pendiente' })));
    expect(text).toContain('Ñandú');
    expect(text).toContain('Sin número');
    expect(text).toContain('PENDIENTE');
  });

  it('draws the error mark as "×" and an emoji as "?", never as unrelated letters', async () => {
    const { text } = await readPdf(
      await toBuffer(
        inscriptoPdf({
          nombre1: 'Ñandú',
          estado: 'pendiente',
          observaciones: 'Falta la cédula ❌ revisar 👍🏽 después',
        }),
      ),
    );
    expect(text).toContain('Falta la cédula × revisar ? después');
    expect(text).not.toContain("'L");
  });
});

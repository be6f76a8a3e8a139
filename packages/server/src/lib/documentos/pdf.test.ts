import zlib from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { crearJpeg, crearPdf, objStm } from '../../test/documentos-fixtures.ts';
import { revisarPdf } from './pdf.ts';

const MAL = { ok: false, codigo: 'MALFORMED' };
const PROHIBIDO = { ok: false, codigo: 'FORBIDDEN_CONTENT' };
const OK = { ok: true };

/** A PDF as pdfkit writes it (compressed content, Info with Producer and dates) with a JPEG on its page. */
async function pdfDePdfkit(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Author: 'Familia Pérez', Title: 'Constancia' } });
  const partes: Buffer[] = [];
  doc.on('data', (b: Buffer) => partes.push(b));
  const fin = new Promise((r) => doc.on('end', r));
  doc.text('Constancia de domicilio', 50, 50).image(crearJpeg(64, 48, { ruido: true }), 50, 100, { width: 200 });
  doc.end();
  await fin;
  return Buffer.concat(partes);
}

describe('revisarPdf', () => {
  it('accepts a plain PDF, one written by pdfkit, and one whose OpenAction only opens a page', async () => {
    expect(revisarPdf(crearPdf({ info: '<< /Author (Juan) /Producer (Escáner) >>' }))).toEqual(OK);
    expect(revisarPdf(await pdfDePdfkit())).toEqual(OK);
    expect(revisarPdf(crearPdf({ catalogo: '/OpenAction [3 0 R /Fit] ' }))).toEqual(OK);
  });

  it('refuses a PDF without its end: no %%EOF, no startxref, a stream that never ends, a bad header', () => {
    const pdf = crearPdf();
    expect(revisarPdf(pdf.subarray(0, pdf.length - 7))).toEqual(MAL);
    expect(revisarPdf(Buffer.from(pdf.toString('latin1').replace('startxref', 'startxreg'), 'latin1'))).toEqual(MAL);
    expect(revisarPdf(Buffer.from(pdf.toString('latin1').replace('endstream', 'endstreaX'), 'latin1'))).toEqual(MAL);
    expect(revisarPdf(Buffer.from(pdf.toString('latin1').replace('%PDF-1.7', '%PDF-x.7'), 'latin1'))).toEqual(MAL);
  });

  it('refuses data appended after %%EOF, but not trailing white space', () => {
    expect(revisarPdf(Buffer.concat([crearPdf(), Buffer.from('\r\n\0  ')]))).toEqual(OK);
    expect(revisarPdf(Buffer.concat([crearPdf(), Buffer.from('<script>')]))).toEqual(PROHIBIDO);
  });

  it.each([
    ['JavaScript on opening', { catalogo: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ' }],
    [
      'document-level JavaScript',
      { catalogo: '/Names << /JavaScript 5 0 R >> ', objetos: ['<< /Names [(a) 6 0 R] >>'] },
    ],
    ['a JS key alone', { objetos: ['<< /JS 6 0 R >>'] }],
    ['a name written with #xx escapes', { catalogo: '/OpenAction << /S /J#61va#53cript /J#53 (x) >> ' }],
    ['launching a program', { catalogo: '/OpenAction << /S /Launch /F (cmd.exe) >> ' }],
    ['an attached file', { catalogo: '/Names << /EmbeddedFiles 5 0 R >> ', objetos: ['<< /Names [] >>'] }],
    ['an embedded file stream', { objetos: ['<< /Type /EmbeddedFile /Length 2 >>\nstream\nMZ\nendstream'] }],
    [
      'a file attachment annotation',
      { objetos: ['<< /Type /Annot /Subtype /FileAttachment /FS << /EF << /F 6 0 R >> >> >>'] },
    ],
    ['a file specification with EF', { objetos: ['<< /Type /Filespec /EF << /F 6 0 R >> >>'] }],
    ['an XFA form', { catalogo: '/AcroForm << /XFA 5 0 R >> ', objetos: ['<< >>'] }],
    ['a form that sends data', { objetos: ['<< /S /SubmitForm /F (http://example.com) >>'] }],
    ['a link to a file on a network share', { objetos: ['<< /S /GoToR /F (\\\\\\\\servidor\\\\x.pdf) >>'] }],
  ])('refuses a PDF with %s', (_, opciones) => {
    expect(revisarPdf(crearPdf(opciones))).toEqual(PROHIBIDO);
  });

  it('finds JavaScript hidden in a compressed object stream, and accepts a harmless one', () => {
    const js = objStm(['<< /S /JavaScript /JS (app.alert(1)) >>'], 6);
    expect(revisarPdf(crearPdf({ catalogo: '/OpenAction 6 0 R ', objetos: [js] }))).toEqual(PROHIBIDO);
    const escapado = objStm(['<< /S /Launch#20 >>', '<< /J#53 (x) >>'], 6);
    expect(revisarPdf(crearPdf({ objetos: [escapado] }))).toEqual(PROHIBIDO);
    const inocente = objStm(['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'], 6);
    expect(revisarPdf(crearPdf({ objetos: [inocente] }))).toEqual(OK);
    expect(revisarPdf(crearPdf({ objetos: [objStm(['<< /JS (x) >>'], 6, null)] }))).toEqual(PROHIBIDO);
  });

  it('refuses object streams it cannot read: another encoding, a predictor, an inflation bomb', () => {
    expect(revisarPdf(crearPdf({ objetos: [objStm(['<< >>'], 6, '/ASCIIHexDecode')] }))).toEqual(PROHIBIDO);
    expect(revisarPdf(crearPdf({ objetos: [objStm(['<< >>'], 6, '[/FlateDecode /ASCII85Decode]')] }))).toEqual(
      PROHIBIDO,
    );
    const predictor = objStm(['<< >>'], 6)
      .toString('latin1')
      .replace('/Filter', '/DecodeParms << /Predictor 12 >> /Filter');
    expect(revisarPdf(crearPdf({ objetos: [Buffer.from(predictor, 'latin1')] }))).toEqual(PROHIBIDO);
    const bomba = zlib.deflateSync(Buffer.alloc(17 * 1024 * 1024, 0x20), { level: 9 });
    const stream = Buffer.concat([
      Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Length ${bomba.length} /Filter /FlateDecode >>\nstream\n`),
      bomba,
      Buffer.from('\nendstream'),
    ]);
    expect(bomba.length).toBeLessThan(100_000);
    expect(revisarPdf(crearPdf({ objetos: [stream] }))).toEqual(PROHIBIDO);
  });

  it('refuses more than 20,000 streams, more than 2,000 object streams, and an object stream without its data', () => {
    const vacio = '<< /Length 0 >>\nstream\n\nendstream';
    expect(revisarPdf(crearPdf({ objetos: Array.from({ length: 19_990 }, () => vacio) }))).toEqual(OK);
    expect(revisarPdf(crearPdf({ objetos: Array.from({ length: 20_000 }, () => vacio) }))).toEqual(MAL);
    const objStms = (n: number) => Array.from({ length: n }, () => objStm(['<< >>'], 9));
    expect(revisarPdf(crearPdf({ objetos: objStms(2_000) }))).toEqual(OK);
    expect(revisarPdf(crearPdf({ objetos: objStms(2_001) }))).toEqual(PROHIBIDO);
    expect(revisarPdf(crearPdf({ objetos: ['<< /Type /ObjStm /N 1 /First 4 >>'] }))).toEqual(PROHIBIDO);
  });

  it('refuses an encrypted PDF', () => {
    const pdf = crearPdf()
      .toString('latin1')
      .replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard /V 2 >>');
    expect(revisarPdf(Buffer.from(pdf, 'latin1'))).toEqual({ ok: false, codigo: 'ENCRYPTED' });
  });

  it('does not take two-letter names in binary stream data for keys (a scanned page is mostly that)', () => {
    const imagen = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xdb]),
      Buffer.from(' /JS /EF /Encrypt 1 '),
      Buffer.alloc(32, 0xa5),
    ]);
    const objeto = Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /DCTDecode /Length ${imagen.length} >>\nstream\n`,
      ),
      imagen,
      Buffer.from('\nendstream'),
    ]);
    expect(revisarPdf(crearPdf({ objetos: [objeto] }))).toEqual(OK);
  });
});

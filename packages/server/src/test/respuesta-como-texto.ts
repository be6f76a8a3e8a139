import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { extractText, getDocumentProxy } from 'unpdf';

/*
 * Everything an answer says, as text, to look for words that must not be in it: JSON and HTML as they are, the
 * text of a PDF, the cells of a workbook, each PDF of a ZIP and its name, and an event stream for as long as
 * it is read.
 */

async function textoDePdf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

function textoDeLibro(bytes: Uint8Array): string {
  const libro = XLSX.read(bytes, { type: 'buffer' });
  return libro.SheetNames.map((n) => XLSX.utils.sheet_to_csv(libro.Sheets[n]!)).join('\n');
}

/** Each file of a ZIP (read from its central directory: the export streams its entries) with its name. */
async function textoDeZip(bytes: Uint8Array): Promise<string> {
  const buf = Buffer.from(bytes);
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const partes: string[] = [];
  for (let i = 0; i < count; i++) {
    const metodo = buf.readUInt16LE(p + 10);
    const comprimido = buf.readUInt32LE(p + 20);
    const nombreLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const nombre = buf.subarray(p + 46, p + 46 + nombreLen).toString();
    p += 46 + nombreLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
    const inicio = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const datos = buf.subarray(inicio, inicio + comprimido);
    const contenido = metodo === 8 ? zlib.inflateRawSync(datos) : datos;
    partes.push(nombre, nombre.endsWith('.pdf') ? await textoDePdf(contenido) : contenido.toString());
  }
  return partes.join('\n');
}

/** Reads an event stream for `ms`, then gives it up. */
async function textoDeEventos(res: Response, ms: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let texto = '';
  const fin = Date.now() + ms;
  for (;;) {
    const restante = fin - Date.now();
    if (restante <= 0) break;
    let timer: NodeJS.Timeout | undefined;
    const pausa = new Promise<null>((r) => (timer = setTimeout(() => r(null), restante)));
    const parte = await Promise.race([reader.read(), pausa]);
    clearTimeout(timer);
    if (!parte || parte.done) break;
    texto += decoder.decode(parte.value, { stream: true });
  }
  await reader.cancel();
  return texto;
}

/** The answer's text, whatever its type; the kind it was read as. */
export async function textoDeRespuesta(res: Response, eventosMs = 400): Promise<{ tipo: string; texto: string }> {
  const tipo = res.headers.get('content-type') ?? '';
  if (tipo.startsWith('text/event-stream')) return { tipo: 'eventos', texto: await textoDeEventos(res, eventosMs) };
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (tipo.startsWith('application/pdf')) return { tipo: 'pdf', texto: await textoDePdf(bytes) };
  if (tipo.includes('spreadsheetml')) return { tipo: 'xlsx', texto: textoDeLibro(bytes) };
  if (tipo.startsWith('application/zip')) return { tipo: 'zip', texto: await textoDeZip(bytes) };
  return { tipo, texto: Buffer.from(bytes).toString() };
}

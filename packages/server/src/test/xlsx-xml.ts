import * as XLSX from '@e965/xlsx';

/** The XML of one part of an .xlsx file (a ZIP), e.g. 'xl/styles.xml'. */
export function xlsxPart(file: Buffer, name: string): string {
  const entry = XLSX.CFB.find(XLSX.CFB.read(file, { type: 'buffer' }), `/${name}`);
  if (!entry?.content) throw new Error(`the file has no ${name}`);
  return Buffer.from(entry.content as Uint8Array).toString('utf8');
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, e: string) =>
    e.startsWith('#x') || e.startsWith('#X')
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith('#')
        ? String.fromCodePoint(Number(e.slice(1)))
        : (XML_ENTITIES[e] ?? `&${e};`),
  );

export interface XmlCell {
  ref: string;
  text: string;
  /** The cell's format (cellXfs entry in styles.xml) has quotePrefix="1". */
  quotePrefix: boolean;
}

/** The text cells of the first sheet, read from the XML itself, with the quote prefix of their format. */
export function textCells(file: Buffer): XmlCell[] {
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xlsxPart(file, 'xl/styles.xml'))?.[1] ?? '';
  const prefixed = [...cellXfs.matchAll(/<xf\b([^>]*?)\/?>/g)].map((m) => /\bquotePrefix="(1|true)"/.test(m[1]!));
  const sheet = xlsxPart(file, 'xl/worksheets/sheet1.xml');
  return [...sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)>([\s\S]*?)<\/c>/g)]
    .filter((m) => /\bt="(str|inlineStr)"/.test(m[2]!))
    .map((m) => {
      const style = Number(/\bs="(\d+)"/.exec(m[2]!)?.[1] ?? 0);
      const text = [...m[3]!.matchAll(/<(?:t|v)\b[^>]*>([\s\S]*?)<\/(?:t|v)>/g)].map((t) => decodeXml(t[1]!)).join('');
      return { ref: m[1]!, text, quotePrefix: prefixed[style] === true };
    });
}

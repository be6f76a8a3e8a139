import crypto from 'node:crypto';
import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/** A ZIP of `parts`, each deflated, sizes in the local headers and the central directory (as most writers do). */
export function zipOf(parts: { name: string; content: Buffer }[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const data = zlib.deflateRawSync(part.content);
    const crc = zlib.crc32(part.content);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(part.content.length, 22);
    head.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(part.content.length, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    local.push(head, name, data);
    central.push(dir, name);
    offset += head.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

/** The parts of a real .xlsx written by SheetJS (shared strings on), `change` applied to each part's content. */
function rewrittenWorkbook(rows: unknown[][], change: (name: string, content: Buffer) => Buffer): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Hoja1');
  const plain = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', bookSST: true }) as Buffer;
  const cfb = XLSX.CFB.read(plain, { type: 'buffer' }) as {
    FullPaths: string[];
    FileIndex: { type: number; content: Uint8Array }[];
  };
  return zipOf(
    cfb.FileIndex.flatMap((entry, i) => {
      if (entry.type !== 2) return []; // files only
      const name = cfb.FullPaths[i]!.replace(/^[^/]*\//, '');
      return [{ name, content: change(name, Buffer.from(entry.content)) }];
    }),
  );
}

/**
 * A small workbook whose shared-strings table holds `count` distinct strings of about `length` characters
 * (from 32 on, each ends in 32 random hex digits, so the file does not compress to nothing): a hostile
 * file can be 170,000 strings of about 1 KB, 181 MB expanded in a 3.3 MB file.
 */
export function workbookWithSharedStrings(count: number, length: number): Buffer {
  const filler = 'x'.repeat(Math.max(0, length - 32));
  const distinct = (i: number) => (length < 32 ? i.toString(36) : crypto.randomBytes(16).toString('hex'));
  const strings: string[] = [];
  for (let i = 0; i < count; i++) strings.push(`<si><t>${filler}${distinct(i)}</t></si>`);
  const sst = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">` +
      `${strings.join('')}</sst>`,
  );
  return rewrittenWorkbook([['nombre1'], ['Ana']], (name, content) =>
    name === 'xl/sharedStrings.xml' ? sst : content,
  );
}

/** A workbook whose sheet holds `rows` (a small one by default) and declares the range `ref` (its dimension). */
export function workbookDeclaring(ref: string, rows: unknown[][] = [['nombre1'], ['Ana']]): Buffer {
  return rewrittenWorkbook(rows, (name, content) =>
    name.startsWith('xl/worksheets/')
      ? Buffer.from(content.toString('utf8').replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="${ref}"/>`))
      : content,
  );
}

/**
 * A workbook whose sheet declares A1:B2 and holds `rows` rows of `columns` numeric cells, written without
 * their optional `r` attribute: 3,000,000 cells are 45 MB of XML that deflate to a small file.
 */
export function workbookHoldingCells(rows: number, columns: number): Buffer {
  const row = Buffer.from(`<row>${'<c><v>1</v></c>'.repeat(columns)}</row>`);
  return rewrittenWorkbook([['nombre1'], ['Ana']], (name, content) => {
    if (!name.startsWith('xl/worksheets/')) return content;
    const xml = content.toString('utf8').replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:B2"/>');
    const [before, after] = xml.split(/<sheetData>[\s\S]*<\/sheetData>/) as [string, string];
    return Buffer.concat([
      Buffer.from(`${before}<sheetData>`),
      ...Array<Buffer>(rows).fill(row),
      Buffer.from(`</sheetData>${after}`),
    ]);
  });
}

/** A workbook of one sheet with these rows (the first is the header). */
export function workbookOf(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Hoja1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A multipart body carrying one file in `field`, as the import's form sends it. */
export function multipartOf(filename: string, content: Buffer, field = 'excelFile') {
  const boundary = '----inscripciones-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

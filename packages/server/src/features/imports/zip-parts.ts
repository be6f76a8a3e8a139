import zlib from 'node:zlib';

/** One part of a ZIP as its central directory describes it. */
export interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** The declared uncompressed size (Infinity for ZIP64, which a spreadsheet of 10 MB never needs). */
  size: number;
  localOffset: number;
}

/** The parts listed in the central directory, or null when there is none or it is damaged. */
export function zipParts(buf: Buffer): ZipPart[] | null {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > buf.length) return null;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const parts: ZipPart[] = [];
  for (let i = 0; i < entries; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLength = buf.readUInt16LE(p + 28);
    const size = buf.readUInt32LE(p + 24);
    parts.push({
      name: buf.toString('latin1', p + 46, p + 46 + nameLength),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      size: size === 0xffffffff ? Infinity : size,
      localOffset: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return parts;
}

/** The part's stored bytes (deflated or not), from its local header on; null when the header is not there. */
function partData(buf: Buffer, part: ZipPart): Buffer | null {
  const p = part.localOffset;
  if (p + 30 > buf.length || buf.readUInt32LE(p) !== 0x04034b50) return null;
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  // A streamed ZIP may leave the compressed size out: inflate stops at the end of the deflated data anyway.
  return buf.subarray(start, part.compressedSize ? start + part.compressedSize : buf.length);
}

/**
 * Streams the part's content through `scan`, inflated in zlib's thread pool (off the event loop) in pieces of
 * 64 KB, never past `maxBytes` whatever its header declares and never held whole: 'too large' past it, null
 * when it cannot be read. `scan` returning false stops the inflation there ('ok': the caller has seen enough).
 */
export async function scanPart(
  buf: Buffer,
  part: ZipPart,
  maxBytes: number,
  scan: (piece: Buffer) => boolean | void,
): Promise<'ok' | 'too large' | null> {
  const data = partData(buf, part);
  if (!data) return null;
  if (part.method === 0) {
    if (data.length > maxBytes) return 'too large';
    scan(data);
    return 'ok';
  }
  const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  let bytes = 0;
  try {
    for await (const piece of inflate as AsyncIterable<Buffer>) {
      bytes += piece.length;
      if (bytes > maxBytes) {
        inflate.destroy();
        return 'too large';
      }
      if (scan(piece) === false) {
        inflate.destroy();
        return 'ok';
      }
    }
    return 'ok';
  } catch {
    return null;
  }
}

/** The first bytes of the part's content (at most about `compressedBytes` × 1,032, deflate's ceiling). */
export function readPartStart(buf: Buffer, part: ZipPart, compressedBytes = 4096): Buffer | null {
  const data = partData(buf, part);
  if (!data) return null;
  if (part.method === 0) return data.subarray(0, compressedBytes);
  try {
    return zlib.inflateRawSync(data.subarray(0, compressedBytes), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    return null;
  }
}

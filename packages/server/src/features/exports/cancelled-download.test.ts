import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { excelStream } from './excel-export.ts';
import { allInscriptosPdf, pdfZip } from './bulk-pdf.ts';

const record = {
  id: '0193a1b2-0000-7000-8000-000000000001',
  numeroInscripcion: 7,
  estado: 'pendiente',
  nombre1: 'Inés',
  apellido1: 'Muñoz',
  fechaInscripcion: '2026-03-10T15:30:00.000Z',
  createdBy: { username: 'ana' },
} as unknown as TInscripto;

/** Starts a bulk export of endless records, cancels it after its first bytes, and counts later reads. */
async function recordsReadAfterCancel(exportOf: (records: AsyncIterable<TInscripto>) => Readable) {
  let read = 0;
  async function* endless() {
    for (;;) {
      read += 1;
      yield { ...record, id: `${record.id.slice(0, -6)}${String(read).padStart(6, '0')}` };
    }
  }
  const stream = exportOf(endless());
  stream.once('data', () => stream.destroy());
  await once(stream, 'close');
  const atCancel = read;
  await new Promise((resolve) => setTimeout(resolve, 300));
  return { atCancel, after: read - atCancel };
}

describe('a cancelled bulk download stops reading records', () => {
  it.each([
    ['Excel', excelStream],
    [
      'PDF masivo',
      (r: AsyncIterable<TInscripto>) => allInscriptosPdf(r, { total: 0, pendientes: 0, finalizados: 0 }, new Date()),
    ],
    ['ZIP', pdfZip],
  ])('%s', async (_name, exportOf) => {
    const { atCancel, after } = await recordsReadAfterCancel(exportOf);
    expect(atCancel).toBeGreaterThan(0);
    expect(after).toBeLessThanOrEqual(1);
  });
});

describe('a long ZIP export', () => {
  it('leaves no listener behind per record', async () => {
    async function* records() {
      for (let i = 1; i <= 30; i++) yield { ...record, numeroInscripcion: i };
    }
    const zip = pdfZip(records());
    const closeListeners: number[] = [];
    zip.on('entry', () => closeListeners.push(zip.listenerCount('close')));
    zip.resume();
    await once(zip, 'end');
    expect(closeListeners).toHaveLength(30);
    expect(Math.max(...closeListeners)).toBeLessThan(5);
  });
});

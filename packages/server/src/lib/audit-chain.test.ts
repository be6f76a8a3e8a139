import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, entryHash, verifyChain, type ChainedEntry } from './audit-chain.ts';

function chain(n: number): ChainedEntry[] {
  const entries: ChainedEntry[] = [];
  let previous = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const e = {
      seq,
      fecha: `2026-10-0${seq}T10:00:00.000Z`,
      usuario: 'ana',
      accion: 'editar',
      inscripto_id: 'x',
      cambios: `{"n":${seq}}`,
    };
    const hash = entryHash(previous, e);
    entries.push({ ...e, hash_anterior: previous, hash });
    previous = hash;
  }
  return entries;
}

async function* iter(entries: ChainedEntry[]) {
  yield* entries;
}
const headOf = (entries: ChainedEntry[]) => ({
  ultimo_seq: entries.length,
  ultimo_hash: entries.at(-1)?.hash ?? GENESIS_HASH,
});

describe('audit hash chain', () => {
  it('accepts an intact chain, including an empty one', async () => {
    const entries = chain(5);
    expect(await verifyChain(iter(entries), headOf(entries))).toEqual({ ok: true, checked: 5 });
    expect(await verifyChain(iter([]), headOf([]))).toEqual({ ok: true, checked: 0 });
  });

  it('reports the first entry whose content was edited', async () => {
    const entries = chain(5);
    entries[2] = { ...entries[2]!, cambios: '{"n":999}' };
    expect(await verifyChain(iter(entries), headOf(chain(5)))).toMatchObject({ ok: false, seq: 3, checked: 2 });
  });

  it('reports a removed entry in the middle and one removed from the end', async () => {
    const entries = chain(5);
    const head = headOf(entries);
    expect(await verifyChain(iter([...entries.slice(0, 2), ...entries.slice(3)]), head)).toMatchObject({
      ok: false,
      seq: 4,
    });
    expect(await verifyChain(iter(entries.slice(0, 4)), head)).toMatchObject({ ok: false, seq: 5, checked: 4 });
  });

  it('reports an entry re-hashed after an edit (its successor no longer links)', async () => {
    const entries = chain(4);
    const edited = { ...entries[1]!, usuario: 'intruso' };
    edited.hash = entryHash(edited.hash_anterior, edited);
    entries[1] = edited;
    expect(await verifyChain(iter(entries), headOf(chain(4)))).toMatchObject({ ok: false, seq: 3 });
  });
});

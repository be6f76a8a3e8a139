import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../seeded-random.ts';
import { ciNearMiss } from './duplicados.ts';
import { ciAristas, Uniones } from './grupos.ts';

/** Many CIs born one day are looked up by key, not compared pairwise: the same parts either way. */
describe('ciAristas', () => {
  const partes = (aristas: ReturnType<typeof ciAristas>) => {
    const u = new Uniones();
    for (const [a, b, m] of aristas) u.unir({ inscriptoId: a, hermano: null }, { inscriptoId: b, hermano: null }, m);
    return u.grupos().map((g) => `${g.ninos.map((n) => n.inscriptoId).join(' ')} ${g.motivos.join(',')}`);
  };
  const pairwise = (hijos: { id: string; ci: string }[]) => {
    const aristas: ReturnType<typeof ciAristas> = [];
    for (let x = 0; x < hijos.length; x++) {
      for (let y = x + 1; y < hijos.length; y++) {
        const m = ciNearMiss(hijos[x]!.ci, hijos[y]!.ci);
        if (m) aristas.push([hijos[x]!.id, hijos[y]!.id, m]);
      }
    }
    return aristas;
  };

  it('joins the same children as comparing every two, above the pairwise threshold', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = mulberry32(seed);
      // CIs from a small alphabet of digits collide often: one digit apart, swapped, or the same.
      const hijos = Array.from({ length: 400 }, (_, i) => ({
        id: `h${String(i).padStart(3, '0')}`,
        ci: Array.from({ length: 8 }, (_, d) => (d < 5 ? '1' : String(Math.floor(random() * 3)))).join(''),
      }));
      expect(partes(ciAristas(hijos, ciNearMiss)), `seed ${seed}`).toEqual(partes(pairwise(hijos)));
    }
  });

  it('gives no edge between children with the same CI only', () => {
    const hijos = Array.from({ length: 100 }, (_, i) => ({ id: `h${i}`, ci: '12345678' }));
    expect(ciAristas(hijos, ciNearMiss)).toEqual([]);
  });
});

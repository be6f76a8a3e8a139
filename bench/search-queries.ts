import { openDatabase } from '../packages/server/src/db/database.ts';
import { findActual } from '../packages/server/src/data/ciclos/ciclos-repository.ts';

/** What bench/search-browser.ts types into the list's search box, picked from the seeded data. */

export const TYPES = ['many', 'few', 'none', 'ci', 'numero'] as const;
export type QueryType = (typeof TYPES)[number];

/**
 * What to type, `reps` of each type, from the data itself (as typed: lower case, no accents): the commonest
 * surnames; first names with both surnames shared by at most 20 children; surnames that exist nowhere; CIs and
 * enrolment numbers of enrolments spread over the cycle.
 */
export async function queries(
  dataDir: string,
  databaseUrl: string | undefined,
  reps: number,
  warmup: number,
): Promise<Record<QueryType | 'warmup', string[]>> {
  const { db } = openDatabase({ dataDir, databaseUrl });
  try {
    const ciclo = await findActual(db);
    const rows = await db
      .selectFrom('inscriptos')
      .select(['nombre_busqueda', 'ci', 'numero_inscripcion'])
      .where('ciclo_id', '=', ciclo.id)
      .execute();
    const tally = new Map<string, number>();
    const names = new Map<string, number>();
    for (const r of rows) {
      const words = r.nombre_busqueda.split(' ');
      for (const w of new Set(words)) if (w.length >= 4) tally.set(w, (tally.get(w) ?? 0) + 1);
      // First name and both surnames, as someone looking for one child types them.
      const name = `${words[0]} ${words.at(-2)} ${words.at(-1)}`;
      if (words.length >= 3) names.set(name, (names.get(name) ?? 0) + 1);
    }
    const byCount = [...tally.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const rare = [...names.entries()].filter(([, n]) => n <= 20).sort((a, b) => a[0].localeCompare(b[0]));
    const pick = <T>(xs: readonly T[]) =>
      Array.from({ length: reps }, (_, i) => xs[Math.floor(((i + 0.5) * xs.length) / reps)]!);
    const withCi = rows.filter((r) => r.ci);
    const numbered = rows.filter((r) => r.numero_inscripcion !== null);
    // Names from elsewhere, and common surnames with a doubled last letter (a slip of the finger).
    const words = [...tally.keys()];
    const absent = [
      ...['kowalczyk', 'nakamura', 'oyelaran', 'haugland', 'quispeh', 'zielinski', 'abernathy', 'vukovic'],
      ...byCount.map(([w]) => w + w.at(-1)),
    ].filter((w) => !words.some((x) => x.includes(w)));
    const few = pick(rare).map(([w]) => w);
    return {
      many: pick(byCount.slice(0, reps)).map(([w]) => w),
      few,
      none: pick(absent),
      ci: pick(withCi).map((r) => r.ci!),
      numero: pick(numbered).map((r) => String(r.numero_inscripcion)),
      warmup: rare
        .map(([w]) => w)
        .filter((w) => !few.includes(w))
        .slice(0, warmup),
    };
  } finally {
    await db.destroy();
  }
}

import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { openDatabase, type DatabaseOptions } from '../packages/server/src/db/database.ts';

/** What bench/list-queries.ts asks the list for: each shape of query, with search terms from the data itself. */

export const PAGE_SIZE = 10; // the list's default page size

export interface Shape {
  name: string;
  url: string;
  who: 'admin' | 'voluntaria';
}

/** Search terms from the data itself: the commonest name word, a rare one, and a common pair. */
async function terms(database: DatabaseOptions, cicloId: string) {
  const { db } = openDatabase(database);
  try {
    const rows = await db
      .selectFrom('inscriptos')
      .select(['nombre_busqueda', 'hermanos_busqueda', 'numero_inscripcion', 'fecha_inscripcion'])
      .where('ciclo_id', '=', cicloId)
      .orderBy('id')
      .limit(3000)
      .execute();
    const tally = (pick: (words: string[]) => string[]) => {
      const m = new Map<string, number>();
      for (const r of rows) for (const w of pick(r.nombre_busqueda.split(' '))) m.set(w, (m.get(w) ?? 0) + 1);
      return [...m.entries()].filter(([w]) => w.length >= 4).sort((a, b) => b[1] - a[1]);
    };
    const all = tally((w) => w);
    const first = tally((w) => w.slice(0, 1));
    const last = tally((w) => w.slice(-2, -1));
    const sibling = rows.find((r) => r.hermanos_busqueda)?.hermanos_busqueda.split(' / ')[0] ?? 'nadie';
    const numero = rows.find((r) => r.numero_inscripcion !== null)?.numero_inscripcion ?? 1;
    const day = rows[Math.floor(rows.length / 2)]!.fecha_inscripcion.slice(0, 10);
    return {
      many: all[0]![0],
      few: all.at(-1)![0],
      pair: `${first[0]![0]} ${last[0]![0]}`,
      sibling,
      numero,
      day,
    };
  } finally {
    await db.destroy();
  }
}

export interface Ctx {
  api: (url: string) => Promise<{ total: number; items: { ci: string | null }[]; ciclo: { id: string } }>;
  dataDir: string;
  /** The run's PostgreSQL database; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** A school's own database (bench/red.ts): its PostgreSQL schema or SQLite file. */
  school?: Pick<DatabaseOptions, 'pgSchema' | 'sqliteFile'>;
}

export async function allShapes({ api, dataDir, databaseUrl, school }: Ctx): Promise<Shape[]> {
  const first = await api('/api/inscriptos');
  const pageOf = (total: number, at: number) => Math.max(1, Math.ceil((total * at) / PAGE_SIZE));
  const pendientes = (await api('/api/inscriptos?estado=pendiente')).total;
  const ciPrefix = formatCi(first.items.find((i) => i.ci)!.ci!.slice(0, 7));
  const t = await terms({ dataDir, databaseUrl, ...school }, first.ciclo.id);
  const enc = encodeURIComponent;
  const shapes: Shape[] = [
    { name: 'first page', url: '/api/inscriptos', who: 'admin' },
    { name: 'middle page', url: `/api/inscriptos?page=${pageOf(first.total, 0.5)}`, who: 'admin' },
    { name: 'last page', url: `/api/inscriptos?page=${pageOf(first.total, 1)}`, who: 'admin' },
    { name: 'estado, first page', url: '/api/inscriptos?estado=pendiente', who: 'admin' },
    {
      name: 'estado, last page',
      url: `/api/inscriptos?estado=pendiente&page=${pageOf(pendientes, 1)}`,
      who: 'admin',
    },
    { name: 'mias', url: '/api/inscriptos?mias=true', who: 'voluntaria' },
    { name: `CI (q=${ciPrefix})`, url: `/api/inscriptos?q=${enc(ciPrefix)}`, who: 'admin' },
    // One digit (Enter on "7"): a CI prefix matching about a quarter of the cycle, and enrolment number 7.
    { name: `CI, one digit (q=${ciPrefix[0]})`, url: `/api/inscriptos?q=${ciPrefix[0]}`, who: 'admin' },
    { name: `enrolment number (q=${t.numero})`, url: `/api/inscriptos?q=${t.numero}`, who: 'admin' },
    { name: `name, many (q=${t.many})`, url: `/api/inscriptos?q=${enc(t.many)}`, who: 'admin' },
    { name: `name, many, last page`, url: `/api/inscriptos?q=${enc(t.many)}&page=LAST`, who: 'admin' },
    { name: `name, few (q=${t.few})`, url: `/api/inscriptos?q=${enc(t.few)}`, who: 'admin' },
    { name: 'name, none (q=zzqxw)', url: '/api/inscriptos?q=zzqxw', who: 'admin' },
    { name: `two words (q=${t.pair})`, url: `/api/inscriptos?q=${enc(t.pair)}`, who: 'admin' },
    { name: `sibling's name (q=${t.sibling})`, url: `/api/inscriptos?q=${enc(t.sibling)}`, who: 'admin' },
    { name: 'sort by name', url: '/api/inscriptos?orden=nombre', who: 'admin' },
    {
      name: 'sort by name, middle page',
      url: `/api/inscriptos?orden=nombre&page=${pageOf(first.total, 0.5)}`,
      who: 'admin',
    },
    { name: 'sort by number, desc', url: '/api/inscriptos?orden=numero&dir=desc', who: 'admin' },
    { name: 'sort by estado', url: '/api/inscriptos?orden=estado', who: 'admin' },
    {
      name: `date range (${t.day}, 7 days)`,
      url: `/api/inscriptos?desde=${t.day}&hasta=${addDays(t.day, 6)}`,
      who: 'admin',
    },
  ];
  const many = (await api(`/api/inscriptos?q=${enc(t.many)}`)).total;
  for (const s of shapes) s.url = s.url.replace('page=LAST', `page=${pageOf(many, 1)}`);
  const older = (
    await (api('/api/ciclos') as unknown as Promise<{ items: { id: string; actual: boolean }[] }>)
  ).items.find((c) => !c.actual);
  if (older) shapes.push({ name: 'earlier cycle (?ciclo=)', url: `/api/inscriptos?ciclo=${older.id}`, who: 'admin' });
  return shapes;
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export async function ciOnly({ api }: Ctx): Promise<Shape[]> {
  const first = await api('/api/inscriptos');
  const ciPrefix = formatCi(first.items.find((i) => i.ci)!.ci!.slice(0, 7));
  return [{ name: `CI (q=${ciPrefix})`, url: `/api/inscriptos?q=${encodeURIComponent(ciPrefix)}`, who: 'admin' }];
}

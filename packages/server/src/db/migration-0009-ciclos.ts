import { type Kysely, type Migration } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

/*
 * Migration 0009 (admission cycles) with what it reads frozen as of its release, never imported from live
 * code: changing the content defaults, the content schema or how a cycle is named later must not change
 * the first cycle an old database gets when it is upgraded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** The SORTEO_* values of the configuration in force when a database is upgraded to cycles. */
export interface EntornoSorteo0009 {
  plazasNenas?: number | undefined;
  plazasVarones?: number | undefined;
  anio?: number | undefined;
}

/** The content fields the first cycle takes. */
interface CicloInicial0009 {
  anioIngreso: number;
  sorteoFecha: string;
  sorteoHora: string;
  sorteoLugar: string;
  transmisionUrl: string;
  plazasNenas: number;
  plazasVarones: number;
}

/** The calendar year of an instant in Montevideo. */
function yearInMontevideo0009(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Montevideo', year: 'numeric' }).format(now));
}

/**
 * contenido-inicial.json of the release that added cycles: the lottery on 31 October of the current year at
 * 14:00 in the dining hall, 28 places each, and the intake the year after.
 */
function contenidoPorDefecto0009(now: Date): CicloInicial0009 {
  const anio = yearInMontevideo0009(now);
  return {
    anioIngreso: anio + 1,
    sorteoFecha: `${anio}-10-31`,
    sorteoHora: '14:00',
    sorteoLugar: 'Comedor de Secundaria (presencial)',
    transmisionUrl: '',
    plazasNenas: 28,
    plazasVarones: 28,
  };
}

function isIsoDate0009(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const entero0009 = (min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const texto0009 = (max: number, vacio: boolean) => (v: unknown) =>
  typeof v === 'string' && v.trim().length <= max && (vacio || v.trim() !== '');

/** Each field as the content schema of that release accepted it (its strings trimmed). */
const VALIDOS_0009: { [K in keyof CicloInicial0009]: (v: unknown) => boolean } = {
  anioIngreso: entero0009(2000, 2200),
  sorteoFecha: (v) => typeof v === 'string' && isIsoDate0009(v.trim()),
  sorteoHora: (v) => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v.trim()),
  sorteoLugar: texto0009(150, false),
  transmisionUrl: (v) =>
    texto0009(2000, true)(v) && ((v as string).trim() === '' || /^https:\/\/\S+$/i.test((v as string).trim())),
  plazasNenas: entero0009(0, 1000),
  plazasVarones: entero0009(0, 1000),
};

/** The saved content read back: each field that is missing or not valid is taken from `base`. */
function desdeGuardado0009(valor: unknown, base: CicloInicial0009): CicloInicial0009 {
  const guardado = typeof valor === 'object' && valor !== null ? (valor as Record<string, unknown>) : {};
  const c: Record<string, unknown> = { ...base };
  for (const [campo, valido] of Object.entries(VALIDOS_0009)) {
    const v = guardado[campo];
    if (valido(v)) c[campo] = typeof v === 'string' ? v.trim() : v;
  }
  return c as unknown as CicloInicial0009;
}

export function ciclosMigration(entorno: EntornoSorteo0009): Migration {
  return {
    // Admission cycles (docs/decisions/0014). Everything already stored becomes one cycle, named after the
    // intake year in force (the saved content, or the defaults with SORTEO_ANIO/SORTEO_PLAZAS_* over them),
    // which carries the lottery texts and places and the number counter that was global until now.
    async up(db: AnyDb) {
      await db.schema
        .createTable('ciclos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .addColumn('anio_ingreso', 'integer', (c) => c.notNull().unique())
        .addColumn('inscripcion_desde', 'text')
        .addColumn('inscripcion_hasta', 'text')
        .addColumn('sorteo_fecha', 'text', (c) => c.notNull())
        .addColumn('sorteo_hora', 'text', (c) => c.notNull())
        .addColumn('sorteo_lugar', 'text', (c) => c.notNull())
        .addColumn('transmision_url', 'text', (c) => c.notNull())
        .addColumn('plazas_nenas', 'integer', (c) => c.notNull())
        .addColumn('plazas_varones', 'integer', (c) => c.notNull())
        .addColumn('estado', 'text', (c) => c.notNull())
        .addColumn('actual', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ultimo_numero', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('creado_en', 'text', (c) => c.notNull())
        .addColumn('actualizado_en', 'text', (c) => c.notNull())
        .execute();
      // Exactly one current cycle: at most one here, and the service always moves the mark in one transaction.
      await db.schema
        .createIndex('ciclos_un_actual')
        .on('ciclos')
        .column('actual')
        .unique()
        .where('actual', '=', 1)
        .execute();

      const now = new Date();
      const inicial: CicloInicial0009 = {
        ...contenidoPorDefecto0009(now),
        ...(entorno.plazasNenas !== undefined ? { plazasNenas: entorno.plazasNenas } : {}),
        ...(entorno.plazasVarones !== undefined ? { plazasVarones: entorno.plazasVarones } : {}),
        ...(entorno.anio !== undefined ? { anioIngreso: entorno.anio } : {}),
      };
      const guardado = await db
        .selectFrom('configuracion')
        .select('valor')
        .where('clave', '=', 'contenido')
        .executeTakeFirst();
      let valor: unknown = null;
      try {
        valor = guardado ? JSON.parse(guardado.valor as string) : null;
      } catch {
        valor = null;
      }
      const c = guardado ? desdeGuardado0009(valor, inicial) : inicial;
      const contador = await db
        .selectFrom('secuencias')
        .select('valor')
        .where('nombre', '=', 'numero_inscripcion')
        .executeTakeFirst();
      const cicloId = uuidv7();
      await db
        .insertInto('ciclos')
        .values({
          id: cicloId,
          nombre: `Ingresos ${c.anioIngreso}`,
          anio_ingreso: c.anioIngreso,
          inscripcion_desde: null,
          inscripcion_hasta: null,
          sorteo_fecha: c.sorteoFecha,
          sorteo_hora: c.sorteoHora,
          sorteo_lugar: c.sorteoLugar,
          transmision_url: c.transmisionUrl,
          plazas_nenas: c.plazasNenas,
          plazas_varones: c.plazasVarones,
          estado: 'abierto',
          actual: 1,
          ultimo_numero: Number(contador?.valor ?? 0),
          creado_en: now.toISOString(),
          actualizado_en: now.toISOString(),
        })
        .execute();
      await db.schema.dropTable('secuencias').execute();

      // The default only fills the existing rows (SQLite adds a NOT NULL column only with one); every insert
      // names its cycle. PostgreSQL (the dialect with transactional DDL) drops it; SQLite cannot.
      await db.schema
        .alterTable('inscriptos')
        .addColumn('ciclo_id', 'text', (c) => c.notNull().defaultTo(cicloId))
        .execute();
      await db.schema
        .alterTable('sorteos')
        .addColumn('ciclo_id', 'text', (c) => c.notNull().defaultTo(cicloId))
        .execute();
      if (db.getExecutor().adapter.supportsTransactionalDdl) {
        await db.schema
          .alterTable('inscriptos')
          .alterColumn('ciclo_id', (c) => c.dropDefault())
          .execute();
        await db.schema
          .alterTable('sorteos')
          .alterColumn('ciclo_id', (c) => c.dropDefault())
          .execute();
      }

      // Every list query filters by cycle first: the indexes lead with it (0006 measured the rest).
      await db.schema.dropIndex('inscriptos_ci_unique').execute();
      await db.schema
        .createIndex('inscriptos_ci_unique')
        .on('inscriptos')
        .columns(['ciclo_id', 'ci'])
        .unique()
        .where('ci', 'is not', null)
        .execute();
      // The same child in other cycles (the form's "Ya se inscribió en …").
      await db.schema.createIndex('inscriptos_ci_idx').on('inscriptos').column('ci').execute();
      for (const [name, columns] of [
        ['inscriptos_created_idx', ['ciclo_id', 'created_at', 'id', 'nombre_busqueda', 'created_by', 'funcionario']],
        ['inscriptos_estado_created_idx', ['ciclo_id', 'estado', 'created_at', 'id']],
        ['inscriptos_created_by_idx', ['ciclo_id', 'created_by', 'created_at']],
        ['inscriptos_funcionario_idx', ['ciclo_id', 'funcionario', 'created_at']],
        ['inscriptos_numero_idx', ['ciclo_id', 'numero_inscripcion']],
      ] as const) {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on('inscriptos')
          .columns([...columns])
          .execute();
      }
      await db.schema.createIndex('sorteos_ciclo_idx').on('sorteos').columns(['ciclo_id', 'creado_en']).execute();
    },
    async down() {
      throw new Error('0009_ciclos no se puede deshacer: restaurá una copia de seguridad anterior.');
    },
  };
}

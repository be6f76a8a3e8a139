import { yearInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { childOf, childSections } from './child-sections.ts';
import { household } from './household.ts';
import { APELLIDOS } from './pools.ts';
import { createRng } from './random.ts';
import { ciSource, type Context, type Section } from './seed-context.ts';

/**
 * Synthetic enrolments for demos, the end-to-end tests and benchmarks (`npm run seed`). Pure and
 * deterministic: the same options give the same records, whatever the machine. Every record is valid
 * under ZInscriptoData (already in its normalised form) and the rules of `today`; finalised ones are
 * complete. Children of a family enrolled together (about 10 % of the records) are generated one after
 * the other and list each other in "Hermanos que se inscriben este año".
 */

export const DEFAULT_SEED = 20_260_301;
/** Creation dates are spread over this many days before `today`, in generation order. */
export const SEED_WINDOW_DAYS = 60;
const FINALISED_SHARE = 0.6;
/** Chance that a family has 2–3 children enrolling: with 2.25 children on average, ~10 % of the records. */
const GROUP_CHANCE = 0.047;

export type Estado = 'pendiente' | 'finalizado';

export interface GenerateOptions {
  count: number;
  today: Date;
  /** Creators and officials. The first is taken to be an administrator, who assigns some records to others. */
  usernames?: readonly string[];
  seed?: number;
  /** CIs already in use (enrolled or listed as a sibling): they are skipped. */
  isCiTaken?: (ci: string) => boolean;
}

export interface SeedRecord {
  datos: TInscriptoData;
  estado: Estado;
  createdBy: string;
  funcionario: string;
  updatedBy: string;
  /** ISO-8601 UTC, increasing with the generation order (so are the numbers the seeder gives). */
  createdAt: string;
  updatedAt: string;
  /** As if each section had been saved once: the number of writes the record went through. */
  version: number;
}

/** The children of one family enrolled together: one record, or 2–3 siblings sharing an estado. */
export type SeedFamily = SeedRecord[];

/** Required fields a volunteer may leave for later (never CI or name: the list would not find them). */
const LEFT_FOR_LATER = [
  'cel1',
  'ingresosAclarar',
  'escuelaP',
  'necesidadesEducativas',
  'monoparental',
  'vivienda',
  'razonElegirInstitucion',
  'ultimoAnioCentroEstudios',
  'trabajoFuturo',
  'trabajoFuturoTipo',
] as const;

/**
 * A pending form: either saved up to some section (1–7; siblings enrolled together are listed from the
 * start), or filled to the end with a required field or two still missing.
 */
function pendingData(ctx: Context, sections: Section[], inGroup: boolean): { datos: Section; saves: number } {
  const { r } = ctx;
  if (r.chance(0.7)) {
    const upTo = r.int(1, 7);
    const kept = sections.slice(0, upTo);
    if (inGroup) kept.push(sections[8]!);
    return { datos: Object.assign({}, ...kept) as Section, saves: upTo };
  }
  const datos = Object.assign({}, ...sections) as Record<string, unknown>;
  for (let i = r.int(1, 2); i > 0; i--) delete datos[r.pick(LEFT_FOR_LATER)];
  return { datos: datos as Section, saves: sections.length };
}

function family(ctx: Context, size: number, createdAtMs: number): SeedFamily {
  const { r, usernames } = ctx;
  const apellido1 = r.pick(APELLIDOS);
  let apellido2: string | undefined = r.pick(APELLIDOS);
  if (apellido2 === apellido1 || r.chance(0.08)) apellido2 = undefined;
  const h = household(ctx, apellido1, apellido2);
  const names = new Set<string>();
  const children = Array.from({ length: size }, () => childOf(ctx, names));
  // Siblings listed on each other's forms are M or F (SPEC 3).
  if (size > 1) for (const c of children) if (c.sexo === 'Otro') c.sexo = 'F';

  const estado: Estado = r.chance(FINALISED_SHARE) ? 'finalizado' : 'pendiente';
  const createdBy = r.pick(usernames);
  const others = usernames.filter((u) => u !== createdBy);
  const funcionario = createdBy === usernames[0] && others.length && r.chance(0.25) ? r.pick(others) : createdBy;
  const lastMs = ctx.today.getTime() - 1000;

  return children.map((child, i) => {
    const sections = childSections(
      ctx,
      h,
      child,
      children.filter((c) => c !== child),
    );
    const created = Math.min(createdAtMs + i * 4 * 60_000, lastMs);
    const { datos, saves } =
      estado === 'finalizado'
        ? { datos: Object.assign({}, ...sections) as Section, saves: sections.length + 1 }
        : pendingData(ctx, sections, size > 1);
    const updated = Math.min(created + saves * r.int(1, 6) * 60_000, lastMs);
    return {
      datos,
      estado,
      createdBy,
      funcionario,
      updatedBy: funcionario,
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(updated).toISOString(),
      version: saves,
    };
  });
}

/** Families until `count` records, in creation order (the last family may be cut short). */
export function* generateFamilies(options: GenerateOptions): Generator<SeedFamily> {
  const r = createRng(options.seed ?? DEFAULT_SEED);
  const ctx: Context = {
    r,
    year: yearInMontevideo(options.today),
    today: options.today,
    usernames: options.usernames?.length ? options.usernames : ['admin'],
    nextCi: ciSource(r, options.isCiTaken ?? (() => false)),
  };
  const windowMs = SEED_WINDOW_DAYS * 86_400_000;
  const start = options.today.getTime() - windowMs;
  let made = 0;
  while (made < options.count) {
    const left = options.count - made;
    const size = left > 1 && r.chance(GROUP_CHANCE) ? Math.min(left, r.chance(0.75) ? 2 : 3) : 1;
    const createdAtMs = Math.floor(start + ((made + r.next()) / options.count) * windowMs);
    yield family(ctx, size, createdAtMs);
    made += size;
  }
}

/** The records of generateFamilies, one by one. */
export function* generateInscriptos(options: GenerateOptions): Generator<SeedRecord> {
  for (const members of generateFamilies(options)) yield* members;
}

import { BARRIOS, BARRIO_OTRO, MARCAS_AUTO, MARCA_AUTO_OTRO } from '@inscripciones/shared/inscriptos/catalogos.ts';
import { CI_MIN_NUMBER, ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import { birthDateWindow, yearInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import type { THermanoPrimaria, TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { PARENTESCO_VALUES } from '@inscripciones/shared/inscriptos/options.ts';
import {
  MENORES_VALUES,
  NIVEL_EDUCATIVO_VALUES,
  OTROS_VALUES,
  RAZON_ELEGIR_VALUES,
  TOTAL_INTEGRANTES_VALUES,
  TRABAJO_FUTURO_TIPO_VALUES,
  ULTIMO_CENTRO_OTRO,
} from '@inscripciones/shared/inscriptos/options.ts';

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

// ---------------------------------------------------------------- randomness

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for test data and identical on every platform. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rng {
  next: () => number;
  /** Integer in [min, max]. */
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(list: readonly T[]) => T;
  /** Picks by weight: [[value, weight], ...]. */
  weighted: <T>(table: readonly (readonly [T, number])[]) => T;
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[int(0, list.length - 1)]!,
    weighted: (table) => {
      const total = table.reduce((sum, [, w]) => sum + w, 0);
      let x = next() * total;
      for (const [value, w] of table) {
        x -= w;
        if (x < 0) return value;
      }
      return table[table.length - 1]![0];
    },
  };
}

// ---------------------------------------------------------------- Uruguayan names and places

const NOMBRES_F = [
  'Sofía', 'Valentina', 'Martina', 'Emma', 'Isabella', 'Catalina', 'Lucía', 'Julieta', 'Florencia', 'Agustina',
  'Camila', 'Victoria', 'Josefina', 'Mía', 'Zoe', 'Renata', 'Emilia', 'Guadalupe', 'Olivia', 'Paulina',
  'Inés', 'Belén', 'Abril', 'Antonella', 'Milagros', 'Candela', 'Pilar', 'Ximena', 'María José', 'Ángela',
] as const; // prettier-ignore
const NOMBRES_M = [
  'José', 'Agustín', 'Benjamín', 'Joaquín', 'Matías', 'Santiago', 'Tomás', 'Bautista', 'Thiago', 'Mateo',
  'Lucas', 'Facundo', 'Nicolás', 'Martín', 'Sebastián', 'Julián', 'Máximo', 'Felipe', 'Ignacio', 'Gael',
  'Bruno', 'Valentín', 'Lautaro', 'Simón', 'Andrés', 'Germán', 'Ramón', 'Juan Pablo', 'Óscar', 'Iván',
] as const; // prettier-ignore
const APELLIDOS = [
  'Rodríguez', 'González', 'Fernández', 'García', 'Martínez', 'Pérez', 'López', 'Sánchez', 'Suárez', 'Gómez',
  'Díaz', 'Hernández', 'Núñez', 'Muñoz', 'Álvarez', 'Ramírez', 'Sosa', 'Silva', 'Pereira', 'Cabrera',
  'Romero', 'Castro', 'Acosta', 'Méndez', 'Benítez', 'Vázquez', 'Olivera', 'Ferreira', 'Píriz', 'Techera',
  'Correa', 'Da Silva', 'De León', 'Cardozo', 'Morales', 'Giménez', 'Ibáñez', 'Peña', 'Medina', 'Umpiérrez',
  'Bentancor', 'Barrios', 'Rodríguez', 'González', 'Martínez', 'Pérez', 'Fernández', 'Núñez', 'Muñoz', 'Sosa',
] as const; // prettier-ignore
const CALLES = [
  'Av. José Belloni', 'Av. 8 de Octubre', 'Av. Gral. Flores', 'Camino Maldonado', 'Bv. Artigas', 'Av. Italia',
  'Av. Millán', 'Av. Garzón', 'Camino Carrasco', 'Av. Agraciada', 'Luis Alberto de Herrera', 'Av. Rivera',
  'Av. Instrucciones', 'Av. José Pedro Varela', 'Pedro de Mendoza', 'Camino Corrales', 'Gral. Urquiza',
  'Av. San Martín', 'Juan Jacobo Rousseau', 'Mariano Soler', 'Timbúes', 'Av. Dámaso Antonio Larrañaga',
] as const; // prettier-ignore
const BARRIOS_OTROS = ['Manga', 'Villa García', 'Punta de Rieles', 'Toledo Chico', 'Jardines del Hipódromo', 'Peñarol'];
const MODELOS: Record<string, readonly string[]> = {
  Chevrolet: ['Onix', 'Prisma', 'Corsa', 'Classic', 'Spin'],
  Volkswagen: ['Gol', 'Up!', 'Voyage', 'Fox', 'Polo'],
  Fiat: ['Uno', 'Palio', 'Mobi', 'Argo', 'Strada'],
  Renault: ['Clio', 'Sandero', 'Logan', 'Kwid'],
  Peugeot: ['206', '207', '208', '301'],
  Suzuki: ['Alto', 'Swift', 'Celerio', 'Baleno'],
  Toyota: ['Etios', 'Yaris', 'Corolla', 'Hilux'],
  Hyundai: ['HB20', 'i10', 'Accent', 'Creta'],
  Kia: ['Picanto', 'Rio', 'Soul'],
  Nissan: ['March', 'Versa', 'Sentra'],
  Citroën: ['C3', 'C4', 'Berlingo'],
  Ford: ['Ka', 'Fiesta', 'Focus', 'EcoSport'],
  Chery: ['QQ', 'Tiggo 2', 'Fulwin'],
  BYD: ['Dolphin', 'Yuan Pro', 'F0'],
};
/** Car makes of the catalogue we have models for (the catalogue may change: checked, not assumed). */
const MARCAS_CONOCIDAS = Object.keys(MODELOS).filter((m) => MARCAS_AUTO.includes(m));
const NECESIDADES = [
  'Trastorno del espectro autista, con acompañante terapéutico.',
  'Dificultades del lenguaje; en tratamiento con fonoaudióloga.',
  'TDAH, con seguimiento médico.',
  'Baja visión; usa lentes.',
];
const OBSERVACIONES = [
  'Vive con la abuela durante la semana.',
  'Retiran la madre o la abuela materna.',
  'Alérgico a la penicilina.',
  'Celíaca: la familia pide menú sin gluten.',
  'Trae la constancia de domicilio la semana próxima.',
  'La familia se mudó hace poco al barrio.',
  'Prefiere turno de la mañana por el trabajo de la madre.',
];

// ---------------------------------------------------------------- the generator

type Sexo = 'M' | 'F';
type Section = TInscriptoData;

interface Context {
  r: Rng;
  year: number;
  today: Date;
  usernames: readonly string[];
  nextCi: () => string;
}

/** Everything children enrolled together share: surnames, home, household, income, parents. */
interface Household {
  apellido1: string;
  apellido2: string | undefined;
  /** Sexes of the other children living at home (older siblings, some in primary at the centre). */
  otherKids: Sexo[];
  primaria: THermanoPrimaria[];
  sections: { 2: Section; 4: Section; 5: Section; 6: Section; 7: Section; 10: Section };
  adults: number;
}

interface Child {
  nombre1: string;
  nombre2: string | undefined;
  sexo: Sexo | 'Otro';
  ci: string;
}

const CI_SPACE = 10_000_000 - CI_MIN_NUMBER;
/** Coprime with CI_SPACE (2^8 · 5^6): stepping by it visits every 7-digit number once, in scattered order. */
const CI_STRIDE = 1_234_567;

/** Unique valid CIs: 7 digits ≥ 6.000.000 and the right check digit, skipping those already taken. */
function ciSource(r: Rng, isTaken: (ci: string) => boolean): () => string {
  const offset = r.int(0, CI_SPACE - 1);
  let k = 0;
  return () => {
    while (k < CI_SPACE) {
      const first7 = String(CI_MIN_NUMBER + ((offset + k++ * CI_STRIDE) % CI_SPACE));
      const ci = `${first7}${ciCheckDigit(first7)}`;
      if (!isTaken(ci)) return ci;
    }
    throw new Error('No quedan cédulas libres para generar');
  };
}

const fullName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
const firstName = (r: Rng, sexo: Sexo | 'Otro') =>
  r.pick(sexo === 'M' ? NOMBRES_M : sexo === 'F' ? NOMBRES_F : r.pick([NOMBRES_M, NOMBRES_F]));
const phone = (r: Rng, prefix: string, digits: number) =>
  prefix + String(r.int(0, 10 ** digits - 1)).padStart(digits, '0');
/** '85.000': the way families write it and the schema accepts it. */
const pesos = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** Counts as the form stores them: '0'…'9', '10+'; 'masde4' and 'masde7' past the top of their lists. */
const otros = (n: number) => OTROS_VALUES[Math.min(n, OTROS_VALUES.length - 1)]!;
const menores = (n: number) => MENORES_VALUES[Math.min(n, MENORES_VALUES.length - 1)]!;
const integrantes = (n: number) => TOTAL_INTEGRANTES_VALUES[Math.min(n, TOTAL_INTEGRANTES_VALUES.length) - 1]!;

function childOf(ctx: Context, taken: Set<string>): Child {
  const { r } = ctx;
  const sexo = r.weighted<Sexo | 'Otro'>([
    ['F', 49],
    ['M', 50],
    ['Otro', 1],
  ]);
  let nombre1 = firstName(r, sexo);
  while (taken.has(nombre1)) nombre1 = firstName(r, sexo); // siblings never share a first name
  taken.add(nombre1);
  const nombre2 = r.chance(0.45) ? firstName(r, sexo) : undefined;
  return { nombre1, nombre2: nombre2 === nombre1 ? undefined : nombre2, sexo, ci: ctx.nextCi() };
}

/** Inside the birth-date window; most children turn 6 this year, as first-graders do. */
function birthDate(ctx: Context): string {
  const { r, year } = ctx;
  const y = r.weighted([
    [year - 6, 80],
    [year - 7, 10],
    [year - 5, 10],
  ]);
  const iso = new Date(Date.UTC(y, 0, 1) + r.int(0, 364) * 86_400_000).toISOString().slice(0, 10);
  const { min, max } = birthDateWindow(ctx.today);
  return iso < min ? min : iso > max ? max : iso;
}

function inscriptorName(r: Rng, parentesco: string, h: { apellido1: string; apellido2: string | undefined }) {
  const mujer = ['madre', 'madrastra', 'abuela', 'tia', 'hermana'].includes(parentesco);
  const nombre = r.pick(mujer ? NOMBRES_F : NOMBRES_M);
  // In Uruguay a child's first surname is the father's and the second the mother's.
  const propio = parentesco === 'padre' || parentesco === 'abuelo' ? h.apellido1 : (h.apellido2 ?? r.pick(APELLIDOS));
  return fullName(nombre, propio, r.pick(APELLIDOS));
}

function section2(ctx: Context, h: Pick<Household, 'apellido1' | 'apellido2'>): Section {
  const { r } = ctx;
  const barrio = r.chance(0.03) ? BARRIO_OTRO : r.pick(BARRIOS.filter((b) => b !== BARRIO_OTRO));
  const fueraDeZona = r.chance(0.04);
  const parentesco = r.weighted<(typeof PARENTESCO_VALUES)[number]>([
    ['madre', 70],
    ['padre', 15],
    ['abuela', 8],
    ['abuelo', 1],
    ['tia', 3],
    ['tutor', 2],
    ['padrastro', 1],
  ]);
  return {
    domicilio: `${r.pick(CALLES)} ${r.int(100, 5999)}${r.chance(0.2) ? ` apto. ${r.int(1, 12)}` : ''}`,
    barrio,
    ...(barrio === BARRIO_OTRO ? { barrioOtro: r.pick(BARRIOS_OTROS) } : {}),
    ...(fueraDeZona ? {} : { zonaTolerancia: r.chance(0.3) ? ('Sí' as const) : ('No' as const) }),
    fueraDeZonaAutorizado: fueraDeZona,
    ...(r.chance(0.3) ? { tel: phone(r, '2', 7) } : {}),
    cel1: phone(r, '09', 7),
    ...(r.chance(0.5) ? { cel2: phone(r, '09', 7) } : {}),
    inscriptor: inscriptorName(r, parentesco, h),
    parentesco,
  };
}

function section3(ctx: Context): Section {
  const { r, year } = ctx;
  const ultimoCentro = r.weighted([
    ['Jardín público', 40],
    ['Escuela pública', 25],
    ['CAIF', 15],
    ['Jardín privado', 10],
    ['Colegio privado', 6],
    [ULTIMO_CENTRO_OTRO, 4],
  ] as const);
  const necesidades = r.chance(0.08);
  const centre = (name: string, chance: number, earliest: number) => {
    if (!r.chance(chance)) return { [name]: false };
    const inicio = r.int(earliest, year - 1);
    return { [name]: true, [`${name}Inicio`]: inicio, [`${name}Fin`]: r.int(inicio, year) };
  };
  return {
    escuelaAnioActual: r.chance(0.85) ? 'SI' : 'NO',
    escuelaAnioActualExtendido: r.chance(0.3) ? 'SI' : 'NO',
    escuelaUltimo: r.chance(0.95) ? 'Inicial' : 'Ninguno',
    ultimoCentro,
    ...(ultimoCentro === ULTIMO_CENTRO_OTRO ? { centroOtroAclarar: 'Jardín comunitario del barrio' } : {}),
    escuelaP: ultimoCentro.includes('privad') ? 'Privada' : 'Publica',
    repitio: r.chance(0.03) ? 'SI' : 'NO',
    necesidadesEducativas: necesidades ? 'SI' : 'NO',
    ...(necesidades ? { necesidadesEducativasAclarar: r.pick(NECESIDADES) } : {}),
    ...centre('caif', 0.45, year - 5),
    ...centre('clubNinos', 0.15, year - 6),
    ...centre('clubDeportivo', 0.25, year - 6),
    ...centre('centroEducativoRecreativo', 0.1, year - 6),
  } as Section;
}

function household(ctx: Context, apellido1: string, apellido2: string | undefined): Household {
  const { r, year } = ctx;
  const names = { apellido1, apellido2 };
  const madre = r.chance(0.9);
  const padre = r.chance(0.65);
  const madrastra = !madre && r.chance(0.3);
  const padrastro = !padre && r.chance(0.15);
  const abuelos = r.weighted([['0', 80], ['1', 15], ['2', 5]] as const); // prettier-ignore
  const abuelas = r.weighted([['0', 70], ['1', 25], ['2', 5]] as const); // prettier-ignore
  const otrosAdultos = r.chance(0.1) ? 1 : 0;
  const otrosMenores = r.chance(0.05) ? r.int(1, 2) : 0;
  const otherKids = Array.from(
    {
      length: r.weighted([
        [0, 45],
        [1, 35],
        [2, 15],
        [3, 5],
      ] as const),
    },
    () =>
      // prettier-ignore
      r.chance(0.5) ? ('M' as const) : ('F' as const),
  );
  const primaria: THermanoPrimaria[] = otherKids
    .filter(() => r.chance(0.35))
    .map((sexo) => {
      const nivel = r.int(1, 6);
      return {
        nombre: fullName(firstName(r, sexo), apellido1, apellido2),
        nivel,
        grupo: `${nivel}°${r.pick(['A', 'B', 'C'])}`,
      };
    });
  const adults =
    [madre, padre, madrastra, padrastro].filter(Boolean).length + Number(abuelos) + Number(abuelas) + otrosAdultos;

  const ingreso = r.int(24, 320) * 500;
  const vehiculo = r.weighted([['no', 45], ['auto', 25], ['moto', 18], ['autoymoto', 8], ['vehiculoOtro', 4]] as const); // prettier-ignore
  const auto = vehiculo === 'auto' || vehiculo === 'autoymoto';
  const marca = MARCAS_CONOCIDAS.length && r.chance(0.95) ? r.pick(MARCAS_CONOCIDAS) : MARCA_AUTO_OTRO;
  const trabajo = r.weighted([
    ['fijoMayor8', 45], ['fijoMenor8', 15], ['ocasionales', 15], ['buscando', 8],
    ['noBuscando', 5], ['jubilado', 3], ['pensionista', 3], ['otro', 6],
  ] as const); // prettier-ignore
  const vivienda = r.weighted([
    ['alquila', 35], ['viviendaTerreno', 25], ['viviendaFamiliar', 15], ['cedida', 8],
    ['viviendaSolo', 5], ['ocupaTerreno', 5], ['ocupaVivienda', 3], ['viviendaOtro', 4],
  ] as const); // prettier-ignore
  const nivel = () => r.pick(NIVEL_EDUCATIVO_VALUES.filter((v) => v !== 'noAplica'));
  const nivelMadre = madre && r.chance(0.95) ? nivel() : undefined;
  const nivelPadre = padre && r.chance(0.9) ? nivel() : undefined;

  return {
    apellido1,
    apellido2,
    otherKids,
    primaria,
    adults,
    sections: {
      2: section2(ctx, names),
      4: {
        monoparental: madre !== padre && !madrastra && !padrastro ? 'SI' : 'NO',
        madre,
        padre,
        madrastra,
        padrastro,
        abuelos,
        abuelas,
        otrosAdultos: otros(otrosAdultos),
        ...(otrosAdultos ? { otrosAdultosAclarar: r.pick(['Tío materno', 'Tía paterna', 'Padrino']) } : {}),
        otrosMenores: otros(otrosMenores),
        ...(otrosMenores ? { otrosMenoresAclarar: 'Primos' } : {}),
        discapacidad: r.chance(0.05) ? 'SI' : 'NO',
      },
      5: {
        ingresos: r.pick([
          'Sueldo de la madre',
          'Sueldos de la madre y el padre',
          'Sueldo del padre',
          'Changas y asignación familiar',
          'Jubilación de la abuela y sueldo de la madre',
          'Pensión y trabajos ocasionales',
        ]),
        ingresosAclarar: pesos(ingreso),
        planEquidad: r.chance(0.15),
        tarjetaUruguaySocial: r.chance(0.08),
        asignacionFamiliar: r.chance(0.3),
      },
      6: {
        trabajo,
        ...(trabajo === 'otro' ? { trabajoOtroAclarar: r.pick(['Emprendimiento propio', 'Feriante']) } : {}),
        vivienda,
        ...(vivienda === 'viviendaOtro' ? { viviendaOtroAclarar: r.pick(['Pensión', 'Cooperativa de vivienda']) } : {}),
        vehiculo,
        ...(vehiculo === 'vehiculoOtro' ? { vehiculoOtroAclarar: r.pick(['Bicicleta', 'Camioneta de trabajo']) } : {}),
        ...(auto
          ? {
              marcaAuto: marca,
              ...(marca === MARCA_AUTO_OTRO ? { marcaAutoOtroAclarar: 'Lada' } : {}),
              modeloAuto: marca === MARCA_AUTO_OTRO ? 'Niva' : r.pick(MODELOS[marca]!),
              anioAuto: year - r.int(0, 25),
            }
          : {}),
      },
      7:
        nivelMadre || nivelPadre
          ? {
              ...(nivelMadre ? { nivelEducativoMadre: nivelMadre } : {}),
              ...(nivelPadre ? { nivelEducativoPadre: nivelPadre } : {}),
            }
          : {
              otroResponsable: inscriptorName(r, 'abuela', names),
              otroResponsableNivel: nivel(),
              otroResponsableAclarar: 'Abuela a cargo',
            },
      10: primaria.length
        ? { tieneHermanosPrimaria: true, hermanosPrimaria: primaria }
        : { tieneHermanosPrimaria: false },
    },
  };
}

/** Section 4's counts from one child's point of view: the other children at home are its siblings. */
function householdCounts(h: Household, siblings: Child[]): Section {
  const kids = [...h.otherKids, ...siblings.map((c) => c.sexo)];
  const minors = 1 + kids.length + Number(h.sections[4].otrosMenores);
  const total = h.adults + minors;
  return {
    hermanos: otros(kids.filter((s) => s === 'M').length),
    hermanas: otros(kids.filter((s) => s === 'F').length),
    menores: menores(minors),
    totalIntegrantesHogar: integrantes(total),
  };
}

function section8(ctx: Context): Section {
  const { r } = ctx;
  const razones = RAZON_ELEGIR_VALUES.filter(() => r.chance(0.35));
  if (!razones.length) razones.push(r.pick(RAZON_ELEGIR_VALUES));
  const tipo = r.pick(TRABAJO_FUTURO_TIPO_VALUES);
  return {
    razonElegirInstitucion: razones,
    ...(razones.includes('otra') ? { razonElegirInstitucionOtra: 'Ya va un hermano mayor' } : {}),
    ultimoAnioCentroEstudios: r.weighted([['muyBien', 40], ['bien', 40], ['regular', 15], ['mal', 4], ['muyMal', 1]] as const), // prettier-ignore
    trabajoFuturo: r.weighted([['estudiar', 60], ['estudiarYTrabajar', 25], ['noSabe', 10], ['trabajar', 5]] as const), // prettier-ignore
    trabajoFuturoTipo: tipo,
    ...(tipo === 'otro' ? { trabajoFuturoTipoOtro: r.pick(['Artista', 'Deportista', 'Veterinaria']) } : {}),
  };
}

/** The 11 sections of one child's form, complete. */
function childSections(ctx: Context, h: Household, child: Child, siblings: Child[]): Section[] {
  const { r } = ctx;
  return [
    {
      nombre1: child.nombre1,
      ...(child.nombre2 ? { nombre2: child.nombre2 } : {}),
      apellido1: h.apellido1,
      ...(h.apellido2 ? { apellido2: h.apellido2 } : {}),
      fechaNacimiento: birthDate(ctx),
      sexo: child.sexo,
      ci: child.ci,
    },
    h.sections[2],
    section3(ctx),
    { ...h.sections[4], ...householdCounts(h, siblings) },
    h.sections[5],
    h.sections[6],
    h.sections[7],
    section8(ctx),
    {
      cantidadHermanosInscriben: siblings.length,
      ...(siblings.length
        ? {
            hermanosInscriben: siblings.map((s) => ({
              nombre: fullName(s.nombre1, s.nombre2, h.apellido1, h.apellido2),
              nivel: 'Inicial' as const,
              ci: s.ci,
              sexo: s.sexo as Sexo,
            })),
          }
        : {}),
    },
    h.sections[10],
    r.chance(0.25) ? { observaciones: r.pick(OBSERVACIONES) } : {},
  ];
}

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

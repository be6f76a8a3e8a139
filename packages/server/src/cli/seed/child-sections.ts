import { birthDateWindow } from '@inscripciones/shared/inscriptos/dates.ts';
import {
  RAZON_ELEGIR_VALUES,
  TRABAJO_FUTURO_TIPO_VALUES,
  ULTIMO_CENTRO_OTRO,
} from '@inscripciones/shared/inscriptos/options.ts';
import { householdCounts, type Household } from './household.ts';
import { NECESIDADES, OBSERVACIONES } from './pools.ts';
import { firstName, fullName, type Child, type Context, type Section, type Sexo } from './seed-context.ts';

/** One child's own sections (1, 3, 8, 9 and 11) and the complete form around the household's. */

export function childOf(ctx: Context, taken: Set<string>): Child {
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
export function childSections(ctx: Context, h: Household, child: Child, siblings: Child[]): Section[] {
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

import { BARRIOS, BARRIO_OTRO, MARCA_AUTO_OTRO } from '@inscripciones/shared/inscriptos/catalogos.ts';
import type { THermanoPrimaria } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { PARENTESCO_VALUES } from '@inscripciones/shared/inscriptos/options.ts';
import { NIVEL_EDUCATIVO_VALUES } from '@inscripciones/shared/inscriptos/options.ts';
import { APELLIDOS, BARRIOS_OTROS, CALLES, MARCAS_CONOCIDAS, MODELOS, NOMBRES_F, NOMBRES_M } from './pools.ts';
import type { Rng } from './random.ts';
import {
  firstName,
  fullName,
  integrantes,
  menores,
  otros,
  pesos,
  phone,
  type Child,
  type Context,
  type Section,
  type Sexo,
} from './seed-context.ts';

/** The household children enrolled together share: sections 2 and 4–7 and 10 of their forms. */

/** Everything children enrolled together share: surnames, home, household, income, parents. */
export interface Household {
  apellido1: string;
  apellido2: string | undefined;
  /** Sexes of the other children living at home (older siblings, some in primary at the centre). */
  otherKids: Sexo[];
  primaria: THermanoPrimaria[];
  sections: { 2: Section; 4: Section; 5: Section; 6: Section; 7: Section; 10: Section };
  adults: number;
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

export function household(ctx: Context, apellido1: string, apellido2: string | undefined): Household {
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
export function householdCounts(h: Household, siblings: Child[]): Section {
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

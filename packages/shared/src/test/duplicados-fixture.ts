import { ciCheckDigit } from '../inscriptos/ci.ts';
import type { TDuplicadoFuente, TMotivoDuplicado } from '../duplicados/duplicados.ts';
import { mulberry32 } from '../seeded-random.ts';

/** A valid CI (check digit right) from its first 7 digits. */
export function validCi(first7: string): string {
  return `${first7}${ciCheckDigit(first7)}`;
}

/** Expected pair: the two children's keys (as ninoKey gives them) and the reason. */
export interface TParEsperado {
  a: string;
  b: string;
  motivo: TMotivoDuplicado;
}

const r = (
  inscriptoId: string,
  nombre1: string,
  apellido1: string,
  apellido2: string | undefined,
  fechaNacimiento: string,
  ci: string | undefined,
  hermanosInscriben: TDuplicadoFuente['hermanosInscriben'] = undefined,
): TDuplicadoFuente => ({ inscriptoId, nombre1, apellido1, apellido2, fechaNacimiento, ci, hermanosInscriben });

/*
 * 8.812.345 and 8.862.345 differ by 5 in the third digit (weight 8): the check digit stays the same, so both
 * CIs are valid and differ in one digit only. (An adjacent swap always breaks the check digit, since the
 * weight differences 7, 1, 1, 1, 3, 1 and 3 are prime to 10; the check digit only warns, so it is stored.)
 */
const CI_UN_DIGITO_A = validCi('8812345');
const CI_UN_DIGITO_B = validCi('8862345');
const CI_SWAP_A = validCi('7031270');
/** CI_SWAP_A with its 7th digit and check digit swapped. */
const CI_SWAP_B = `${CI_SWAP_A.slice(0, 6)}${CI_SWAP_A[7]}${CI_SWAP_A[6]}`;

/**
 * Known duplicates (each listed in DUPLICADOS_ESPERADOS) among look-alikes that are different children:
 * twins, the same name born another day, the normal CI link between siblings.
 */
export const DUPLICADOS_FIXTURE: TDuplicadoFuente[] = [
  // Accents, case and spacing: the same child typed by two volunteers.
  r('d-lucia-1', 'Lucía', 'Pérez', 'Sosa', '2020-03-14', validCi('7123456')),
  r('d-lucia-2', '  LUCIA ', 'perez', undefined, '2020-03-14', validCi('6234567')),
  // Compound names: "María José de León" and "Maria  Jose De Leon".
  r('d-mj-1', 'María José', 'de León', 'Rivero', '2020-05-02', validCi('7345678')),
  r('d-mj-2', 'Maria  Jose', 'De Leon', 'Rivero', '2020-05-02', undefined),
  // Swapped surnames.
  r('d-vale-1', 'Valentina', 'Fernández', 'López', '2020-08-21', validCi('7456789')),
  r('d-vale-2', 'Valentina', 'López', 'Fernández', '2020-08-21', validCi('6456780')),
  // A CI mistyped by one digit, both valid, and a typo in the surname too (so only the CI rule finds it).
  r('d-matias-1', 'Matías', 'Rodríguez', 'Gómez', '2020-01-09', CI_UN_DIGITO_A),
  r('d-matias-2', 'Matias', 'Rodrigues', 'Gómez', '2020-01-09', CI_UN_DIGITO_B),
  // Adjacent digits swapped: the 7th digit with the check digit.
  r('d-sofi-1', 'Sofía', 'González', undefined, '2020-11-30', CI_SWAP_A),
  r('d-sofi-2', 'Sofia', 'Gonzales', undefined, '2020-11-30', CI_SWAP_B),
  // Adjacent digits swapped inside the number.
  r('d-thiago-1', 'Thiago', 'Martínez', 'Díaz', '2020-06-06', validCi('7567890')),
  r('d-thiago-2', 'Tiago', 'Martinez', 'Diaz', '2020-06-06', `7576890${ciCheckDigit('7567890')}`),
  // A sibling listed (without CI) in Ana's enrolment who also has an enrolment of his own.
  r('d-ana', 'Ana', 'Suárez', 'Silva', '2020-02-17', validCi('7678901'), [{ nombre: 'Bruno Suárez Silva' }]),
  r('d-bruno', 'Bruno', 'Suárez', 'Silva', '2019-01-05', validCi('7789012')),
  // A sibling listed with a CI one digit off (7.901.234 / 7.951.234, both valid) from her own enrolment's CI.
  r('d-pablo', 'Pablo', 'Méndez', undefined, '2020-09-12', validCi('7890123'), [
    { nombre: 'camila mendez', ci: validCi('7951234') },
  ]),
  r('d-camila', 'Camila', 'Méndez', 'Ruiz', '2020-09-12', validCi('7901234')),

  // Look-alikes. Twins, different first names, linked as siblings by their CIs.
  r('n-juan', 'Juan', 'Castro', 'Pereira', '2020-04-04', validCi('6012345'), [
    { nombre: 'Pedro Castro Pereira', ci: validCi('6012346') },
  ]),
  r('n-pedro', 'Pedro', 'Castro', 'Pereira', '2020-04-04', validCi('6012346'), [
    { nombre: 'Juan Castro Pereira', ci: validCi('6012345') },
  ]),
  // Twins with compound names sharing the first word.
  r('n-mj', 'María José', 'Olivera', undefined, '2020-07-07', validCi('6123456')),
  r('n-ml', 'María Laura', 'Olivera', undefined, '2020-07-07', validCi('6123457')),
  // Same name, another birth date.
  r('n-martina-1', 'Martina', 'Silva', 'Núñez', '2020-03-04', validCi('6234568')),
  r('n-martina-2', 'Martina', 'Silva', 'Núñez', '2020-07-19', validCi('6345679')),
  // CIs one digit apart, another birth date (two unrelated children).
  r('n-ci-1', 'Emma', 'Acosta', undefined, '2020-10-10', validCi('8712345')),
  r('n-ci-2', 'Lola', 'Benítez', undefined, '2020-12-12', validCi('8762345')),
  // Same birth date and first name, other surnames.
  r('n-mateo-1', 'Mateo', 'Ramos', undefined, '2020-05-20', validCi('6456789')),
  r('n-mateo-2', 'Mateo', 'Cabrera', undefined, '2020-05-20', validCi('6567890')),
  // A listed sibling named like another child but with a CI of his own far from that child's.
  r('n-eva', 'Eva', 'Torres', undefined, '2020-01-25', validCi('6678901'), [
    { nombre: 'Mateo Ramos', ci: validCi('6789012') },
  ]),
  // Same birth date, one surname in common, first surnames differ and are not swapped.
  r('n-leo-1', 'Leo', 'Vega', 'Paz', '2020-02-02', validCi('6890123')),
  r('n-leo-2', 'Leo', 'Paz', 'Ibarra', '2020-02-02', validCi('6901234')),
];

export const DUPLICADOS_ESPERADOS: TParEsperado[] = [
  { a: 'd-lucia-1', b: 'd-lucia-2', motivo: 'nombre_y_fecha' },
  { a: 'd-mj-1', b: 'd-mj-2', motivo: 'nombre_y_fecha' },
  { a: 'd-vale-1', b: 'd-vale-2', motivo: 'apellidos_invertidos' },
  { a: 'd-matias-1', b: 'd-matias-2', motivo: 'ci_un_digito' },
  { a: 'd-sofi-1', b: 'd-sofi-2', motivo: 'ci_digitos_invertidos' },
  { a: 'd-thiago-1', b: 'd-thiago-2', motivo: 'ci_digitos_invertidos' },
  { a: 'd-ana#0', b: 'd-bruno', motivo: 'hermano_e_inscripto' },
  { a: 'd-camila', b: 'd-pablo#0', motivo: 'hermano_e_inscripto' },
];

const NOMBRES = [
  'Lucía',
  'Mateo',
  'Sofía',
  'Benjamín',
  'Valentina',
  'Thiago',
  'Martina',
  'Santiago',
  'Emma',
  'Joaquín',
  'Isabella',
  'Bautista',
  'Catalina',
  'Lorenzo',
  'Olivia',
  'Felipe',
  'Julieta',
  'Agustín',
  'Mía',
  'Juan',
  'Alma',
  'Facundo',
  'Renata',
  'Bruno',
  'Emilia',
  'Tomás',
  'Victoria',
  'Lautaro',
  'Zoe',
  'Gael',
  'Delfina',
  'Benicio',
  'Josefina',
  'Francisco',
  'Paulina',
  'Ignacio',
  'Florencia',
  'Nicolás',
  'Antonella',
  'Máximo',
];
const APELLIDOS = [
  'Rodríguez',
  'González',
  'Martínez',
  'García',
  'Fernández',
  'López',
  'Pérez',
  'Silva',
  'Sosa',
  'Gómez',
  'Díaz',
  'Suárez',
  'Núñez',
  'Pereira',
  'Castro',
  'Álvarez',
  'Ramos',
  'Méndez',
  'Acosta',
  'Benítez',
  'Olivera',
  'Cabrera',
  'Torres',
  'Vega',
  'Romero',
  'Ruiz',
  'Hernández',
  'Medina',
  'Correa',
  'Morales',
  'Ferreira',
  'de León',
  'Da Silva',
  'Rivero',
  'Techera',
  'Cardozo',
  'Píriz',
  'Machado',
  'Larrosa',
  'Viera',
];

/**
 * `n` enrolments of children born in one year, with unique valid CIs and random names; a quarter list a
 * sibling (half of them by CI, half by name only), as a cycle's data looks. For the benchmark.
 */
export function generateEnrolments(n: number, seed = 1): TDuplicadoFuente[] {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const used = new Set<string>();
  const ci = () => {
    for (;;) {
      const value = validCi(String(6_000_000 + Math.floor(random() * 2_000_000)));
      if (!used.has(value)) return (used.add(value), value);
    }
  };
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2020, 0, 1 + Math.floor(random() * 366))).toISOString().slice(0, 10);
    const apellido1 = pick(APELLIDOS);
    const apellido2 = random() < 0.8 ? pick(APELLIDOS) : undefined;
    const sibling = random() < 0.25;
    return {
      inscriptoId: `gen-${i}`,
      nombre1: pick(NOMBRES),
      apellido1,
      apellido2,
      fechaNacimiento: day,
      ci: ci(),
      hermanosInscriben: sibling
        ? [
            {
              nombre: `${pick(NOMBRES)} ${apellido1}${apellido2 ? ` ${apellido2}` : ''}`,
              ...(random() < 0.5 ? { ci: ci() } : {}),
            },
          ]
        : undefined,
    };
  });
}

import type { TContenido } from './contenido-schema.ts';
import { enLugar, fechaEnPalabras } from './textos.ts';

/**
 * The FAQ of /consultas (SPEC 2 "Consultas"): every answer the spec lists, in plain Spanish for families, in
 * its two groups. Answers that depend on the school (hours, contact, lottery, year) read its content.
 */

export interface Pregunta {
  /** Stable id (accordion key and DOM ids). */
  id: string;
  pregunta: string;
  /** Paragraphs. */
  respuesta: string[];
  /** A list shown after the paragraphs. */
  lista?: string[];
  /** A link shown at the end. */
  enlace?: { texto: string; url: string };
}

export interface GrupoPreguntas {
  id: 'inscriptores' | 'adultos-referentes';
  titulo: 'Inscriptores' | 'Adultos Referentes';
  preguntas: Pregunta[];
}

export const ACTIVIDADES = [
  'Fútbol',
  'Básquetbol',
  'Tenis de mesa',
  'Rugby',
  'Karate',
  'Coro',
  'Robótica',
  'Taller de música',
  'Inglés avanzado',
] as const;

export function preguntasFrecuentes(c: TContenido): GrupoPreguntas[] {
  const sorteo = `${fechaEnPalabras(c.sorteoFecha)} a las ${c.sorteoHora} horas`;
  return [
    {
      id: 'inscriptores',
      titulo: 'Inscriptores',
      preguntas: [
        {
          id: 'hermano-en-secundaria',
          pregunta: 'Si el niño o la niña ya tiene un hermano en Secundaria, ¿entra directamente?',
          respuesta: [
            'No. Tener un hermano en Secundaria no da un lugar asegurado: el niño o la niña participa del sorteo, ' +
              'como todos los inscriptos.',
          ],
        },
        {
          id: 'sorteo-hermanos',
          pregunta: '¿Cómo se sortean los hermanos que se inscriben juntos?',
          respuesta: [
            'Los hermanos que se inscriben el mismo año se sortean primero, antes que el resto. ' +
              'Los hermanos comparten el mismo número de inscripción y entran o quedan en lista de espera juntos.',
          ],
        },
        {
          id: 'cedula-argentina',
          pregunta: '¿Qué hago si el niño o la niña tiene documento argentino?',
          respuesta: [
            'Se ingresa normalmente, en el mismo campo de la cédula. Si el sistema avisa que el dígito ' +
              'verificador no coincide, se puede seguir igual: ese aviso es para las cédulas uruguayas.',
          ],
        },
        {
          id: 'edad',
          pregunta: '¿Qué edad tiene que tener para entrar a primer año?',
          respuesta: [`Tiene que tener 6 años cumplidos al 1 de enero de ${c.anioIngreso}.`],
        },
        {
          id: 'horario-inscripciones',
          pregunta: '¿En qué horario se puede inscribir?',
          respuesta: [`Las inscripciones se reciben ${c.horarioInscripciones}.`],
        },
        {
          id: 'zonas',
          pregunta: '¿Hay zonas para inscribirse?',
          respuesta: [
            'Sí. La escuela recibe inscripciones de una zona definida. Podés ver sus límites en el mapa de esta ' +
              'página y buscar la calle en el mapa de vista de calle.',
            `Si el domicilio queda fuera de la zona, consultá con ${c.contactoNombre} antes de seguir.`,
          ],
        },
        {
          id: 'necesidades-educativas',
          pregunta: '¿La escuela acompaña a niños con necesidades educativas especiales?',
          respuesta: [
            'Sí. La escuela tiene un equipo para acompañar a niños y niñas con necesidades educativas especiales. ' +
              'Es importante contarlo al momento de la inscripción (por ejemplo, en Observaciones), así el equipo ' +
              'lo sabe desde el principio.',
          ],
        },
      ],
    },
    {
      id: 'adultos-referentes',
      titulo: 'Adultos Referentes',
      preguntas: [
        {
          id: 'costo',
          pregunta: '¿Hay que pagar algo?',
          respuesta: [
            'No. La escuela es gratuita: no se paga inscripción ni cuota. El uniforme se entrega gratis la ' +
              'primera vez; si después hace falta reponerlo, esa reposición se paga.',
          ],
        },
        {
          id: 'lugares',
          pregunta: '¿Inscribirse asegura un lugar?',
          respuesta: [
            'No. Los lugares son limitados. Después de las inscripciones se hace un sorteo: quienes no obtienen ' +
              'un lugar quedan en una lista de espera, en el orden del sorteo, y se los llama si se libera un lugar.',
          ],
        },
        {
          id: 'fecha-sorteo',
          pregunta: '¿Cuándo y dónde es el sorteo?',
          respuesta: [
            `El sorteo es el ${sorteo}, ${enLugar(c.sorteoLugar)}. También se transmite en vivo por redes sociales.`,
            'Guardá el número de inscripción: es el que se nombra el día del sorteo.',
          ],
          ...(c.transmisionUrl ? { enlace: { texto: 'Ver la transmisión en vivo', url: c.transmisionUrl } } : {}),
        },
        {
          id: 'requisitos',
          pregunta: '¿Qué se necesita para inscribir?',
          respuesta: [
            'Que el adulto referente venga con el niño o la niña y traiga su cédula de identidad (la del niño o la niña).',
          ],
        },
        {
          id: 'pruebas-religion',
          pregunta: '¿Hay pruebas de ingreso o formación religiosa?',
          respuesta: ['No. No hay pruebas de aptitud para entrar y la escuela no da formación religiosa.'],
        },
        {
          id: 'actividades-fuera',
          pregunta: '¿Puede hacer actividades fuera de la escuela?',
          respuesta: [
            'Sí, pero tienen que ser fuera del horario escolar: la escuela es de tiempo completo y el niño o la ' +
              'niña tiene que estar durante todo el turno.',
          ],
        },
        {
          id: 'actividades',
          pregunta: '¿Qué actividades ofrece la escuela?',
          respuesta: ['Además de las clases, la escuela ofrece:'],
          lista: [...ACTIVIDADES],
        },
        {
          id: 'comienzo-clases',
          pregunta: '¿Cuándo empiezan las clases?',
          respuesta: ['En general, las clases empiezan en marzo.'],
        },
        {
          id: 'comedor-transporte',
          pregunta: '¿La escuela tiene comedor y transporte?',
          respuesta: ['Sí. La escuela ofrece comedor y transporte escolar.'],
        },
      ],
    },
  ];
}

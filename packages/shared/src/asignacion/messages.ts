import type { TPrioridad } from './schemas.ts';

/** Rótulos de las clases de prioridad (las etapas del sorteo de 0008 que las originan). */
export const PRIORIDAD_LABELS: Record<TPrioridad, string> = {
  hermanos_juntos: 'Hermanos que se inscriben juntos',
  hermanos_primaria: 'Hermanos en primaria en esa escuela',
  comun: 'Común',
};

/**
 * Textos de la asignación en red (docs/decisions/0028): la validación de las postulaciones, el verificador
 * del acta pública y los motivos por los que el corrimiento no aplica una respuesta. Los usan el motor, el
 * servidor, la línea de comandos y la web.
 */
export const ASIGNACION_MSG = {
  // Validación de la red (el motor no corre con una de estas).
  maxPreferenciasInvalido: 'La cantidad máxima de preferencias debe ser un entero de 1 en adelante.',
  escuelaRepetida: (codigo: string) => `La escuela ${codigo} aparece dos veces.`,
  numeroRepetido: (numero: number) => `El N° ${numero} aparece dos veces.`,
  azarRepetido: (azar: number, a: number, b: number) =>
    `El N° ${a} y el N° ${b} tienen el mismo número al azar (${azar}).`,
  azarNoEsPermutacion: (total: number) =>
    `Los números al azar deben ser exactamente 1, 2, …, ${total}: uno por postulación, sin repetir.`,
  demasiadasPreferencias: (numero: number, cantidad: number, max: number) =>
    `El N° ${numero} eligió ${cantidad} escuelas: el máximo de la red es ${max}.`,
  escuelaDesconocida: (numero: number, codigo: string) =>
    `El N° ${numero} eligió la escuela ${codigo}, que no está en la red.`,
  escuelaElegidaDosVeces: (numero: number, codigo: string) => `El N° ${numero} eligió dos veces la escuela ${codigo}.`,
  integrantesDistintos: (numero: number) =>
    `El N° ${numero} no tiene la misma cantidad de niños en todas sus preferencias.`,
  prioridadDeGrupo: (numero: number, codigo: string) =>
    `El N° ${numero} es un grupo de hermanos: su prioridad en la escuela ${codigo} debe ser «hermanos_juntos».`,
  prioridadDeNinoSolo: (numero: number, codigo: string) =>
    `El N° ${numero} es un solo niño: su prioridad en la escuela ${codigo} no puede ser «hermanos_juntos».`,
  listaIncoherente: (numero: number, integrante: number, codigo: string) =>
    `El niño ${integrante} del N° ${numero} cambia de lista entre escuelas, pero en la escuela ${codigo} no está ` +
    'en la lista con más plazas (la regla de «Otro»).',

  // Verificador del acta pública.
  actaInvalida: (donde: string, detalle: string) =>
    `El archivo no es un acta de asignación válida: ${donde}: ${detalle}`,
  compromisoNoAnunciado: 'El compromiso del acta no es el que se anunció.',
  listaNoAnunciada: 'El hash de la lista de postulaciones del acta no es el que se anunció.',
  valorNoCanonico: (detalle: string) => `El valor público del acta no sirve para su fuente declarada: ${detalle}`,
  valorDistintoDelCanonico: (canonico: string) =>
    `El valor público del acta no está en la forma canónica de su fuente: sería «${canonico}».`,
  semillaNoCorresponde: 'La semilla no corresponde al compromiso publicado (SHA-256 distinto).',
  listaHashNoCorresponde: 'Las postulaciones no corresponden a su hash publicado.',
  listasDeIntegrante: (numero: number, integrante: number) =>
    `El niño ${integrante} del N° ${numero} debe tener una lista, o una por cada escuela que eligió.`,
  hermanosPrimariaDeGrupo: (numero: number) =>
    `El N° ${numero} es un grupo de hermanos: tiene prioridad «hermanos_juntos» en todas sus escuelas y no lleva «hermanosPrimaria».`,
  hermanosFueraDePreferencias: (numero: number, codigo: string) =>
    `El N° ${numero} tiene hermanos en primaria en la escuela ${codigo}, que no está (una vez) entre sus preferencias.`,
  redInvalida: (problema: string) => `Las postulaciones del acta no son válidas: ${problema}`,
  azarDistinto: (numero: number, acta: number, repeticion: number) =>
    `N° ${numero}: el acta dice número al azar ${acta}, el sorteo repetido da ${repeticion}.`,
  resultadoFaltante: (numero: number) => `Falta el resultado del N° ${numero}.`,
  resultadoDeMas: (numero: number) => `Sobra el resultado del N° ${numero}: no se postuló o aparece dos veces.`,
  resultadoFueraDeOrden: (posicion: number, acta: number, esperado: number) =>
    `Resultado ${posicion}: el acta dice N° ${acta}, en orden de número corresponde el N° ${esperado}.`,
  escuelaDistinta: (numero: number, acta: string | null, repeticion: string | null) =>
    `N° ${numero}: el acta dice ${acta ? `escuela ${acta}` : 'sin escuela'}, la repetición da ` +
    `${repeticion ? `escuela ${repeticion}` : 'sin escuela'}.`,
  esperaDistinta: (numero: number, acta: string, repeticion: string) =>
    `N° ${numero}: el acta dice lista de espera ${acta}, la repetición da ${repeticion}.`,
  esperaNinguna: 'ninguna',
  verificada: (r: { postulaciones: number; ninos: number; asignadas: number; sinEscuela: number }) =>
    `Acta de asignación verificada: ${r.postulaciones} postulaciones (${r.ninos} niños), ${r.asignadas} con ` +
    `escuela, ${r.sinEscuela} sin escuela.`,

  // Corrimiento: la asignación publicada de la que parte.
  escuelaNoElegida: (numero: number, codigo: string) =>
    `La asignación publicada pone al N° ${numero} en la escuela ${codigo}, que no eligió.`,
  escuelaExcedida: (codigo: string) => `La asignación publicada pasa las plazas de la escuela ${codigo}.`,

  // Corrimiento: por qué una respuesta del registro no se aplica.
  eventoAnterior: 'El evento es anterior al último registrado.',
  numeroDesconocido: (numero: number) => `El N° ${numero} no está en la asignación.`,
  yaFuera: (numero: number) => `El N° ${numero} ya no participa: rechazó o venció su plaza.`,
  sinPlaza: (numero: number) => `El N° ${numero} no tiene una plaza que aceptar.`,
  otraEscuela: (numero: number, respondida: string | null, actual: string | null) =>
    `La respuesta del N° ${numero} es por ${respondida ? `la escuela ${respondida}` : 'no tener plaza'}, pero ahora ` +
    `${actual ? `su plaza es en la escuela ${actual}` : 'no tiene plaza'}: tiene que responder de nuevo.`,
  yaAcepto: (numero: number) => `El N° ${numero} ya aceptó su plaza y dejó las listas de espera.`,
  noPendiente: (numero: number) => `El N° ${numero} ya respondió: su plaza no vence.`,
  venceDespues: (numero: number, vence: string) => `La plaza del N° ${numero} vence el ${vence}.`,
  integranteDesconocido: (numero: number, integrante: number) =>
    `El N° ${numero} no tiene el integrante ${integrante + 1}.`,
  integranteYaRechazo: (numero: number, integrante: number) =>
    `El integrante ${integrante + 1} del N° ${numero} ya había rechazado.`,
  soloRechazaAparte: 'Un integrante de un grupo solo puede rechazar por separado: aceptar es de todo el grupo.',
} as const;

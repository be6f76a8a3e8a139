/** Texts of the admission cycles (ours, in the voice of SPEC.md): screen, service and enrolment form. */
export const CICLO_MSG = {
  notFound: 'El ciclo no existe',
  cerrado: (nombre: string) => `${nombre} está cerrado: sus datos se pueden consultar pero no modificar.`,
  cerradoBanner: (nombre: string) => `${nombre} está cerrado: podés consultar sus inscripciones, pero no modificarlas.`,
  cerrarConSorteo: (nombre: string) => `No se puede cerrar ${nombre} mientras su sorteo está en curso.`,
  anioRepetido: (anio: number) => `Ya existe un ciclo con año de ingreso ${anio}.`,
  creado: (nombre: string) => `${nombre} creado`,
  guardado: 'Ciclo guardado',
  yaInscripto: (nombre: string, numero: number | null) =>
    `Ya se inscribió en ${nombre}${numero !== null ? ` (N° ${numero})` : ' (sin número)'}`,
} as const;

import { cuenta, plural } from '../plural.ts';

/** Texts of the admission cycles (ours, in the voice of SPEC.md): screen, service and enrolment form. */
export const CICLO_MSG = {
  notFound: 'El ciclo no existe',
  cerrado: (nombre: string) => `${nombre} está cerrado: sus datos se pueden consultar pero no modificar.`,
  cerradoBanner: (nombre: string) => `${nombre} está cerrado: podés consultar sus inscripciones, pero no modificarlas.`,
  cerrarConSorteo: (nombre: string) => `No se puede cerrar ${nombre} mientras su sorteo está en curso.`,
  /** PUT /api/ciclos/{id} without `confirmarOfertasAbiertas` while the season of `nombre` is still open. */
  ofertasAbiertas: (accion: 'actual' | 'cerrar', nombre: string, ofertas: number, suplentes: number, otro?: string) =>
    `${nombre} tiene ${cuenta(ofertas, 'oferta de plaza abierta', 'ofertas de plaza abiertas')}` +
    (suplentes ? ` y ${cuenta(suplentes, 'suplente en espera', 'suplentes en espera')}` : '') +
    '. ' +
    (accion === 'actual' ? `Si hacés actual ${otro ?? 'otro ciclo'}, ` : `Si lo cerrás, `) +
    `Plazas y la consulta de las familias siguen mostrando ${nombre} hasta que sus ofertas terminen. ¿Continuar?`,
  confirmarOfertas: (accion: 'actual' | 'cerrar') => (accion === 'actual' ? 'Sí, hacer actual' : 'Sí, cerrar'),
  anioRepetido: (anio: number) => `Ya existe un ciclo con año de ingreso ${anio}.`,
  creado: (nombre: string) => `${nombre} creado`,
  // The screen's actions and their confirmations.
  titulo: 'Ciclos de ingreso',
  intro:
    'Cada ciclo tiene sus inscripciones, su numeración, su sorteo y sus textos. Un ciclo cerrado queda solo para consulta.',
  siguiente: 'Ciclo siguiente',
  siguienteTexto: (nombre: string, actual: string) =>
    `${nombre} copia los datos del sorteo y las plazas de ${actual}. Se crea abierto y sin inscripciones; ` +
    `${actual} sigue siendo el ciclo actual hasta que elijas "Hacer actual".`,
  crearBoton: (nombre: string) => `Crear ${nombre}`,
  crearTitulo: (nombre: string) => `¿Crear ${nombre}?`,
  crearTexto: (nombre: string, actual: string) =>
    `Se crea ${nombre} con los datos del sorteo y las plazas de ${actual}, que sigue siendo el ciclo actual. ` +
    'Un ciclo creado no se puede borrar.',
  crearConfirmar: 'Crear ciclo',
  crearFallo: 'Error al crear el ciclo',
  guardarFallo: 'Error al guardar el ciclo',
  cargarFallo: 'Error al cargar los ciclos',
  cancelar: 'Cancelar',
  acciones: {
    actual: {
      titulo: 'Hacer actual',
      texto: (n: string) =>
        `¿Hacer de ${n} el ciclo actual? Las inscripciones nuevas, las importaciones y el sorteo pasan a ese ciclo.`,
      boton: 'Hacer actual',
    },
    cerrar: {
      titulo: 'Cerrar ciclo',
      texto: (n: string) => `¿Cerrar ${n}? Sus inscripciones quedan solo para consulta: nadie podrá modificarlas.`,
      boton: 'Cerrar ciclo',
    },
    reabrir: {
      titulo: 'Reabrir ciclo',
      texto: (n: string) => `¿Reabrir ${n}? Sus inscripciones se podrán volver a modificar.`,
      boton: 'Reabrir',
    },
  },
  dias: (n: number) => cuenta(n, 'día'),
  guardado: 'Ciclo guardado',
  plazoOferta: 'Plazo para responder una oferta (días): un número entero entre 1 y 60',
  plazoOfertaGuardado: (nombre: string, dias: number) =>
    `${nombre}: las ofertas que se hagan desde ahora vencen ${cuenta(dias, 'día')} después.`,
  plazoOfertaAyuda:
    'Vale para las ofertas que se hagan desde que se guarda; las ofertas ya hechas conservan su vencimiento.',
  anonimizado: (nombre: string) =>
    `${nombre} ya fue anonimizado: los datos de los niños no admitidos se borraron y no se puede reabrir.`,
  yaInscripto: (nombre: string, numero: number | null) =>
    `Ya se inscribió en ${nombre}${numero !== null ? ` (N° ${numero})` : ' (sin número)'}`,
} as const;

/** Retention of closed cycles (docs/privacy.md): the setting, the preview and the anonymisation. */
export const RETENCION_MSG = {
  soloCerrado: (nombre: string) => `Solo se puede anonimizar un ciclo cerrado: cerrá ${nombre} primero.`,
  confirmacion: (nombre: string) => `Para confirmar, escribí exactamente «${nombre}».`,
  hecho: (n: number) => `${plural(n, 'Se anonimizó', 'Se anonimizaron')} ${cuenta(n, 'inscripción')}.`,
  guardado: 'Plazo de conservación guardado',
  /** What an offer's answer shows in place of the reason staff typed, once its children are anonymised. */
  motivoBorrado: 'Borrado al anonimizar el ciclo.',
  sinSorteo:
    'Este ciclo no tiene un sorteo finalizado: no se sabe quiénes fueron admitidos, así que no se anonimiza ninguna inscripción.',
  sinOfertas:
    'Las ofertas de plazas de este ciclo nunca se registraron: registrá en Plazas qué familias aceptaron antes de anonimizar.',
  ofertasAbiertas: (n: number, hasta: string) =>
    `Hay ${cuenta(n, 'oferta de plaza abierta', 'ofertas de plaza abiertas')} (vencen hasta el ${hasta}): ` +
    'anonimizá cuando todas estén respondidas o vencidas.',
  recordatorio: (meses: number) =>
    `Los datos de los niños no admitidos se anonimizan ${cuenta(meses, 'mes', 'meses')} después del cierre del ciclo.`,
} as const;

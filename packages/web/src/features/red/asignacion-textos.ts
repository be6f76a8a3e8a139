/** The network administrator's assignment screen (docs/decisions/0028). */
export const ASIGNACION_RED_TEXTOS = {
  titulo: 'Asignación de la red',
  intro:
    'Cada familia ordena las escuelas de la red que quiere; un solo sorteo de la red da a cada postulación un ' +
    'número al azar y la asignación reparte todas las plazas a la vez. Cualquiera puede repetirla con el acta pública.',
  anio: 'Año de ingreso',
  modoTitulo: 'Cómo se asignan las plazas',
  modos: {
    escuela: 'Cada escuela sortea sus plazas',
    red: 'Una asignación para toda la red',
  },
  maxPreferencias: 'Escuelas que puede elegir cada familia',
  guardarModo: 'Guardar',
  modoGuardado: 'Guardado.',
  enModoEscuela: (anio: number) => `En ${anio} cada escuela sortea sus plazas: no hay sorteo de la red.`,
  sorteoTitulo: 'Sorteo de la red',
  iniciar: 'Iniciar el sorteo de la red',
  hashLista: 'Lista de postulaciones (SHA-256)',
  modoFijo: 'El modo queda fijo desde que empezó el sorteo de la red.',
  postulaciones: (total: number, escuelas: number, ninos: number) =>
    `${total} postulaciones de ${ninos} niños, en ${escuelas} escuelas.`,
  siguiente: 'Mostrar el número siguiente',
  numeroAlAzar: 'Número al azar',
  postulacion: (numero: number) => `N° ${numero}`,
  elige: 'Escuelas elegidas:',
  progreso: (confirmados: number, total: number) => `${confirmados} de ${total} leídos en la sala`,
  terminar: 'Terminar el sorteo y revelar la semilla',
  terminarAyuda:
    'Los números que no se leyeron salen del mismo sorteo: al terminar se revela la semilla y quedan todos fijos.',
  terminado: 'El sorteo de la red terminó.',
  semilla: 'Semilla',
  resultadoTitulo: 'Resultado',
  asignar: 'Asignar las plazas',
  asignarAntes: 'La asignación corre cuando termina el sorteo de la red.',
  sinAsignacion: 'Todavía no se asignaron las plazas.',
  resumen: (r: { postulaciones: number; asignadas: number; sinEscuela: number }) =>
    `${r.postulaciones} postulaciones: ${r.asignadas} con escuela, ${r.sinEscuela} sin escuela.`,
  tablaCaption: 'Postulaciones asignadas y en lista de espera, por escuela',
  escuela: 'Escuela',
  asignadas: 'Asignadas',
  ninosAsignados: 'Niños asignados',
  enEspera: 'En lista de espera',
  ahora: 'Con plaza ahora',
  primeraOpcion: 'En su primera opción',
  actaPublica: 'Acta pública (JSON)',
  verificar: 'Verificar la asignación',
  error: 'No se pudo completar la operación.',
} as const;

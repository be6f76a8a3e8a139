/** The web's texts of the network assignment (the engine's and the verifier's are in ASIGNACION_MSG). */
export const VERIFICAR_TEXTOS = {
  titulo: 'Verificar la asignación de la red',
  intro:
    'Este navegador descarga el acta pública de la asignación y la repite entera: comprueba la semilla contra su ' +
    'compromiso, las postulaciones contra su hash, vuelve a sortear el número al azar de cada postulación y ' +
    'vuelve a asignar todas las plazas. No hace falta usuario ni confiar en el servidor.',
  verificarPublicada: 'Verificar el acta publicada',
  descargarActa: 'Descargar el acta pública (JSON)',
  otroArchivoTitulo: 'Verificar un acta guardada',
  otroArchivoAyuda: 'Elegí un archivo de acta (JSON) o pegá su contenido.',
  archivo: 'Archivo del acta',
  pegar: 'Contenido del acta',
  verificarPegada: 'Verificar el acta pegada',
  noEsJson: 'El archivo no es un acta de asignación válida: no es JSON.',
  errorDescarga: 'No se pudo descargar el acta pública',
  errorArchivo: 'No se pudo leer el archivo',
  sinActa: 'Todavía no hay una asignación publicada.',
  progreso: 'Progreso de la verificación',
  etapa: {
    descargando: 'Descargando el acta...',
    leyendo: 'Leyendo el acta...',
    repitiendo: 'Repitiendo el sorteo y la asignación en este navegador...',
  },
  descargado: (mb: string) => `Descargando el acta: ${mb} MB...`,
  coincide: (texto: string, segundos: string) => `Coincide. ${texto} Repetida en ${segundos} s.`,
  noCoincide: (error: string) => `No coincide: ${error}`,
  diferencias: (n: number) => (n === 1 ? 'La diferencia:' : `Las primeras ${n} diferencias:`),
} as const;

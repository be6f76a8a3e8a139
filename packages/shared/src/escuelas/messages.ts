/** The network's messages (docs/decisions/0036). */
export const ESCUELA_MSG = {
  noEncontrada: 'No se encontró la escuela.',
  elegir: (codigos: readonly string[]) => `Indicá la escuela con el parámetro escuela: ${codigos.join(', ')}.`,
  sinEscuela: 'Tu cuenta no tiene ninguna escuela asignada. Consultá con la administración de la red.',
  codigoEnUso: (codigo: string) => `Ya existe una escuela con el código «${codigo}».`,
  escuelaDeOtraRed: (codigo: string) => `No podés asignar cuentas a la escuela «${codigo}».`,
  cuentaDeLaRed:
    'Esta cuenta también trabaja en otra escuela o en la red: solo la administración de la red puede cambiar sus datos; acá solo su rol en esta escuela.',
  creada: (nombre: string) => `Escuela «${nombre}» creada`,
  actualizada: (nombre: string) => `Escuela «${nombre}» actualizada`,
  copiaDeLaRed:
    'La copia de seguridad SQL es de toda la red: la descarga la administración de la red. Para los datos de tu escuela, exportá a Excel o PDF.',
} as const;

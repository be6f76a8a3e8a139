/** Texts of the school's content settings (ours, in the voice of SPEC.md): screen and service. */
export const CONFIGURACION_MSG = {
  guardada: 'Configuración guardada correctamente',
  sinCambios: 'No había cambios para guardar',
  guardarFallo: 'Error al guardar la configuración',
  cargarFallo: 'Error al cargar los datos de la escuela',
  stale: (usuario: string, fecha: string, hora: string) =>
    `La configuración fue modificada por ${usuario} el ${fecha} a las ${hora}, después de que la abriste. ` +
    'Tus cambios no se guardaron: recargá la página para ver la versión actual.',
  staleSinDatos:
    'La configuración fue modificada por otra persona después de que la abriste. ' +
    'Tus cambios no se guardaron: recargá la página para ver la versión actual.',
  datosDeEjemplo: (campos: string) =>
    `Estos datos todavía tienen los valores de ejemplo y hay que cambiarlos: ${campos}.`,
} as const;

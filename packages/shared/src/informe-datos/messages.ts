/** Texts of the personal-data report (Ley 18.331, art. 14; docs/privacy.md). */
export const INFORME_MSG = {
  titulo: 'Informe de datos personales',
  boton: 'Informe de datos personales',
  descargando: 'Generando informe...',
  error: 'No se pudo generar el informe de datos personales',
  finalidad:
    'Estos datos se reunieron para la inscripción a primer año y el sorteo de cupos. Los ven el personal de ' +
    'la escuela según su rol: los administradores todo; los voluntarios todo de las inscripciones que ' +
    'cargaron; los demás, sin los datos reservados (teléfonos, salud, hogar, ingresos, vivienda y trabajo). ' +
    'Ley 18.331, art. 14: este informe reúne todo lo que se guarda de la inscripción.',
} as const;

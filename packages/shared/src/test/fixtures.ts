import { yearInMontevideo } from '../inscriptos/dates.ts';
import type { TInscriptoData } from '../inscriptos/inscripto-schema.ts';

/**
 * A complete, valid enrolment in normalised form (ZInscriptoData.parse returns it unchanged), with every
 * mandatory field and most optional ones filled (a car, two centres, one sibling of each kind), for tests
 * of this package and of the server. Dates and centre years are relative to
 * `today`. It is complete except for funcionario, a system field: add `funcionario` to make
 * isComplete() true. Not conditional: income above the threshold, outside the tolerance zone, no benefits.
 */
export function completeInscripto(today: Date = new Date()): TInscriptoData {
  const year = yearInMontevideo(today);
  return {
    nombre1: 'Valentina',
    nombre2: 'Sofía',
    apellido1: 'Rodríguez',
    apellido2: 'Pérez',
    fechaNacimiento: `${year - 6}-05-14`,
    sexo: 'F',
    ci: '65432105',

    domicilio: 'Av. José Belloni 4567',
    barrio: 'Piedras Blancas',
    zonaTolerancia: 'No',
    fueraDeZonaAutorizado: false,
    tel: '22223333',
    cel1: '099123456',
    cel2: '098765432',
    avisosConsentimiento: 'NO',
    inscriptor: 'María Pérez',
    parentesco: 'madre',

    escuelaAnioActual: 'SI',
    escuelaAnioActualExtendido: 'NO',
    escuelaUltimo: 'Inicial',
    ultimoCentro: 'Jardín público',
    escuelaP: 'Publica',
    repitio: 'NO',
    necesidadesEducativas: 'NO',
    caif: true,
    caifInicio: year - 4,
    caifFin: year - 2,
    clubNinos: false,
    clubDeportivo: true,
    clubDeportivoInicio: year - 1,
    clubDeportivoFin: year,
    centroEducativoRecreativo: false,

    monoparental: 'NO',
    madre: true,
    padre: true,
    madrastra: false,
    padrastro: false,
    abuelos: '0',
    abuelas: '1',
    otrosAdultos: '0',
    hermanos: '1',
    hermanas: '0',
    otrosMenores: '0',
    discapacidad: 'NO',
    menores: '2',
    totalIntegrantesHogar: '5',

    ingresos: 'Sueldos de la madre y el padre',
    ingresosAclarar: '85.000',
    planEquidad: false,
    tarjetaUruguaySocial: false,
    asignacionFamiliar: false,

    trabajo: 'fijoMayor8',
    vivienda: 'alquila',
    vehiculo: 'auto',
    marcaAuto: 'Chevrolet',
    modeloAuto: 'Onix',
    anioAuto: 2015,

    nivelEducativoMadre: 'secundariaCompleta',
    nivelEducativoPadre: 'utecIncompleta',

    razonElegirInstitucion: ['propuestaEducativa', 'extensionHoraria'],
    ultimoAnioCentroEstudios: 'muyBien',
    trabajoFuturo: 'estudiar',
    trabajoFuturoTipo: 'universitario',

    cantidadHermanosInscriben: 1,
    hermanosInscriben: [{ nombre: 'Mateo Rodríguez Pérez', nivel: 'Inicial', ci: '65432111', sexo: 'M' }],
    tieneHermanosPrimaria: true,
    hermanosPrimaria: [{ nombre: 'Lucía Rodríguez Pérez', nivel: 3, grupo: '3°A' }],

    observaciones: 'Sin observaciones.',
  };
}

import { cuenta } from '../plural.ts';

/** Texts of the director's panel (ours, in the voice of SPEC.md). */
export const PANEL_MSG = {
  title: 'Panel',
  loading: 'Cargando el panel…',
  loadFailed: 'No se pudo cargar el panel. Probá de nuevo en unos minutos.',
  empty: 'Todavía no hay inscripciones en este ciclo.',
  print: 'Imprimir',
  downloadCsv: 'Descargar CSV',
  showTable: 'Ver los datos en una tabla',
  barLink: (name: string, value: number) => `${name}: ${value}. Ver en la lista`,
  dayLink: (dia: string, cantidad: number, acumulado: number) =>
    `${dia}: ${cuenta(cantidad, 'inscripción')}, ${acumulado} en total. Ver en la lista`,
  /** The daily chart's summary. */
  porDiaResumen: (total: number, dias: number, plazas: number) =>
    `${cuenta(total, 'inscripción')} en ${cuenta(dias, 'día')}, para ${cuenta(plazas, 'plaza')}.`,
  porFuncionarioResumen: (nombre: string, finalizadas: number, pendientes: number) =>
    `${nombre}: ${cuenta(finalizadas, 'finalizada')} y ${cuenta(pendientes, 'pendiente')}`,
  plazas: (n: number) => `Plazas: ${n}`,
  cards: {
    total: 'Inscripciones',
    pendientes: 'Pendientes',
    finalizadas: 'Finalizadas',
    condicionales: 'Condicionales',
    estratoBajo: 'Estrato BAJO',
    fueraDeZona: 'Fuera de zona autorizados',
  },
  charts: {
    porDia: 'Inscripciones por día (acumulado)',
    porEstado: 'Por estado',
    porMotivo: 'Condicionales por motivo',
    porEstrato: 'Por estrato',
    porSexo: 'Por sexo',
    porHermanos: 'Grupos de hermanos',
    porBarrio: 'Por barrio',
    porFuncionario: 'Por funcionario que inscribe',
    plazasSorteo: 'Plazas después del sorteo',
  },
  plazasSorteo: {
    series: { aceptadas: 'Aceptadas', ofrecidas: 'Ofrecidas', libres: 'Libres' },
    plazas: 'Plazas',
    enTotal: 'En total',
    total: 'Total',
    verPlazas: 'Ver ofertas y suplentes en Plazas',
    resumen: (lista: string, p: { plazas: number; aceptadas: number; ofrecidas: number; libres: number }) =>
      `${lista}: ${cuenta(p.plazas, 'plaza')}, ${cuenta(p.aceptadas, 'aceptada')}, ${cuenta(p.ofrecidas, 'ofrecida')}, ` +
      cuenta(p.libres, 'libre'),
  },
  estados: { pendiente: 'Pendientes', finalizado: 'Finalizadas' },
  series: { finalizadas: 'Finalizadas', pendientes: 'Pendientes' },
} as const;

import type { TSorteoStatus } from './api-schema.ts';

/** What every status carries, raffle or not: the settings in force and the archive. */
export type TSorteoStatusBase = Pick<
  TSorteoStatus,
  'plazas' | 'anio' | 'sorteosArchivados' | 'ultimoArchivado' | 'sorteosDelCiclo' | 'resultadosDe' | 'ancla'
>;

/** GET /api/sorteo/status while no raffle is in progress. */
export function inactiveStatus(base: TSorteoStatusBase): TSorteoStatus {
  return {
    isActive: false,
    currentStage: null,
    currentIndex: 0,
    selectedCount: 0,
    suplentesCount: 0,
    id: null,
    completado: false,
    total: 0,
    participantesTotal: 0,
    estadisticas: null,
    iniciadoEn: null,
    compromiso: null,
    participantesHash: null,
    valorPublico: null,
    valorPublicoOrigen: null,
    valorPublicoAbierto: false,
    fuenteValorPublico: null,
    fuenteDescripcion: null,
    formaValor: null,
    valoresIngresados: [],
    ...base,
  };
}

import type {
  TSorteoLinea,
  TSorteoNext,
  TSorteoParticipants,
  TSorteoStatus,
  TSorteoTablero,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import { inactiveStatus } from '@inscripciones/shared/sorteo/status.ts';

/** Test data of the raffle screen (API shapes of packages/shared/src/sorteo/api-schema.ts). */

export function statusFixture(overrides: Partial<TSorteoStatus> = {}): TSorteoStatus {
  return {
    ...inactiveStatus({
      plazas: { nenas: 28, varones: 28 },
      anio: 2027,
      sorteosArchivados: 0,
      ultimoArchivado: null,
      sorteosDelCiclo: [],
      resultadosDe: null,
      ancla: null,
    }),
    ...overrides,
  };
}

export const ACTIVO_ID = '0b9a2f0e-1111-4c4c-8888-123456789abc';
const COMPROMISO = 'a'.repeat(64);
const HASH = 'b'.repeat(64);

export function activeStatus(overrides: Partial<TSorteoStatus> = {}): TSorteoStatus {
  return statusFixture({
    isActive: true,
    currentStage: 'comun',
    id: ACTIVO_ID,
    total: 4,
    participantesTotal: 5,
    estadisticas: { gruposHermanos: 1, hermanosPrimaria: 0, comunes: 3, total: 5 },
    plazas: { nenas: 2, varones: 1 },
    iniciadoEn: '2026-10-31T17:00:00.000Z',
    compromiso: COMPROMISO,
    participantesHash: HASH,
    ...overrides,
  });
}

export function linea(
  overrides: Partial<TSorteoLinea> & Pick<TSorteoLinea, 'numeroInscripcion' | 'nombreCompleto'>,
): TSorteoLinea {
  return {
    sexo: 'F',
    esGrupo: false,
    grupo: [],
    index: 0,
    lista: 'nenas',
    resultado: 'titular',
    ...overrides,
  };
}

export function participantsFixture(lines: TSorteoLinea[] = [], total = 0): TSorteoParticipants {
  const of = (resultado: TSorteoLinea['resultado'], lista: TSorteoLinea['lista']) =>
    lines.filter((l) => l.resultado === resultado && l.lista === lista);
  return {
    principales: lines.filter((l) => l.resultado === 'titular'),
    titulares: { nenas: of('titular', 'nenas'), varones: of('titular', 'varones') },
    suplentes: { varones: of('suplente', 'varones'), nenas: of('suplente', 'nenas') },
    totales: {
      principales: lines.filter((l) => l.resultado === 'titular').length,
      suplentes: lines.filter((l) => l.resultado === 'suplente').length,
      total,
    },
    participantes: [],
  };
}

export function tableroFixture(status: TSorteoStatus, participants = participantsFixture()): TSorteoTablero {
  return { status, participants };
}

export function nextFixture(overrides: Partial<TSorteoNext> = {}): TSorteoNext {
  return {
    participante: {
      numeroInscripcion: 7,
      nombreCompleto: 'Ana, Luis y Eva Pérez',
      sexo: 'F',
      esGrupo: true,
      grupo: [
        { nombreCompleto: 'Ana Pérez', sexo: 'F' },
        { nombreCompleto: 'Luis Pérez', sexo: 'M' },
        { nombreCompleto: 'Eva Pérez', sexo: 'F' },
      ],
    },
    stage: 'hermanos_juntos',
    index: 0,
    total: 4,
    resultado: 'titular',
    asignaciones: [
      { nombreCompleto: 'Ana Pérez', sexo: 'F', lista: 'nenas', resultado: 'titular', posicion: 1 },
      { nombreCompleto: 'Luis Pérez', sexo: 'M', lista: 'varones', resultado: 'titular', posicion: 1 },
      { nombreCompleto: 'Eva Pérez', sexo: 'F', lista: 'nenas', resultado: 'titular', posicion: 2 },
    ],
    ...overrides,
  };
}

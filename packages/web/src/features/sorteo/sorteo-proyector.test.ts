import { describe, expect, it } from 'vitest';
import type { TSorteoDelCiclo } from '@inscripciones/shared/sorteo/acta-schema.ts';
import type { TSorteoParticipants } from '@inscripciones/shared/sorteo/api-schema.ts';
import { ACTIVO_ID, activeStatus, statusFixture } from '../../test/sorteo-fixtures.ts';
import { fasePublica, sorteoMostrado, ultimoSorteado } from './sorteo-proyector.ts';

type Sorteado = TSorteoParticipants['participantes'][number];

const uno = (index: number, numero: number, nombre: string, sexo: 'F' | 'M', resultado: Sorteado['resultado']) =>
  ({
    index,
    resultado,
    participante: { numeroInscripcion: numero, nombreCompleto: nombre, sexo, esGrupo: false, grupo: [] },
  }) satisfies Sorteado;

const cerrado = (overrides: Partial<TSorteoDelCiclo>): TSorteoDelCiclo => ({
  id: ACTIVO_ID,
  estado: 'finalizado',
  iniciadoEn: '2026-10-31T17:00:00.000Z',
  cerradoEn: '2026-10-31T18:00:00.000Z',
  compromiso: 'a'.repeat(64),
  listaPublicaHash: 'b'.repeat(64),
  motivoAnulacion: null,
  sorteosConfirmados: 4,
  totalSorteos: 4,
  ...overrides,
});

describe('fasePublica', () => {
  it('is antes with no raffle, en-curso while one runs, finalizado while the results of one are shown', () => {
    expect(fasePublica(statusFixture())).toBe('antes');
    expect(fasePublica(activeStatus())).toBe('en-curso');
    expect(fasePublica(statusFixture({ resultadosDe: ACTIVO_ID }))).toBe('finalizado');
  });
});

describe('ultimoSorteado', () => {
  it('is null before the first draw', () => {
    expect(ultimoSorteado({ participantes: [] })).toBeNull();
  });

  it('is the draw confirmed last: number padded, initials, where it went', () => {
    const u = ultimoSorteado({
      participantes: [uno(0, 3, 'A. P.', 'F', 'titular'), uno(1, 12, 'L. G.', 'M', 'suplente')],
    });
    expect(u).toEqual({ index: 1, numero: '012', nombre: 'L. G.', destino: 'Suplente · Varones' });
  });

  it('names every sibling of a group; a group of girls and boys is "Hermanos"', () => {
    const grupo: Sorteado = {
      index: 0,
      resultado: 'titular',
      participante: {
        numeroInscripcion: 7,
        nombreCompleto: 'A. P.',
        sexo: 'F',
        esGrupo: true,
        grupo: [
          { nombreCompleto: 'A. P.', sexo: 'F' },
          { nombreCompleto: 'L. P.', sexo: 'M' },
        ],
      },
    };
    expect(ultimoSorteado({ participantes: [grupo] })).toEqual({
      index: 0,
      numero: '007',
      nombre: 'A. P. · L. P.',
      destino: 'Titular · Hermanos',
    });
    const nenas = {
      ...grupo,
      participante: {
        ...grupo.participante,
        grupo: grupo.participante.grupo.map((g) => ({ ...g, sexo: 'F' as const })),
      },
    };
    expect(ultimoSorteado({ participantes: [nenas] })?.destino).toBe('Titular · Nenas');
  });
});

describe('sorteoMostrado', () => {
  it('is the finalised raffle whose results are shown, and nothing while one runs or before any', () => {
    const otro = cerrado({ id: 'otro', estado: 'anulado', motivoAnulacion: 'Error' });
    const fin = cerrado({});
    expect(sorteoMostrado(statusFixture({ resultadosDe: ACTIVO_ID, sorteosDelCiclo: [otro, fin] }))).toBe(fin);
    expect(sorteoMostrado(statusFixture({ sorteosDelCiclo: [otro] }))).toBeNull();
    expect(sorteoMostrado(activeStatus({ resultadosDe: ACTIVO_ID, sorteosDelCiclo: [fin] }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { cuenta, plural, pluralDe } from './plural.ts';
import { AUTH_MSG } from './auth/messages.ts';
import { CICLO_MSG, RETENCION_MSG } from './ciclos/messages.ts';
import { DUPLICADO_MSG } from './duplicados/messages.ts';
import { ESTADO_MSG } from './estado/messages.ts';
import { INSCRIPTO_MSG } from './inscriptos/messages.ts';
import { SORTEO_MSG } from './sorteo/messages.ts';

describe('pluralDe', () => {
  it.each([
    ['inscripción', 'inscripciones'],
    ['registro', 'registros'],
    ['día', 'días'],
    ['mes', 'mes'],
    ['lunes', 'lunes'],
    ['inglés', 'ingleses'],
    ['jardín', 'jardines'],
    ['par', 'pares'],
    ['acceso', 'accesos'],
    ['vez', 'veces'],
    ['sorteo', 'sorteos'],
    ['fila', 'filas'],
    ['minuto', 'minutos'],
    ['', ''],
  ])('%s → %s', (singular, expected) => {
    expect(pluralDe(singular)).toBe(expected);
  });
});

describe('cuenta', () => {
  it('says 1 in the singular and 0, 2 and 118 in the plural', () => {
    expect(cuenta(1, 'inscripción')).toBe('1 inscripción');
    expect(cuenta(0, 'inscripción')).toBe('0 inscripciones');
    expect(cuenta(2, 'inscripción')).toBe('2 inscripciones');
    expect(cuenta(118, 'inscripción')).toBe('118 inscripciones');
  });

  it('takes the plural of a phrase when given', () => {
    expect(cuenta(1, 'registro importado', 'registros importados')).toBe('1 registro importado');
    expect(cuenta(3, 'registro importado', 'registros importados')).toBe('3 registros importados');
  });

  it('never writes the wrong plural of an -ión word', () => {
    expect(cuenta(118, 'inscripción')).not.toMatch(/ciónes/);
  });
});

describe('plural', () => {
  it('chooses the word alone (for a verb or an adjective that agrees)', () => {
    expect(`participa${plural(1, '', 'n')}`).toBe('participa');
    expect(`participa${plural(4, '', 'n')}`).toBe('participan');
  });
});

describe('the counts of the catalogues', () => {
  it('the raffle pre-flight: "118 inscripciones", "1 inscripción", never "inscripciónes"', () => {
    expect(SORTEO_MSG.preflightPendientes(118)).toBe('118 inscripciones pendientes: no participan.');
    expect(SORTEO_MSG.preflightPendientes(1)).toBe('1 inscripción pendiente: no participa.');
    expect(SORTEO_MSG.preflightDesfinalizados(1)).toBe(
      '1 inscripción estuvo finalizada y ahora está PENDIENTE: no participa.',
    );
    expect(SORTEO_MSG.preflightDesfinalizados(2)).toBe(
      '2 inscripciones estuvieron finalizadas y ahora están PENDIENTES: no participan.',
    );
    expect(SORTEO_MSG.preflightParticipan(8, 8)).toBe(
      'Participan 8 niños y niñas en 8 sorteos (inscripciones finalizadas).',
    );
    expect(SORTEO_MSG.preflightParticipan(1, 1)).toBe(
      'Participa 1 niño o niña en 1 sorteo (inscripciones finalizadas).',
    );
    expect(SORTEO_MSG.preflightHermanos(1)).toBe('1 hermano sin inscripción propia: participa con su hermano/a.');
    for (const n of [0, 1, 2, 118]) {
      const all = [
        SORTEO_MSG.preflightPendientes(n),
        SORTEO_MSG.preflightDesfinalizados(n),
        SORTEO_MSG.preflightParticipan(n, n),
        SORTEO_MSG.preflightHermanos(n),
      ].join(' ');
      expect(all).not.toMatch(/ciónes|\b1 (inscripciones|niños|sorteos|hermanos)\b/);
    }
  });

  it('the other catalogues', () => {
    expect(INSCRIPTO_MSG.importSuccess(1, 0)).toBe('Importación exitosa: 1 registro importado, 0 registros omitidos');
    expect(CICLO_MSG.plazoOfertaGuardado('Ingresos 2027', 1)).toBe(
      'Ingresos 2027: las ofertas que se hagan desde ahora vencen 1 día después.',
    );
    expect(CICLO_MSG.dias(7)).toBe('7 días');
    expect(RETENCION_MSG.hecho(1)).toBe('Se anonimizó 1 inscripción.');
    expect(RETENCION_MSG.hecho(8)).toBe('Se anonimizaron 8 inscripciones.');
    expect(RETENCION_MSG.recordatorio(1)).toContain('1 mes después');
    expect(RETENCION_MSG.ofertasAbiertas(1, '01/12/2026')).toMatch(/^Hay 1 oferta de plaza abierta /);
    expect(AUTH_MSG.rateLimited(1)).toBe('Demasiados intentos fallidos. Esperá 1 minuto y volvé a intentar.');
    expect(ESTADO_MSG.demasiadas(15)).toContain('Esperá 15 minutos');
    expect(DUPLICADO_MSG.abiertos(1)).toBe('1 posible duplicado sin resolver');
    expect(DUPLICADO_MSG.abiertos(3)).toBe('3 posibles duplicados sin resolver');
  });
});

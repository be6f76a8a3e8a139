import { describe, expect, it } from 'vitest';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { formatKb, importFileError } from './import-file.ts';
import { displayCi, displayDate, fullName } from './list-format.ts';
import { LAST_LIST_KEY, readLastList, removeFromLastList, saveLastList, type CachedList } from './offline-cache.ts';
import { DEFAULT_LIST_STATE } from './list-state.ts';
import { exportFileName, LIST_ACTIONS } from './list-actions.ts';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

function item(id: string, estado: 'pendiente' | 'finalizado') {
  return {
    id,
    numeroInscripcion: estado === 'finalizado' ? 7 : null,
    estado,
    fechaInscripcion: '2025-03-01T12:00:00.000Z',
    createdAt: '2025-03-01T12:00:00.000Z',
    updatedAt: '2025-03-01T12:00:00.000Z',
    createdBy: { username: 'admin' },
    updatedBy: 'admin',
    funcionario: 'admin',
    version: 1,
    condicional: false,
    estrato: 'NORMAL' as const,
    nombre1: 'Ana',
    apellido1: 'Núñez',
    ci: '61000123',
  };
}

const data: TInscriptoList = {
  items: [item('a', 'pendiente'), item('b', 'finalizado')],
  total: 12,
  page: 1,
  pageSize: 10,
  resumen: { total: 30, pendientes: 20, finalizados: 10 },
  ciclo: { id: 'c1', nombre: 'Ingresos 2027', estado: 'abierto' },
};

describe('offline copy of the last list', () => {
  const entry: CachedList = { query: { ...DEFAULT_LIST_STATE, q: 'ana' }, savedAt: '2025-03-01T12:00:00.000Z', data };

  it('saves and reads back the response with its query and time', () => {
    const storage = new MemoryStorage();
    expect(readLastList(storage)).toBeNull();
    saveLastList(storage, entry);
    expect(readLastList(storage)).toEqual(entry);
  });

  it('an empty answer does not replace the copy', () => {
    const storage = new MemoryStorage();
    saveLastList(storage, entry);
    saveLastList(storage, {
      ...entry,
      query: { ...DEFAULT_LIST_STATE, q: 'nadie' },
      data: { ...data, items: [], total: 0 },
    });
    expect(readLastList(storage)).toEqual(entry);
  });

  it('discards an unreadable copy', () => {
    const storage = new MemoryStorage();
    storage.setItem(LAST_LIST_KEY, '{no es json');
    expect(readLastList(storage)).toBeNull();
    expect(storage.getItem(LAST_LIST_KEY)).toBeNull();
    storage.setItem(LAST_LIST_KEY, JSON.stringify({ query: {}, data: {} }));
    expect(readLastList(storage)).toBeNull();
  });

  it('works without storage', () => {
    saveLastList(null, entry);
    expect(readLastList(null)).toBeNull();
  });

  it('a deleted record leaves the copy and the counts', () => {
    const storage = new MemoryStorage();
    saveLastList(storage, entry);
    removeFromLastList(storage, 'b');
    const after = readLastList(storage);
    expect(after?.data.items.map((i) => i.id)).toEqual(['a']);
    expect(after?.data.total).toBe(11);
    expect(after?.data.resumen).toEqual({ total: 29, pendientes: 20, finalizados: 9 });
    removeFromLastList(storage, 'zzz');
    expect(readLastList(storage)).toEqual(after);
  });
});

describe('list cells', () => {
  it('full name skips missing parts', () => {
    expect(fullName({ nombre1: 'Ana', nombre2: 'María', apellido1: 'Núñez', apellido2: 'Pérez' })).toBe(
      'Ana María Núñez Pérez',
    );
    expect(fullName({ nombre1: 'Ana', nombre2: ' ', apellido1: 'Núñez', apellido2: null })).toBe('Ana Núñez');
  });

  it('CI as X.XXX.XXX-X', () => {
    expect(displayCi({ ci: '61000123' })).toBe('6.100.012-3');
    expect(displayCi({})).toBe('');
  });

  it('dates as DD/MM/YYYY, an instant taken on its day in Montevideo', () => {
    expect(displayDate('2025-03-09')).toBe('09/03/2025');
    expect(displayDate('2025-03-10T01:30:00.000Z')).toBe('09/03/2025');
    expect(displayDate('2025-03-10T12:00:00.000Z')).toBe('10/03/2025');
    expect(displayDate('')).toBe('');
    expect(displayDate('mañana')).toBe('');
  });
});

describe('import file check', () => {
  it('requires an Excel file', () => {
    expect(importFileError(null)).toBe(INSCRIPTO_MSG.importNoFile);
    expect(importFileError({ name: 'datos.csv' })).toBe(INSCRIPTO_MSG.importWrongType);
    expect(importFileError({ name: 'xlsx' })).toBe(INSCRIPTO_MSG.importWrongType);
    expect(importFileError({ name: 'inscriptos.xlsx' })).toBeNull();
    expect(importFileError({ name: 'INSCRIPTOS.XLS' })).toBeNull();
  });

  it('sizes in KB with two decimals', () => {
    expect(formatKb(15360)).toBe('15,00 KB');
    expect(formatKb(1536)).toBe('1,50 KB');
    expect(formatKb(0)).toBe('0,00 KB');
  });
});

describe('Acciones', () => {
  it('the five entries of SPEC 2, in order', () => {
    expect(LIST_ACTIONS.map((a) => a.label)).toEqual([
      'Importar desde Excel',
      'Exportar a Excel',
      'PDFs Individuales (ZIP)',
      'PDF Masivo',
      'Exportar a SQL',
    ]);
  });

  it('fallback download names carry the date in Montevideo (SPEC 7)', () => {
    const today = new Date('2025-03-10T01:30:00.000Z');
    const names = LIST_ACTIONS.flatMap((a) => (a.export ? [exportFileName(a.export, today)] : []));
    expect(names).toEqual([
      'inscriptos_2025-03-09.xlsx',
      'inscripciones_2025-03-09.zip',
      'todas_las_inscripciones_2025-03-09.pdf',
      'inscriptos_backup_2025-03-09.sql',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './api-client.ts';

describe('filenameFromDisposition', () => {
  it('prefers the UTF-8 name, then the plain one', () => {
    expect(
      filenameFromDisposition(`attachment; filename="inscripci_n.pdf"; filename*=UTF-8''inscripci%C3%B3n.pdf`),
    ).toBe('inscripción.pdf');
    expect(filenameFromDisposition('attachment; filename="inscriptos_2025-03-01.xlsx"')).toBe(
      'inscriptos_2025-03-01.xlsx',
    );
    expect(filenameFromDisposition('attachment; filename=backup.sql')).toBe('backup.sql');
  });

  it('null without a name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('attachment')).toBeNull();
  });

  it('a malformed UTF-8 name falls back to the plain one', () => {
    expect(filenameFromDisposition(`attachment; filename="a.zip"; filename*=UTF-8''%E0%A4%A.zip`)).toBe('a.zip');
  });
});

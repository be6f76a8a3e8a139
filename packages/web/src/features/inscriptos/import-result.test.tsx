// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

const saved = vi.hoisted(() => [] as { text: Promise<string>; filename: string }[]);
vi.mock('../../lib/save-file.ts', () => ({
  saveFile: (blob: Blob, filename: string) => saved.push({ text: blob.text(), filename }),
}));
const { ImportResult } = await import('./import-result.tsx');

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  saved.length = 0;
});

const RESULT: TImportResult = {
  imported: 1,
  skipped: 0,
  message: INSCRIPTO_MSG.importResumen(1, 0, 1),
  errores: [{ fila: 3, campo: 'Barrio', valor: 'Centroo', motivo: 'Barrio: «Centroo» no es una opción válida' }],
  duplicados: [],
  posiblesDuplicados: [],
  omitidos: [],
  avisos: [{ fila: 2, motivo: INSCRIPTO_MSG.importCiVerificador('Cédula de Identidad', '6.123.456-0') }],
  columnasIgnoradas: [],
  simulacion: false,
};

describe('ImportResult (the result of a real import on the list)', () => {
  it('stays until closed, with each refused row, its value and reason, the warnings and a CSV of the refused rows', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<ImportResult result={RESULT} onClose={onClose} />);
    const region = screen.getByRole('region', { name: INSCRIPTO_MSG.importResultTitle });
    expect(screen.getByRole('heading', { name: INSCRIPTO_MSG.importResultTitle })).toBe(document.activeElement);
    void act(() => vi.advanceTimersByTime(60_000));
    expect(within(region).getByRole('status').textContent).toBe(`${INSCRIPTO_MSG.importResumen(1, 0, 1)}.`);
    const row = within(region)
      .getByRole('table', { name: INSCRIPTO_MSG.importRejectedCaption(1) })
      .querySelector('tbody tr');
    expect(row?.textContent).toBe('3BarrioCentrooBarrio: «Centroo» no es una opción válida');
    expect(region.textContent).toContain('Fila 2: Cédula de Identidad 6.123.456-0: el dígito verificador no coincide');

    within(region).getByRole('button', { name: INSCRIPTO_MSG.importRejectedDownload }).click();
    expect(saved.map((s) => s.filename)).toEqual([INSCRIPTO_MSG.importRejectedFile]);
    expect(await saved[0]!.text).toContain('"3";"Barrio";"Centroo";"Barrio: «Centroo» no es una opción válida"');

    within(region).getByRole('button', { name: INSCRIPTO_MSG.importResultClose }).click();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('has no table nor download when every row was imported', () => {
    render(
      <ImportResult
        result={{ ...RESULT, errores: [], avisos: [], message: INSCRIPTO_MSG.importResumen(1, 0, 0) }}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: INSCRIPTO_MSG.importRejectedDownload })).toBeNull();
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ImportModal } from './import-modal.tsx';
import { PREVIEW_MAX_ROWS, rejectedRows } from './import-preview.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RESULT: TImportResult = {
  imported: 3,
  skipped: 1,
  message: 'Vista previa: se importarían 3 registros y se omitirían 1',
  errores: [
    { fila: 5, campo: 'Cédula de Identidad', valor: '5.999.999-9', motivo: 'La cédula debe ser mayor a 6.000.000' },
    { fila: 5, campo: 'Sexo', motivo: 'Sexo: opción no válida' },
  ],
  duplicados: [{ fila: 6, ci: '6.123.456-7', nombre: 'Ana Gómez', conflicto: 'fila 2 (Lucía Pérez)' }],
  posiblesDuplicados: [
    {
      fila: 4,
      nombre: 'LUCIA perez',
      conflicto: 'Posible duplicado de Lucía Pérez García, N° 12: misma fecha de nacimiento y nombre',
    },
  ],
  omitidos: [{ fila: 7, numeroInscripcion: 12 }],
  avisos: [{ fila: 3, motivo: 'Marcada como finalizada pero incompleta o sin número: se importó como pendiente.' }],
  columnasIgnoradas: ['Columna rara'],
  simulacion: true,
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function setup(respond: () => Promise<Response> | Response = () => json(RESULT)) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(respond()));
  vi.stubGlobal('fetch', fetchMock);
  const onImport = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = (importing: boolean) => (
    <QueryClientProvider client={client}>
      <ImportModal available importing={importing} onImport={onImport} onClose={onClose} />
    </QueryClientProvider>
  );
  const { rerender } = render(view(false));
  const dialog = screen.getByRole('dialog');
  return {
    fetchMock,
    onImport,
    onClose,
    dialog,
    setImporting: (importing: boolean) => rerender(view(importing)),
    input: within(dialog).getByLabelText(INSCRIPTO_MSG.importFileLabel) as HTMLInputElement,
  };
}

const xlsx = (name = 'planilla.xlsx', bytes = 3072) => new File([new Uint8Array(bytes)], name);

describe('ImportModal', () => {
  it('checks the file before the preview: no file, then a wrong type', async () => {
    const { dialog, input, fetchMock } = setup();
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));
    expect(within(dialog).getByRole('alert').textContent).toBe(INSCRIPTO_MSG.importNoFile);
    await userEvent.upload(input, new File(['a'], 'datos.csv'), { applyAccept: false });
    expect(within(dialog).getByRole('alert').textContent).toBe(INSCRIPTO_MSG.importWrongType);
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('"Vista previa" sends the file with ?simular=true and shows counts, errors, duplicates, warnings', async () => {
    const { dialog, input, fetchMock, onImport } = setup();
    const file = xlsx();
    await userEvent.upload(input, file);
    expect(dialog.textContent).toContain('Archivo seleccionado: planilla.xlsx (3,00 KB)');
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));

    const heading = await within(dialog).findByRole('heading', { name: INSCRIPTO_MSG.previewTitle });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/inscriptos/import/excel?simular=true');
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData).get('excelFile')).toBeInstanceOf(File);
    await waitFor(() => expect(document.activeElement).toBe(heading));

    expect(dialog.textContent).toContain(`${INSCRIPTO_MSG.previewWouldImport}: 3`);
    expect(dialog.textContent).toContain(`${INSCRIPTO_MSG.previewWouldSkip}: 1`);
    expect(dialog.textContent).toContain(`${INSCRIPTO_MSG.previewInvalidRows}: 1`);
    expect(dialog.textContent).toContain(`${INSCRIPTO_MSG.previewDuplicates}: 1`);
    expect(rejectedRows(RESULT)).toBe(2);
    // Announced: the status says what the import would do, including the rejected rows.
    expect(within(dialog).getByRole('status').textContent).toBe(INSCRIPTO_MSG.importResumen(3, 1, 2, true));

    const errores = within(dialog).getByRole('table', { name: INSCRIPTO_MSG.errorsCaption(1) });
    expect(
      within(errores)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fila', 'Campo', 'Valor', 'Motivo']);
    expect(within(errores).getAllByRole('row')[1]!.textContent).toBe(
      '5Cédula de Identidad5.999.999-9La cédula debe ser mayor a 6.000.000',
    );
    const duplicados = within(dialog).getByRole('table', { name: INSCRIPTO_MSG.duplicatesCaption });
    expect(within(duplicados).getAllByRole('row')[1]!.textContent).toBe('6Ana Gómez6.123.456-7fila 2 (Lucía Pérez)');
    // Rows that look like an existing enrolment: listed, and imported all the same.
    expect(dialog.textContent).toContain(`${INSCRIPTO_MSG.previewPosiblesDuplicados}: 1`);
    const parecidos = within(dialog).getByRole('table', { name: INSCRIPTO_MSG.posiblesDuplicadosCaption });
    expect(within(parecidos).getAllByRole('row')[1]!.textContent).toBe(
      '4LUCIA perezPosible duplicado de Lucía Pérez García, N° 12: misma fecha de nacimiento y nombre',
    );
    expect(dialog.textContent).toContain('Fila 3: Marcada como finalizada');
    expect(dialog.textContent).toContain(`${INSCRIPTO_MSG.ignoredColumns} Columna rara`);

    // "Importar" imports the same file.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(onImport).toHaveBeenCalledWith(file);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('busy while the preview runs: spinner text, disabled buttons, aria-busy', async () => {
    let release: (r: Response) => void = () => undefined;
    const { dialog, input } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    await userEvent.upload(input, xlsx());
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));
    const form = dialog.querySelector('form')!;
    await waitFor(() => expect(form.getAttribute('aria-busy')).toBe('true'));
    expect(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewing })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveProperty('disabled', true);
    expect(input.disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toBe(INSCRIPTO_MSG.previewing);
    release(json(RESULT));
    await within(dialog).findByRole('heading', { name: INSCRIPTO_MSG.previewTitle });
    expect(form.getAttribute('aria-busy')).toBe('false');
  });

  it('while the real import runs the buttons are disabled and say "Importando..."', () => {
    const { dialog, setImporting } = setup();
    setImporting(true);
    expect(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.importing })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('status').textContent).toBe(INSCRIPTO_MSG.importing);
  });

  it('a failed preview shows the server reason as an alert; another file clears the preview', async () => {
    let fail = true;
    const { dialog, input } = setup(() =>
      fail ? json({ message: 'El archivo no es un Excel válido', code: 'VALIDATION' }, 400) : json(RESULT),
    );
    await userEvent.upload(input, xlsx('roto.xlsx'));
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      INSCRIPTO_MSG.previewFailed('El archivo no es un Excel válido'),
    );
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));
    await within(dialog).findByRole('heading', { name: INSCRIPTO_MSG.previewTitle });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.upload(input, xlsx('otra.xlsx'));
    expect(within(dialog).queryByRole('heading', { name: INSCRIPTO_MSG.previewTitle })).toBeNull();
  });

  it('long lists show their first rows and say so', async () => {
    const many: TImportResult = {
      ...RESULT,
      errores: Array.from({ length: PREVIEW_MAX_ROWS + 50 }, (_, i) => ({
        fila: i + 2,
        campo: 'Primer Nombre',
        motivo: 'Obligatorio',
      })),
    };
    const { dialog, input } = setup(() => json(many));
    await userEvent.upload(input, xlsx());
    await userEvent.click(within(dialog).getByRole('button', { name: INSCRIPTO_MSG.previewButton }));
    const table = await within(dialog).findByRole('table', {
      name: INSCRIPTO_MSG.errorsCaption(PREVIEW_MAX_ROWS + 50),
    });
    expect(within(table).getAllByRole('row')).toHaveLength(PREVIEW_MAX_ROWS + 1);
    expect(dialog.textContent).toContain(INSCRIPTO_MSG.firstRowsOnly(PREVIEW_MAX_ROWS, PREVIEW_MAX_ROWS + 50));
    expect(table.closest('[role="region"]')?.getAttribute('tabindex')).toBe('0');
  });
});

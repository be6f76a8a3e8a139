import { describe, expect, it } from 'vitest';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { ZInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import { withoutHidden } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { SIBLING_COLUMNS, siblingsToText } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { columnName, columnPlan, mapRow } from './row-mapper.ts';
import { validateRows } from './validate-rows.ts';
import type { SheetRow } from './workbook.ts';

const TODAY = new Date('2025-06-15T15:00:00Z');
const base: Record<string, unknown> = completeInscripto(TODAY);

/** A record as spreadsheet cells: lists as text, booleans as Sí/No, everything else as typed. */
function cell(field: string, value: unknown): unknown {
  if (typeof value === 'string') return value;
  if (field === 'hermanosInscriben' || field === 'hermanosPrimaria')
    return siblingsToText(value, SIBLING_COLUMNS[field]);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  return value ?? null;
}

/** Valid, lenient (labels, spaces, numbers as text), blank and invalid variants, each several times. */
const VARIANTS: Record<string, unknown>[] = [
  {},
  { sexo: 'Femenino', barrio: ' piedras blancas ', nombre2: '   ', tel: '2222-3333', anioAuto: '2015' },
  { nombre2: null, apellido2: '', caif: 'no', hermanosInscriben: '', abuelos: 2, observaciones: '  Nota  ' },
  { ci: '6.543.210-5', fechaNacimiento: '14/05/2019', cel2: 98765432, parentesco: 'Madre' },
  // Blank sibling cells under "No" ("Sí" with no sibling named is refused: sections.ts).
  { tieneHermanosPrimaria: 'No', hermanosPrimaria: 'Nombre completo: , Grupo: ', razonElegirInstitucion: ' , ' },
  { sexo: 'X' },
  { cel1: 'abc', anioAuto: 1800 },
  { fechaNacimiento: '2030-01-01' },
];

function sheet(
  headers: string[],
  records: Record<string, unknown>[],
): { plan: ReturnType<typeof columnPlan>; rows: SheetRow[] } {
  const rows = records.map((record, i) => ({ fila: i + 2, values: headers.map((h) => cell(h, record[h])) }));
  return { plan: columnPlan(headers), rows };
}

/** What a row's form fields are, taking the long way: the whole row through the whole schema. */
function reference(plan: ReturnType<typeof columnPlan>, row: SheetRow): string | null {
  const parsed = ZInscriptoData.safeParse(mapRow(plan, row.values).data);
  return parsed.success ? JSON.stringify(withoutHidden(stripEmpty(parsed.data))) : null;
}

describe('validateRows', () => {
  const records = Array.from({ length: 3 }, () => VARIANTS.map((v) => ({ ...base, ...v }))).flat();

  it('stores exactly what the whole schema gives for every valid row (less what the form hides), with repeated cells worked out once', () => {
    const { plan, rows } = sheet(Object.keys(base), records);
    const { candidates, errores } = validateRows({ plan, rows, today: TODAY, username: 'admin' });
    const valid = rows.filter((row) => reference(plan, row) !== null);
    expect(candidates.map((c) => c.fila)).toEqual(
      valid.map((r) => r.fila).filter((f) => !errores.some((e) => e.fila === f)),
    );
    expect(candidates.length).toBe(15);
    for (const c of candidates)
      expect(c.columns.datos).toBe(
        reference(
          plan,
          rows.find((r) => r.fila === c.fila)!,
        ),
      );
  });

  it('reports invalid cells with their field, the value given and, for a list, the valid values', () => {
    const { plan, rows } = sheet(Object.keys(base), records);
    const { errores } = validateRows({ plan, rows, today: TODAY, username: 'admin' });
    expect(errores.filter((e) => e.fila === 7)).toEqual([
      {
        fila: 7,
        campo: 'Sexo',
        valor: 'X',
        motivo: 'Sexo: «X» no es una opción válida (opciones: Masculino, Femenino, Otro)',
      },
    ]);
    expect(errores.filter((e) => e.fila === 8).map((e) => e.campo)).toEqual([FIELD_LABELS.cel1, FIELD_LABELS.anioAuto]);
    expect(errores.filter((e) => e.fila === 9).map(({ campo, valor }) => ({ campo, valor }))).toEqual([
      { campo: FIELD_LABELS.fechaNacimiento, valor: '01/01/2030' },
    ]);
  });

  it('with two columns for one field, the later filled cell wins, as for a single row', () => {
    const headers = [...Object.keys(base), 'cantMenores'];
    const { plan, rows } = sheet(headers, [
      { ...base, cantMenores: '3' },
      { ...base, cantMenores: null },
    ]);
    rows[0]!.values[headers.indexOf('menores')] = '1';
    const { candidates } = validateRows({ plan, rows, today: TODAY, username: 'admin' });
    expect(candidates.map((c) => JSON.parse(c.columns.datos).menores)).toEqual(['3', base.menores]);
  });
});

describe('columnName', () => {
  it('names columns as Excel does', () => {
    expect([0, 25, 26, 51, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'ZZ', 'AAA']);
  });
});

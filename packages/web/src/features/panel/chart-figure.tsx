import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { selloArchivo } from '@inscripciones/shared/montevideo-time.ts';
import { saveFile } from '../../lib/save-file.ts';
import { toCsv, type CsvCell } from './panel-csv.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';

export interface ChartTable {
  header: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

interface ChartFigureProps {
  title: string;
  /** File name stem of the CSV: panel_<stem>_<timestamp>.csv. */
  csvName: string;
  table: ChartTable;
  /** What the chart shows, in one sentence, for screen readers (the table has the detail). */
  summary: string;
  children: ReactNode;
}

/**
 * One chart of the panel: its heading, the drawing, the same numbers as a table (for screen readers and for
 * anyone who prefers numbers) and a CSV download.
 */
export function ChartFigure({ title, csvName, table, summary, children }: ChartFigureProps) {
  const id = useId();
  const download = () =>
    saveFile(
      new Blob([toCsv(table.header, table.rows)], { type: 'text/csv;charset=utf-8' }),
      `panel_${csvName}_${selloArchivo(new Date())}.csv`,
    );
  return (
    <figure className="panel-chart" aria-labelledby={`${id}-t`}>
      <figcaption className="panel-chart__head">
        <h2 id={`${id}-t`} className="h6 mb-0">
          {title}
        </h2>
        <Button size="sm" variant="outline-secondary" className="panel-no-print text-nowrap" onClick={download}>
          {PANEL_MSG.downloadCsv}
          <span className="visually-hidden"> de {title}</span>
        </Button>
      </figcaption>
      <p className="visually-hidden">{summary}</p>
      {children}
      <details className="panel-chart__table">
        <summary>{PANEL_MSG.showTable}</summary>
        <Table size="sm" striped className="mb-0">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              {table.header.map((h, i) => (
                <th key={h} scope="col" className={i ? 'text-end' : undefined}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((c, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className="fw-normal">
                      {c}
                    </th>
                  ) : (
                    <td key={i} className="text-end">
                      {c}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </details>
    </figure>
  );
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { IMPORT_LIMITS } from './import-limits.ts';
import { SYSTEM_COLUMNS } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';
import { workbookDeclaring, workbookHoldingCells } from '../../test/xlsx-fixtures.ts';

type Who = 'none' | 'visitado' | 'voluntario' | 'administrador';

function multipart(filename: string, content: Buffer, field = 'excelFile') {
  const boundary = '----inscripciones-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function workbook(rows: unknown[][], bookType: XLSX.BookType = 'xlsx', ref?: string): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  if (ref) sheet['!ref'] = ref;
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, sheet, 'Hoja1');
  return XLSX.write(wb, { type: 'buffer', bookType }) as Buffer;
}

/**
 * A workbook rewritten as a streamed ZIP (sizes after each part's data, none in its local header, as exceljs
 * writes them) whose worksheet inflates to 256 MB of zeros while the central directory declares 1,000 bytes.
 */
function understatedZipBomb(): Buffer {
  const cfb = XLSX.CFB.read(workbook([['nombre1'], ['Ana']]), { type: 'buffer' }) as {
    FullPaths: string[];
    FileIndex: { type: number; content: Uint8Array }[];
  };
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  cfb.FileIndex.forEach((entry, i) => {
    if (entry.type !== 2) return; // files only
    const name = Buffer.from(cfb.FullPaths[i]!.replace(/^[^/]*\//, ''));
    const bomb = name.toString().startsWith('xl/worksheets/');
    const content = bomb ? Buffer.alloc(256 * 1024 * 1024) : Buffer.from(entry.content);
    const data = zlib.deflateRawSync(content);
    const declared = bomb ? 1_000 : content.length;
    const crc = zlib.crc32(content);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 6); // sizes follow the data
    head.writeUInt16LE(8, 8); // deflated
    head.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(data.length, 8);
    descriptor.writeUInt32LE(declared, 12);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(declared, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    local.push(head, name, data, descriptor);
    central.push(dir, name);
    offset += head.length + name.length + data.length + descriptor.length;
  });
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

describe.each(DIALECTS)('Excel import on %s', (dialect) => {
  let t: TestApp;
  const tok: Partial<Record<Who, string>> = {};
  const h = (who: Who) => (who === 'none' ? {} : bearer(tok[who]!));
  const today = new Date();
  const upload = (who: Who, filename: string, content: Buffer, field?: string, simular = false) => {
    const { payload, contentType } = multipart(filename, content, field);
    const url = `/api/inscriptos/import/excel${simular ? '?simular=true' : ''}`;
    return t.app.inject({ method: 'POST', url, headers: { ...h(who), 'content-type': contentType }, payload });
  };
  const total = async () =>
    (await t.app.inject({ url: '/api/inscriptos', headers: h('administrador') })).json().resumen.total as number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const vol = await createUser(t.app, tok.administrador);
    tok.voluntario = await tokenFor(t.app, vol.username, vol.password);
  });
  afterAll(() => t.close());

  // An export and two imports, each a process that starts: seconds each on a loaded machine.
  it('an exported file imports back into an empty system, values and numbers intact', async () => {
    const source = await buildTestApp(dialect);
    try {
      const admin = await tokenFor(source.app, ADMIN.username, ADMIN.password);
      const siblingCi = uniqueCi();
      const a = buildInscripto(today, {
        nombre1: 'Agustín',
        apellido1: 'Muñoz',
        cantidadHermanosInscriben: 1,
        hermanosInscriben: [{ nombre: 'Bruno Muñoz', nivel: 'Inicial', ci: siblingCi, sexo: 'M' }],
      });
      const b = buildInscripto(today, { ci: siblingCi, nombre1: 'Bruno', apellido1: 'Muñoz', sexo: 'M' });
      for (const data of [a, b]) {
        const rec = await postInscripto(source.app, admin, data);
        await source.app.inject({
          method: 'POST',
          url: `/api/inscriptos/${rec.id}/finalizar`,
          headers: bearer(admin),
          payload: { ...data, version: rec.version },
        });
      }
      await postInscripto(
        source.app,
        admin,
        buildInscripto(today, { nombre1: 'Zoe', observaciones: 'Llamar después de las 18' }),
      );
      const exported = await source.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(admin) });
      const original = (await source.app.inject({ url: '/api/inscriptos?pageSize=100', headers: bearer(admin) })).json()
        .items;

      const preview = await upload('administrador', 'inscriptos.xlsx', exported.rawPayload, undefined, true);
      expect(preview.json()).toMatchObject({ imported: 3, skipped: 0, simulacion: true });
      expect(await total()).toBe(0);

      const res = await upload('administrador', 'inscriptos.xlsx', exported.rawPayload);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ imported: 3, skipped: 0, errores: [], duplicados: [], columnasIgnoradas: [] });
      expect(res.json().message).toBe(INSCRIPTO_MSG.importSuccess(3, 0));
      const copy = (await t.app.inject({ url: '/api/inscriptos?pageSize=100', headers: h('administrador') })).json()
        .items;
      const strip = (r: Record<string, unknown>) => {
        const {
          id: _i,
          createdAt: _c,
          updatedAt: _u,
          version: _v,
          createdBy: _cb,
          updatedBy: _ub,
          fechaInscripcion: _f,
          // Recorded again, as entered by the importer at the import's time.
          consentimientoAvisos: _consentimiento,
          // Each database has its own cycle (same name, another id).
          ciclo: _ciclo,
          ...rest
        } = r;
        return rest;
      };
      const byCi = (list: Record<string, unknown>[]) => Object.fromEntries(list.map((r) => [r.ci, strip(r)]));
      expect(byCi(copy)).toEqual(byCi(original));

      // Export again: the same data as the first file (the importer becomes "Creada por").
      const reexported = await t.app.inject({ url: '/api/inscriptos/export/excel', headers: h('administrador') });
      const sheetRows = (buf: Buffer) => {
        const wb = XLSX.read(buf);
        const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]!]!);
        return rows
          .map(({ 'Creada por': _c, ...rest }) => rest)
          .sort((a, b) => String(a['Cédula de Identidad']).localeCompare(String(b['Cédula de Identidad'])));
      };
      expect(sheetRows(reexported.rawPayload)).toEqual(sheetRows(exported.rawPayload));

      // Importing the same file again: the numbered rows are skipped, the unnumbered one is a duplicate CI.
      const again = (await upload('administrador', 'inscriptos.xlsx', exported.rawPayload)).json();
      expect(again).toMatchObject({ imported: 0, skipped: 2 });
      expect(again.duplicados).toEqual([
        expect.objectContaining({ nombre: 'Zoe Rodríguez', conflicto: 'inscripción existente de Zoe Rodríguez' }),
      ]);
    } finally {
      await source.close();
    }
  }, 60_000);

  it('lists the rows that look like an enrolment or like another row (a warning: they import)', async () => {
    const year = today.getUTCFullYear() - 6;
    await postInscripto(
      t.app,
      tok.administrador!,
      buildInscripto(today, {
        nombre1: 'Valeria',
        nombre2: undefined,
        apellido1: 'Techera',
        apellido2: 'Sosa',
        fechaNacimiento: `${year}-07-21`,
      }),
    );
    const header = ['nombre1', 'apellido1', 'apellido2', 'ci', 'fechaNacimiento', 'sexo'];
    const file = workbook([
      header,
      ['Valeria', 'Sosa', 'Techera', uniqueCi(), `21/07/${year}`, 'F'],
      ['Tomás', 'Urrutia', '', uniqueCi(), `03/09/${year}`, 'M'],
      ['Ignacio', 'Urrutia', '', uniqueCi(), `03/09/${year}`, 'M'],
      ['TOMAS', ' urrutia', '', uniqueCi(), `03/09/${year}`, 'M'],
    ]);
    const before = await total();
    const preview = (await upload('administrador', 'parecidos.xlsx', file, undefined, true)).json();
    expect(preview).toMatchObject({ imported: 4, simulacion: true, duplicados: [], errores: [] });
    expect(preview.posiblesDuplicados).toEqual([
      {
        fila: 2,
        nombre: 'Valeria Sosa',
        conflicto:
          'Posible duplicado de Valeria Techera Sosa: misma fecha de nacimiento y nombre, con los apellidos invertidos',
      },
      {
        fila: 5,
        nombre: 'TOMAS urrutia',
        conflicto: 'Posible duplicado de fila 3 (Tomás Urrutia): misma fecha de nacimiento y nombre',
      },
    ]);
    expect(await total()).toBe(before);
    // The real import brings them in, and the screen then lists the pairs.
    const res = (await upload('administrador', 'parecidos.xlsx', file)).json();
    expect(res).toMatchObject({ imported: 4, posiblesDuplicados: preview.posiblesDuplicados });
    expect(await total()).toBe(before + 4);
    const pares = (await t.app.inject({ url: '/api/duplicados', headers: h('administrador') })).json().items;
    const nuestros = pares.filter((p: { a: { nombreCompleto: string } }) =>
      /Techera|Urrutia/i.test(p.a.nombreCompleto),
    );
    expect(nuestros.map((p: { motivo: string }) => p.motivo).sort()).toEqual([
      'apellidos_invertidos',
      'nombre_y_fecha',
    ]);
  });

  it('accepts server and form field names as columns, and reports invalid rows and repeated CIs with names', async () => {
    const ci = uniqueCi();
    const header = ['nombre1', 'apellido1', 'ci', 'fechaNacimiento', 'sexo', 'telFijo', 'Columna rara'];
    const year = today.getUTCFullYear() - 6;
    const before = await total();
    const res = await upload(
      'administrador',
      'planilla.xls',
      workbook(
        [
          header,
          ['Lucía', 'Pérez', ci, `14/05/${year}`, 'Femenino', '24001234', 'x'],
          ['Mateo', 'Silva', '5.999.999-9', `01/02/${year}`, 'M', '', ''],
          ['Ana', 'Gómez', ci, `02/03/${year}`, 'F', '', ''],
          ['Iván', 'Ríos', uniqueCi(), '31/12/2000', 'M', '', ''],
        ],
        'biff8',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(1);
    expect(body.columnasIgnoradas).toEqual(['Columna rara']);
    expect(body.errores).toEqual([
      { fila: 3, campo: 'Cédula de Identidad', valor: '5.999.999-9', motivo: 'La cédula debe ser mayor a 6.000.000' },
      {
        fila: 5,
        campo: 'Fecha de nacimiento',
        valor: '31/12/2000',
        motivo: expect.stringContaining('La fecha de nacimiento debe estar entre'),
      },
    ]);
    // Counts that add up, each with its own word: 1 imported, 0 skipped, 3 refused (two errors, one repeated CI).
    expect(body.message).toBe(
      'Importación exitosa: 1 registro importado, 0 registros omitidos, 3 filas rechazadas por errores o cédulas ya inscriptas',
    );
    expect(body.duplicados).toEqual([
      { fila: 4, ci: expect.any(String), nombre: 'Ana Gómez', conflicto: 'fila 2 (Lucía Pérez)' },
    ]);
    expect(await total()).toBe(before + 1);
    const lucia = (await t.app.inject({ url: `/api/inscriptos?q=${ci}`, headers: h('administrador') })).json().items[0];
    expect(lucia).toMatchObject({
      nombre1: 'Lucía',
      sexo: 'F',
      tel: '24001234',
      estado: 'pendiente',
      numeroInscripcion: null,
    });
  });

  it('names the value given and the valid ones for a refused cell, and warns of a wrong CI check digit in the preview', async () => {
    const good = uniqueCi();
    const wrongDigit = `${good.slice(0, 7)}${(Number(good[7]) + 1) % 10}`;
    const year = today.getUTCFullYear() - 6;
    const before = await total();
    const file = workbook([
      ['nombre1', 'apellido1', 'ci', 'fechaNacimiento', 'barrio'],
      ['Lucía', 'Pérez', wrongDigit, `14/05/${year}`, 'Centro'],
      ['Mateo', 'Silva', uniqueCi(), `01/02/${year}`, 'Centroo'],
    ]);
    const preview = await upload('administrador', 'planilla.xlsx', file, undefined, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.simulacion).toBe(true);
    expect(body.message).toBe(
      'Vista previa: 1 registro se importaría, 0 registros se omitirían, 1 fila se rechazaría por errores o cédulas ya inscriptas',
    );
    expect(body.errores).toEqual([
      {
        fila: 3,
        campo: 'Barrio',
        valor: 'Centroo',
        motivo: expect.stringMatching(/^Barrio: «Centroo» no es una opción válida \(opciones: .*Centro, .*\)$/),
      },
    ]);
    expect(body.avisos).toEqual([
      { fila: 2, motivo: INSCRIPTO_MSG.importCiVerificador('Cédula de Identidad', formatCi(wrongDigit)) },
    ]);
    expect(await total()).toBe(before);
    // The real import brings the same warning and reasons, and imports the row with the doubtful CI.
    const real = (await upload('administrador', 'planilla.xlsx', file)).json();
    expect(real.imported).toBe(1);
    expect(real.errores).toEqual(body.errores);
    expect(real.avisos).toEqual(body.avisos);
    expect(await total()).toBe(before + 1);
  });

  it('refuses a header with an invisible control or direction character, naming row 1 and its column', async () => {
    const ci = uniqueCi();
    const year = today.getUTCFullYear() - 6;
    const res = await upload(
      'administrador',
      'encabezado.xlsx',
      workbook([
        ['Primer Nombre', 'Primer Apellido', 'ci', 'fechaNacimiento', 'Segundo\u202e Nombre'],
        ['Lucía', 'Pérez', ci, `14/05/${year}`, 'Sofía'],
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The column looked like a known one: it is reported as an error, not silently left out as unknown.
    expect(body.columnasIgnoradas).toEqual([]);
    expect(body.errores).toEqual([
      {
        fila: 1,
        campo: 'Columna E',
        motivo: expect.stringMatching(/^Encabezado de la columna E: .*dirección del texto \(U\+202E\)/),
      },
    ]);
    expect(body.imported).toBe(1);
    const lucia = (await t.app.inject({ url: `/api/inscriptos?q=${ci}`, headers: h('administrador') })).json().items[0];
    expect(lucia.nombre2 ?? null).toBeNull();
  });

  // Two ways through validation: each column checked once per distinct cell, or (a field in two columns) whole rows.
  it.each([
    ['distinct columns', ['nombre1', 'apellido1']],
    ['a field in two columns', ['nombre1', 'Primer Apellido', 'apellido1']],
  ])(
    'rows with no recognisable data are left out and reported, in the preview and the import (%s)',
    async (_path, names) => {
      const header = [...names, 'Columna rara', SYSTEM_COLUMNS.condicional, SYSTEM_COLUMNS.numeroInscripcion];
      const filler = names.slice(2).map(() => '');
      const numero = 900_000 + Math.floor(Math.random() * 90_000);
      const file = workbook([
        header,
        ['Lucía', 'Pérez', ...filler, '', '', ''],
        ['', '', ...filler, 'solo una columna desconocida', '', ''],
        ['   ', '', ...filler, '', 'Sí', ''], // blanks and a derived column
        ['', '', ...filler, '', '', numero], // a number and nothing else
        ['Ana', 'Gómez', ...filler, 'x', '', ''],
      ]);
      const expected = [3, 4, 5].map((fila) => ({ fila, motivo: 'sin datos reconocibles' }));
      const before = await total();

      const preview = await upload('administrador', 'planilla.xlsx', file, undefined, true);
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toMatchObject({ imported: 2, skipped: 0, errores: [], avisos: expected });
      expect(await total()).toBe(before);

      const res = await upload('administrador', 'planilla.xlsx', file);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ imported: 2, skipped: 0, errores: [], avisos: expected });
      expect(await total()).toBe(before + 2);
      const page = (await t.app.inject({ url: '/api/inscriptos?pageSize=100', headers: h('administrador') })).json();
      // Every imported enrolment has a name; none took the number of the row that had nothing else.
      for (const item of page.items) expect(item.nombre1, JSON.stringify(item)).toBeTruthy();
      expect(page.items.some((i: { numeroInscripcion: number | null }) => i.numeroInscripcion === numero)).toBe(false);
    },
  );

  it('reads every row of a sheet whose <dimension> understates it (A1:B2 over 30 rows)', async () => {
    const year = today.getUTCFullYear() - 6;
    const header = ['nombre1', 'apellido1', 'ci', 'fechaNacimiento', 'sexo'];
    const rows = Array.from({ length: 30 }, (_, i) => [`Dimensión${i}`, 'Prueba', uniqueCi(), `10/10/${year}`, 'F']);
    const file = workbookDeclaring('A1:B2', [header, ...rows]);
    const before = await total();
    const res = await upload('administrador', 'planilla.xlsx', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 30, skipped: 0, errores: [] });
    expect(await total()).toBe(before + 30);
    const found = (await t.app.inject({ url: '/api/inscriptos?q=Dimensión29', headers: h('administrador') })).json();
    expect(found.items.map((i: { ci: string }) => i.ci)).toEqual([rows[29]![2]]);
  });

  it.each([
    ['none', 401],
    ['visitado', 403],
    ['voluntario', 403],
  ] as const)('refuses %s with %i', async (who, status) => {
    const res = await upload(who, 'x.xlsx', workbook([['nombre1'], ['Ana']]));
    expect(res.statusCode).toBe(status);
  });

  describe('files it must refuse with a Spanish message, writing nothing', () => {
    const cases: [string, () => { name: string; content: Buffer; field?: string }, number, string][] = [
      [
        'wrong extension',
        () => ({ name: 'datos.csv', content: Buffer.from('a,b') }),
        400,
        INSCRIPTO_MSG.importWrongType,
      ],
      [
        'no file field',
        () => ({ name: 'datos.xlsx', content: workbook([['a']]), field: 'otro' }),
        400,
        INSCRIPTO_MSG.importNoFile,
      ],
      [
        'not a spreadsheet',
        () => ({ name: 'datos.xlsx', content: Buffer.from('nombre1,apellido1\nAna,Pérez\n') }),
        400,
        INSCRIPTO_MSG.importNotSpreadsheet,
      ],
      [
        'a corrupted archive',
        () => ({ name: 'datos.xlsx', content: workbook([['a'], ['b']]).subarray(0, 300) }),
        400,
        INSCRIPTO_MSG.importNotSpreadsheet,
      ],
      [
        'over 10 MB',
        () => ({ name: 'datos.xlsx', content: Buffer.alloc(11 * 1024 * 1024, 1) }),
        413,
        INSCRIPTO_MSG.importTooLarge,
      ],
      [
        'over 20,000 rows',
        () => ({
          name: 'datos.xlsx',
          content: workbook([['nombre1'], ...Array.from({ length: 20_001 }, (_, i) => [`N${i}`])]),
        }),
        413,
        INSCRIPTO_MSG.importTooManyRows(IMPORT_LIMITS.rows),
      ],
      [
        '1,000,000 empty rows',
        () => ({ name: 'datos.xlsx', content: workbook([['nombre1'], ['Ana']], 'xlsx', 'A1:A1000000') }),
        413,
        INSCRIPTO_MSG.importTooManyRows(IMPORT_LIMITS.rows),
      ],
      [
        // Cells counted as the sheet inflates, in the import's process: 45 MB of XML in a small file.
        'more cells than the limit in a sheet that declares A1:B2',
        () => ({ name: 'datos.xlsx', content: workbookHoldingCells(10_001, 300) }),
        413,
        INSCRIPTO_MSG.importTooManyCells(IMPORT_LIMITS.cells),
      ],
      [
        // Two cells, 15,000 rows × 256 columns apart: read as a range, it is as big as it spans.
        'a range wider than the limit in a sheet that declares A1:B2',
        () => {
          const rows: unknown[][] = [['nombre1']];
          rows[14_999] = Object.assign([], { 255: 'x' });
          return { name: 'datos.xlsx', content: workbookDeclaring('A1:B2', rows) };
        },
        413,
        INSCRIPTO_MSG.importTooManyCells(IMPORT_LIMITS.cells),
      ],
      [
        'a zip bomb',
        () => {
          const buf = Buffer.from(workbook([['nombre1'], ['Ana']]));
          const cd = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
          buf.writeUInt32LE(0xfffffff0, cd + 24); // declared uncompressed size of the first entry
          return { name: 'datos.xlsx', content: buf };
        },
        413,
        INSCRIPTO_MSG.importZipBomb,
      ],
      [
        'a zip bomb whose headers understate its size',
        () => ({ name: 'datos.xlsx', content: understatedZipBomb() }),
        413,
        INSCRIPTO_MSG.importZipBomb,
      ],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const before = await total();
      const { name, content, field } = make();
      const res = await upload('administrador', name, content, field);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(await total()).toBe(before);
    });

    it('a request that is not multipart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/inscriptos/import/excel',
        headers: h('administrador'),
        payload: { excelFile: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INSCRIPTO_MSG.importNoFile);
    });
  });

  it('a failure halfway leaves nothing imported', async () => {
    const db = t.app.ctx.db;
    if (dialect === 'sqlite') {
      await sql`create trigger explota before insert on inscriptos when new.nombre_busqueda like '%explota%' begin select raise(abort, 'explota'); end`.execute(
        db,
      );
    } else {
      await sql`create function explota() returns trigger language plpgsql as $$ begin if new.nombre_busqueda like '%explota%' then raise exception 'explota'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger explota before insert on inscriptos for each row execute function explota()`.execute(db);
    }
    try {
      const year = today.getUTCFullYear() - 6;
      const rows = Array.from({ length: 120 }, (_, i) => [
        i === 110 ? 'Explota' : `Niña${i}`,
        'Prueba',
        uniqueCi(),
        `10/10/${year}`,
        'F',
      ]);
      const before = await total();
      const head = await db.selectFrom('auditoria_cabeza').selectAll().executeTakeFirstOrThrow();
      const res = await upload(
        'administrador',
        'datos.xlsx',
        workbook([['nombre1', 'apellido1', 'ci', 'fechaNacimiento', 'sexo'], ...rows]),
      );
      expect(res.statusCode).toBe(500);
      expect(await total()).toBe(before);
      expect(await db.selectFrom('auditoria_cabeza').selectAll().executeTakeFirstOrThrow()).toEqual(head);
    } finally {
      await sql`drop trigger explota${sql.raw(dialect === 'sqlite' ? '' : ' on inscriptos')}`.execute(db);
    }
  });
});

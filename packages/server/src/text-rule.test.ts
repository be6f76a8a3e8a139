import * as XLSX from '@e965/xlsx';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFields } from '@inscripciones/shared/text-rule.ts';
import { FORBIDDEN_SAMPLES } from '@inscripciones/shared/test/text-rule-fixtures.ts';
import { ZInscriptoCreate, ZInscriptoUpdate } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ZInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { FIELD_LABELS, HERMANO_FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { SYSTEM_COLUMNS } from '@inscripciones/shared/inscriptos/spreadsheet.ts';
import { ZUserCreate, ZUserUpdate } from '@inscripciones/shared/users/user-schema.ts';
import { ZLoginRequest } from '@inscripciones/shared/auth/auth-schema.ts';
import { ZContenidoUpdate, type TContenidoEstado } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { ZValorPublicoBody } from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import type { ErrorBody } from '@inscripciones/shared/errors.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, buildUser, createUser, tokenFor, type TestApp } from './test/helper.ts';
import { buildInscripto, postInscripto } from './test/inscriptos-fixtures.ts';

/**
 * The text rule (shared/text-rule.ts) at every write endpoint, on both databases: each forbidden character in
 * each text field gives a 400 whose fields[] names that field with the rule's Spanish message, never a 5xx,
 * and nothing is written. The fields come from the schemas themselves (textFields), so a new one is covered.
 */
const SAMPLES = Object.entries(FORBIDDEN_SAMPLES);
const bad = (ch: string) => `Ana${ch}Bel`;

/** `base` with `value` at `path` (`hermanosInscriben[].nombre`: a list of one sibling with that name). */
function withValue(base: Record<string, unknown>, path: string, value: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const list = head!.endsWith('[]');
  const key = list ? head!.slice(0, -2) : head!;
  const inner = rest.length ? withValue({}, rest.join('.'), value) : value;
  return { ...base, [key]: list ? [inner] : inner };
}
/** A body with `value` at `path`; a union's text goes in the branch that has it (the lottery's draw). */
function payloadWith(path: string, value: string): Record<string, unknown> {
  if (path === 'fuenteValorPublico.sorteo') {
    return { fuenteValorPublico: { tipo: 'loteria', cantidad: 1, cifras: 3, sorteo: value } };
  }
  return withValue({}, path, value);
}
/** The name the API gives the field at `path`: hermanosInscriben.0.nombre. */
const fieldName = (path: string) => path.replace(/\[\]/g, '.0');
const pathsOf = (schema: Parameters<typeof textFields>[0]) => textFields(schema).map((f) => f.path);

/** The OpenAPI pieces the document-wide test reads. */
interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
}
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
/** Paths of the free strings of a JSON schema (no enum, constant or format), as textFields names them. */
function freeTextPaths(schema: JsonSchema, path = ''): string[] {
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const types = [schema.type].flat();
  const own = types.includes('string') && !schema.enum && schema.const === undefined && !schema.format ? [path] : [];
  const props = Object.entries(schema.properties ?? {}).flatMap(([k, v]) =>
    freeTextPaths(v, path ? `${path}.${k}` : k),
  );
  const items = schema.items ? freeTextPaths(schema.items, `${path}[]`) : [];
  return [...new Set([...own, ...nested.flatMap((s) => freeTextPaths(s, path)), ...props, ...items])];
}

function expectRefused(res: LightMyRequestResponse, field: string, words: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  const body = res.json() as ErrorBody;
  const named = body.fields?.find((f) => f.field === field);
  expect(named?.message, `${what}: ${res.body}`).toContain(words);
  expect(body.message).toContain(words);
}

describe.each(DIALECTS)('the text rule at every write endpoint (%s)', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: string;
  let enrolment: { id: string; version: number };
  let userId: string;
  const today = new Date();

  const countInscriptos = async () =>
    (await app.inject({ url: '/api/inscriptos', headers: bearer(admin) })).json().total as number;
  const countUsers = async () =>
    ((await app.inject({ url: '/api/users', headers: bearer(admin) })).json() as unknown[]).length;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    app = t.app;
    admin = await tokenFor(app, ADMIN.username, ADMIN.password);
    enrolment = await postInscripto(app, admin, buildInscripto(today));
    userId = (await createUser(app, admin)).id;
  });
  afterAll(() => t.close());

  it('enrolments: create, save and finalise refuse each character in each text field, siblings included', async () => {
    const before = await countInscriptos();
    const paths = pathsOf(ZInscriptoCreate);
    expect(paths).toEqual(expect.arrayContaining(['nombre1', 'observaciones', 'hermanosInscriben[].nombre']));
    expect(pathsOf(ZInscriptoUpdate)).toEqual(paths);
    const endpoints = [
      { method: 'POST' as const, url: '/api/inscriptos', base: buildInscripto(today) },
      { method: 'PUT' as const, url: `/api/inscriptos/${enrolment.id}`, base: { version: enrolment.version } },
      {
        method: 'POST' as const,
        url: `/api/inscriptos/${enrolment.id}/finalizar`,
        base: { ...buildInscripto(today), version: enrolment.version },
      },
    ];
    for (const { method, url, base } of endpoints) {
      for (const path of paths) {
        for (const [name, [ch, words]] of SAMPLES) {
          const payload = withValue(base, path, bad(ch));
          const res = await app.inject({ method, url, headers: bearer(admin), payload });
          expectRefused(res, fieldName(path), words, `${method} ${url} ${path} ${name}`);
        }
      }
    }
    expect(await countInscriptos()).toBe(before);
    const stored = (await app.inject({ url: `/api/inscriptos/${enrolment.id}`, headers: bearer(admin) })).json();
    expect(stored.version).toBe(enrolment.version);
  });

  it('tab and line breaks: kept in observaciones, refused in a name', async () => {
    const observaciones = 'Primera línea\n\tsegunda línea';
    const ok = await postInscripto(app, admin, buildInscripto(today, { observaciones }));
    expect(ok.observaciones).toBe(observaciones);
    const crlf = await postInscripto(app, admin, buildInscripto(today, { observaciones: 'uno\r\ndos' }));
    expect(crlf.observaciones).toBe('uno\ndos');
    for (const ch of ['\t', '\n', '\r', '\u2028']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/inscriptos',
        headers: bearer(admin),
        payload: buildInscripto(today, { nombre1: bad(ch) }),
      });
      expectRefused(
        res,
        'nombre1',
        'Primer Nombre: no puede tener saltos de línea ni tabulaciones',
        JSON.stringify(ch),
      );
    }
  });

  it('search and CI check: query parameters follow the rule (400, not a database error)', async () => {
    const raw = await app.inject({ url: '/api/inscriptos?q=Ana%00Bel', headers: bearer(admin) });
    expectRefused(raw, 'q', 'Búsqueda: tiene un carácter de control invisible (U+0000)', 'q=%00');
    // A lone surrogate cannot travel in a URL (its bytes decode to U+FFFD): every other sample is tried.
    for (const [name, [ch, words]] of SAMPLES.filter(([, [ch]]) => !/\p{Cs}/u.test(ch))) {
      const q = encodeURIComponent(bad(ch));
      const list = await app.inject({ url: `/api/inscriptos?q=${q}`, headers: bearer(admin) });
      expectRefused(list, 'q', words, `q ${name}`);
      const ci = await app.inject({ url: `/api/inscriptos/verificar-ci?ci=${q}`, headers: bearer(admin) });
      expectRefused(ci, 'ci', words, `ci ${name}`);
    }
  });

  it('users: create and update refuse each character in each text field', async () => {
    const before = await countUsers();
    expect(pathsOf(ZUserUpdate)).toEqual(pathsOf(ZUserCreate));
    for (const path of pathsOf(ZUserCreate)) {
      for (const [name, [ch, words]] of SAMPLES) {
        const payload = withValue(buildUser(), path, bad(ch));
        const created = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(admin), payload });
        expectRefused(created, fieldName(path), words, `POST users ${path} ${name}`);
        const updated = await app.inject({
          method: 'PUT',
          url: `/api/users/${userId}`,
          headers: bearer(admin),
          payload,
        });
        expectRefused(updated, fieldName(path), words, `PUT users ${path} ${name}`);
      }
    }
    expect(await countUsers()).toBe(before);
  });

  it('login, without a session: 400 with the Spanish message, for username and password alike', async () => {
    expect(pathsOf(ZLoginRequest)).toEqual(['username', 'password']);
    for (const path of pathsOf(ZLoginRequest)) {
      for (const [name, [ch, words]] of SAMPLES) {
        const payload = withValue({ username: ADMIN.username, password: ADMIN.password }, path, bad(ch));
        const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
        expectRefused(res, path, words, `login ${path} ${name}`);
      }
    }
    // The refusals were not failed logins: the administrator still signs in.
    expect((await tokenFor(app, ADMIN.username, ADMIN.password)).length).toBeGreaterThan(0);
  });

  it("the school's content and the raffle's public value refuse each character in each text field", async () => {
    const { contenido, version } = (
      await app.inject({ url: '/api/configuracion/contenido', headers: bearer(admin) })
    ).json() as TContenidoEstado;
    const paths = pathsOf(ZContenidoUpdate);
    expect(paths).toEqual(expect.arrayContaining(['contactoNombre', 'horarios', 'sorteoLugar']));
    for (const path of paths) {
      for (const [name, [ch, words]] of SAMPLES) {
        const payload = withValue({ ...contenido, version }, path, bad(ch));
        const res = await app.inject({
          method: 'PUT',
          url: '/api/configuracion/contenido',
          headers: bearer(admin),
          payload,
        });
        expectRefused(res, path, words, `contenido ${path} ${name}`);
      }
    }
    expect(pathsOf(ZValorPublicoBody)).toEqual(['valor', 'origen']);
    for (const [name, [ch, words]] of SAMPLES) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sorteo/valor-publico',
        headers: bearer(admin),
        payload: { valor: bad(ch), origen: 'Dados' },
      });
      expectRefused(res, 'valor', words, `valor público ${name}`);
    }
    const after = (await app.inject({ url: '/api/configuracion/contenido', headers: bearer(admin) })).json();
    expect(after.version).toBe(version);
  });

  it('every JSON write endpoint and every query parameter of the API document: each character in each free text', async () => {
    // From the served OpenAPI document, so an endpoint added later is covered without touching this test.
    // Validation comes before any lookup: ids of no record are enough, and nothing is written.
    const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const idFor = (path: string) =>
      path.startsWith('/api/duplicados/')
        ? 'ab'.repeat(16)
        : path.startsWith('/api/escuelas/')
          ? '1'
          : '0190a000-0000-7000-8000-000000000000';
    const covered: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const url = path.replace('{id}', idFor(path));
      for (const [method, operation] of Object.entries(operations)) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        for (const field of body ? freeTextPaths(body) : []) {
          covered.push(`${method.toUpperCase()} ${path} ${field}`);
          for (const [name, [ch, words]] of SAMPLES) {
            const res = await app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: bearer(admin),
              payload: payloadWith(field, bad(ch)),
            });
            expectRefused(res, fieldName(field), words, `${method} ${path} ${field} ${name}`);
          }
        }
        for (const param of operation.parameters ?? []) {
          // `escuela`, the same on every path, is read by the dispatch before any route (features/red/red.test.ts).
          if (param.in !== 'query' || param.name === 'escuela' || !freeTextPaths(param.schema ?? {}).length) continue;
          covered.push(`${method.toUpperCase()} ${path} ?${param.name}`);
          for (const [name, [ch, words]] of SAMPLES.filter(([, [c]]) => !/\p{Cs}/u.test(c))) {
            const res = await app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}?${param.name}=${encodeURIComponent(bad(ch))}`,
              headers: bearer(admin),
            });
            expectRefused(res, param.name, words, `${method} ${path} ?${param.name} ${name}`);
          }
        }
      }
    }
    // The newest endpoints' texts are among them (a broken walk would cover nothing and pass).
    expect(covered).toEqual(
      expect.arrayContaining([
        'POST /api/ciclos nombre',
        'PUT /api/ciclos/{id} sorteoLugar',
        'POST /api/sorteo/end testigos[]',
        'POST /api/sorteo/start fuenteValorPublico.sorteo',
        'POST /api/duplicados/{id}/resolver nota',
        'POST /api/plazas/{id}/respuesta motivo',
        'POST /api/estado codigo',
        'POST /api/ciclos/{id}/anonimizar confirmacion',
        'GET /api/inscriptos ?q',
        'GET /api/accesos ?usuario',
        'POST /api/solicitudes/{id}/devolver nota',
        'POST /api/solicitudes/{id}/finalizar nombre1',
      ]),
    );
    // Three whole enrolment forms (staff's, the family's draft, staff finalising an application) × every sample.
  }, 90_000);

  it('import: each character in each text column is reported with its row and column, and nothing is imported', async () => {
    // One column per text field of the form (siblings as the export writes them), plus the official's.
    const columns = [...new Set(pathsOf(ZInscriptoData).map((p) => p.split(/[[.]/)[0]!))];
    const headers = [...columns.map((c) => FIELD_LABELS[c]!), SYSTEM_COLUMNS.funcionario];
    const rows: unknown[][] = [headers];
    const expected: { fila: number; campo: string; words: string }[] = [];
    for (const [column, header] of headers.entries()) {
      for (const [, [ch, words]] of SAMPLES) {
        const field = columns[column];
        const sibling = field === 'hermanosInscriben' || field === 'hermanosPrimaria';
        const row: unknown[] = headers.map(() => null);
        row[column] = sibling ? `${HERMANO_FIELD_LABELS.nombre}: ${bad(ch)}` : bad(ch);
        // A row holding only the official has no enrolment data and is skipped as such: give it a name.
        if (field === undefined) row[columns.indexOf('nombre1')] = 'Ana';
        rows.push(row);
        expected.push({ fila: rows.length, campo: header, words });
      }
    }
    // .xls: BIFF keeps every UTF-16 unit, a lone surrogate included (an .xlsx writer turns it into U+FFFD).
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, 'Hoja1');
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const boundary = '----texto-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="texto.xls"\r\n` +
          'Content-Type: application/vnd.ms-excel\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const before = await countInscriptos();
    const res = await app.inject({
      method: 'POST',
      url: '/api/inscriptos/import/excel',
      headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as TImportResult;
    expect(result.imported).toBe(0);
    for (const { fila, campo, words } of expected) {
      const error = result.errores.find((e) => e.fila === fila);
      expect(error, `fila ${fila} ${campo}`).toBeDefined();
      expect(error!.campo).toBe(campo);
      expect(error!.motivo).toContain(words);
    }
    expect(new Set(result.errores.map((e) => e.fila)).size).toBe(expected.length);
    expect(await countInscriptos()).toBe(before);
  });
});

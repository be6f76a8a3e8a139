import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  tokenFor,
  type TestApp,
} from '../test/helper.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../test/inscriptos-fixtures.ts';

/**
 * A 400 names the fields to fix with the ids an API client sends (DESIGN "API"): every `fields[].field` of
 * a write endpoint's 400 is a path of that endpoint's request, as the served OpenAPI document describes it
 * (a property of the body, an item of a list by its index, or a query parameter).
 */

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function schemaHas(doc: OpenApiDoc, schema: JsonSchema | undefined, path: readonly string[]): boolean {
  if (!schema) return false;
  if (schema.$ref) return schemaHas(doc, doc.components?.schemas?.[schema.$ref.split('/').pop()!], path);
  if (path.length === 0) return true;
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (alternatives.some((alt) => schemaHas(doc, alt, path))) return true;
  const [head, ...rest] = path as [string, ...string[]];
  if (schema.properties && Object.hasOwn(schema.properties, head)) return schemaHas(doc, schema.properties[head], rest);
  return schema.items !== undefined && /^\d+$/.test(head) && schemaHas(doc, schema.items, rest);
}

/** Whether `field` (a dotted path) names something this operation's request carries. */
function requestHas(doc: OpenApiDoc, route: string, method: string, field: string): boolean {
  const operation = doc.paths[route]?.[method];
  if (!operation) throw new Error(`${method} ${route} is not in the OpenAPI document`);
  if (operation.parameters?.some((p) => p.in === 'query' && p.name === field)) return true;
  const bodies = Object.values(operation.requestBody?.content ?? {});
  return bodies.some(({ schema }) => schemaHas(doc, schema, field.split('.')));
}

function multipart(filename: string, content: string, field: string) {
  const boundary = '----inscripciones-campos';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('400 field ids exist in the OpenAPI request schema on %s', (dialect) => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let admin: string;
  const time = fakeClock(new Date('2026-11-10T15:00:00Z'));
  const today = time.clock();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    doc = (await t.app.inject('/api/docs/json')).json();
  });
  afterAll(() => t.close());

  /** The 400's field ids, after checking each one against the documented request. */
  function fieldsOf(res: LightMyRequestResponse, route: string, method: string): string[] {
    expect(res.statusCode, res.body).toBe(400);
    const fields = (res.json().fields ?? []) as { field: string; label: string; message: string }[];
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) {
      expect(requestHas(doc, route, method, f.field), `${method} ${route}: ${f.field}`).toBe(true);
      expect(f.label).not.toBe('');
      expect(f.message).not.toBe('');
    }
    return fields.map((f) => f.field);
  }

  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: bearer(admin), payload });

  it('create: a schema error and a rule error (an invalid sibling CI, by its index)', async () => {
    const bad = await send('POST', '/api/inscriptos', { ...buildInscripto(today), sexo: 'X' });
    expect(fieldsOf(bad, '/api/inscriptos', 'post')).toEqual(['sexo']);

    const siblings = [
      { nombre: 'Ana', ci: uniqueCi() },
      { nombre: 'Luis', ci: '6543210' },
    ];
    const rule = await send('POST', '/api/inscriptos', buildInscripto(today, { hermanosInscriben: siblings }));
    expect(fieldsOf(rule, '/api/inscriptos', 'post')).toEqual(['hermanosInscriben.1.ci']);
  });

  it('update: rule errors name the birth date and the centre years', async () => {
    const created = await postInscripto(t.app, admin, buildInscripto(today));
    const res = await send('PUT', `/api/inscriptos/${created.id}`, {
      ...buildInscripto(today, { fechaNacimiento: '2010-01-01', caif: true, caifInicio: 2025, caifFin: 2024 }),
      ci: created.ci,
      version: created.version,
    });
    expect(fieldsOf(res, '/api/inscriptos/{id}', 'put')).toEqual(['fechaNacimiento', 'caifFin']);
  });

  it('finalise: an incomplete record answers INCOMPLETE and lists the missing fields', async () => {
    const { sexo: _sexo, razonElegirInstitucion: _r, ...partial } = buildInscripto(today);
    const created = await postInscripto(t.app, admin, partial);
    const res = await send('POST', `/api/inscriptos/${created.id}/finalizar`, {
      ...partial,
      nivelEducativoMadre: '',
      nivelEducativoPadre: '',
      version: created.version,
    });
    expect(res.json().code).toBe('INCOMPLETE');
    expect(fieldsOf(res, '/api/inscriptos/{id}/finalizar', 'post')).toEqual([
      'sexo',
      'nivelEducativoMadre',
      'razonElegirInstitucion',
    ]);
  });

  it('users: create and update', async () => {
    const bad = await send('POST', '/api/users', { username: 'x', password: 'corta', role: 'jefe' });
    const created = fieldsOf(bad, '/api/users', 'post');
    expect(created).toEqual(expect.arrayContaining(['role', 'nombre']));

    const inactiveAdmin = await send('POST', '/api/users', {
      username: 'otro.admin',
      password: 'clave-segura-1',
      nombre: 'Otra',
      email: 'otra@escuela.edu.uy',
      role: 'administrador',
      activo: false,
    });
    expect(fieldsOf(inactiveAdmin, '/api/users', 'post')).toEqual(['activo']);

    const user = await createUser(t.app, admin);
    const update = await send('PUT', `/api/users/${user.id}`, { nombre: 'Ana', email: 'no-es-un-email', role: 'jefe' });
    expect(fieldsOf(update, '/api/users/{id}', 'put')).toEqual(expect.arrayContaining(['email', 'role']));
  });

  it('configuración: the school content', async () => {
    const res = await send('PUT', '/api/configuracion/contenido', { version: 0, email: 'no-es-un-email' });
    expect(fieldsOf(res, '/api/configuracion/contenido', 'put')).toEqual(expect.arrayContaining(['email', 'telefono']));
  });

  it('import preview: the file and the query', async () => {
    const route = '/api/inscriptos/import/excel';
    const url = `${route}?simular=true`;
    const inject = (extra: object) => t.app.inject({ method: 'POST', url, ...extra });
    const auth = bearer(admin);
    const noFile = await inject({ headers: auth, payload: { excelFile: 'x' } });
    expect(fieldsOf(noFile, route, 'post')).toEqual(['excelFile']);
    const text = multipart('datos.txt', 'a,b', 'excelFile');
    const wrongType = await inject({ ...text, headers: { ...text.headers, ...auth } });
    expect(fieldsOf(wrongType, route, 'post')).toEqual(['excelFile']);
    const notSheet = multipart('datos.xlsx', 'nombre1,apellido1', 'excelFile');
    const notSpreadsheet = await inject({ ...notSheet, headers: { ...notSheet.headers, ...auth } });
    expect(fieldsOf(notSpreadsheet, route, 'post')).toEqual(['excelFile']);
    const badQuery = await t.app.inject({ method: 'POST', url: `${route}?simular=quizas`, headers: auth });
    expect(fieldsOf(badQuery, route, 'post')).toEqual(['simular']);
  });

  it('the check itself refuses an id the request does not carry', () => {
    expect(requestHas(doc, '/api/inscriptos', 'post', 'hermanosInscriben.1.ci')).toBe(true);
    expect(requestHas(doc, '/api/inscriptos', 'post', 'Cédula de Identidad')).toBe(false);
    expect(requestHas(doc, '/api/inscriptos', 'post', 'datos')).toBe(false);
    expect(requestHas(doc, '/api/inscriptos', 'post', 'hermanosInscriben.x.ci')).toBe(false);
  });
});

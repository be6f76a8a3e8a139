import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { CAMPOS_OCULTOS_AL_PUBLICO, CAMPOS_RESERVADOS } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { maskCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/** Values of reserved fields no other field holds, so finding one in a response means it leaked. */
const SECRETS = {
  tel: '22998877',
  cel1: '099887766',
  cel2: '098112233',
  cel3: '097445566',
  necesidadesEducativas: 'SI' as const,
  necesidadesEducativasAclarar: 'Marcador salud Zeta',
  otrosAdultosAclarar: 'Marcador hogar Kappa',
  ingresos: 'Marcador ingresos Omega',
  ingresosAclarar: '91.234',
  otroResponsableAclarar: 'Marcador responsable Sigma',
};
const LEAK_MARKERS = Object.entries(SECRETS)
  .filter(([name]) => name !== 'necesidadesEducativas')
  .map(([, value]) => value);

/**
 * The Server-Sent Events streams never end; they carry what /api/sorteo/status, /participants and
 * /api/plazas/tablero return.
 */
const NOT_INJECTABLE = new Set(['/api/sorteo/eventos', '/api/plazas/eventos']);

async function responseText(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) {
  if (!String(res.headers['content-type']).startsWith('application/pdf')) return res.body;
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text;
}

/** Every object in a JSON body that is this record (whole or an extract such as the CI check's). */
function maskedCopies(value: unknown, id: string, found: Record<string, unknown>[] = []) {
  if (Array.isArray(value)) value.forEach((v) => maskedCopies(v, id, found));
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (obj.id === id) found.push(obj);
    Object.values(obj).forEach((v) => maskedCopies(v, id, found));
  }
  return found;
}

describe.each(DIALECTS)('reserved personal data on %s', (dialect) => {
  let t: TestApp;
  const today = new Date();
  const tok: Record<'administrador' | 'visitado' | 'volOwner' | 'volOther', string> = {
    administrador: '',
    visitado: '',
    volOwner: '',
    volOther: '',
  };
  let record: { id: string; ci: string; nombre1: string };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    for (const who of ['volOwner', 'volOther'] as const) {
      const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
      tok[who] = await tokenFor(t.app, u.username, u.password);
    }
    // One other adult at home, so its aclaración is shown, and stored (shown-when.ts).
    const data = buildInscripto(today, { ...SECRETS, otrosAdultos: '1' });
    const created = await postInscripto(t.app, tok.volOwner, data);
    record = { id: created.id, ci: String(created.ci), nombre1: String(created.nombre1) };
    // The child takes part in a raffle, holds an offer of a place, and has a possible duplicate (a second
    // record with the same name and birth date): every screen that shows this child has it to show.
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${record.id}/finalizar`,
      headers: bearer(tok.volOwner),
      payload: { ...data, version: created.version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    await runRaffle(t.app, tok.administrador, { nenas: 1, varones: 1 });
    expect((await t.app.inject({ url: '/api/plazas', headers: bearer(tok.administrador) })).statusCode).toBe(200);
    const { ci: _ci, ...sameChild } = data;
    await postInscripto(t.app, tok.administrador, buildInscripto(today, { ...sameChild, cel1: '091000000' }));
  }, 60_000);
  afterAll(() => t.close());

  const getOne = (who: keyof typeof tok) =>
    t.app.inject({ method: 'GET', url: `/api/inscriptos/${record.id}`, headers: bearer(tok[who]) });

  /** The guest is the public: it is also denied the birth date, the address and the adult. */
  const withheld = (who: 'visitado' | 'volOther') =>
    who === 'visitado' ? [...CAMPOS_RESERVADOS, ...CAMPOS_OCULTOS_AL_PUBLICO] : CAMPOS_RESERVADOS;

  /** Every GET route of the OpenAPI document, as `who`: no reserved value in any answer (JSON, PDF, Excel). */
  async function sweep(who: 'visitado' | 'volOther') {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const fill: Record<string, string> = { id: record.id, ci: record.ci, q: record.nombre1 };
    const checked: string[] = [];
    const bodies = new Map<string, string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!item.get || NOT_INJECTABLE.has(path)) continue;
      const query = new URLSearchParams();
      for (const p of item.get.parameters ?? []) if (p.in === 'query' && fill[p.name]) query.set(p.name, fill[p.name]!);
      const url = `${path.replace('{id}', record.id)}${query.size ? `?${query}` : ''}`;
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(tok[who]) });
      const text = await responseText(res);
      bodies.set(path, text);
      for (const marker of LEAK_MARKERS) expect(text, `${url} leaks ${marker}`).not.toContain(marker);
      if (String(res.headers['content-type']).startsWith('application/json')) {
        for (const copy of maskedCopies(res.json(), record.id)) {
          expect(
            Object.keys(copy).filter((k) => CAMPOS_RESERVADOS.includes(k)),
            url,
          ).toEqual([]);
          // A whole record (it has its version) names what was withheld; an extract carries no reserved field.
          if ('version' in copy) expect(copy.camposReservados, url).toEqual(withheld(who));
        }
      }
      checked.push(`${res.statusCode} ${url}`);
    }
    return { checked, bodies };
  }

  it('no GET endpoint gives the guest a reserved field (driven by the OpenAPI route list)', async () => {
    const { checked, bodies } = await sweep('visitado');
    // The endpoints that return this child's data were reached and answered, and did name the child.
    expect(checked).toEqual(
      expect.arrayContaining([
        `200 /api/inscriptos?q=${record.nombre1}`,
        `200 /api/inscriptos/${record.id}`,
        `200 /api/inscriptos/export/pdf?id=${record.id}`,
        `200 /api/inscriptos/verificar-ci?ci=${record.ci}`,
        '200 /api/plazas',
        '200 /api/plazas/tablero',
        '200 /api/panel',
        '200 /api/sorteo/participants',
      ]),
    );
    for (const path of ['/api/inscriptos', '/api/inscriptos/{id}']) {
      expect(bodies.get(path), path).toContain(record.nombre1);
    }
    // The raffle's board and the places after it are the public's: initials, even for a signed-in guest.
    for (const path of ['/api/sorteo/participants', '/api/plazas']) {
      expect(bodies.get(path), path).not.toContain(record.nombre1);
    }
    // Admin-only reads (history, personal-data report, actas, exports, access log) refuse the guest outright.
    for (const path of ['/api/inscriptos/{id}/historial', '/api/inscriptos/{id}/informe-datos', '/api/accesos']) {
      expect(checked, path).toContain(`403 ${path.replace('{id}', record.id)}`);
    }
  });

  it('a volunteer who may not edit the record gets no reserved field from any endpoint, duplicates included', async () => {
    const { checked, bodies } = await sweep('volOther');
    expect(checked).toEqual(
      expect.arrayContaining(['200 /api/duplicados', `200 /api/duplicados/inscripto/${record.id}`, '200 /api/plazas']),
    );
    expect(bodies.get('/api/duplicados/inscripto/{id}')).toContain(record.nombre1);
  });

  it("the guest is told which fields were withheld; the child's other data is there", async () => {
    const body = (await getOne('visitado')).json();
    expect(body.camposReservados).toEqual(expect.arrayContaining(['ingresos', 'cel1', 'necesidadesEducativas']));
    for (const name of CAMPOS_RESERVADOS) expect(body).not.toHaveProperty(name);
    expect(body.nombre1).toBe(record.nombre1);
    expect(body.ci).toBe(maskCi(record.ci));
  });

  it('a volunteer sees everything of their own record and the others masked the same way', async () => {
    const own = (await getOne('volOwner')).json();
    expect(own.camposReservados).toEqual([]);
    expect(own).toMatchObject(SECRETS);

    const other = (await getOne('volOther')).json();
    expect(other.camposReservados).toEqual(CAMPOS_RESERVADOS);
    for (const name of CAMPOS_RESERVADOS) expect(other).not.toHaveProperty(name);

    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/inscriptos?pageSize=100', headers: bearer(tok.volOther) })
    ).json();
    const item = listed.items.find((i: { id: string }) => i.id === record.id);
    expect(item.camposReservados).toEqual(CAMPOS_RESERVADOS);
    expect(item).not.toHaveProperty('ingresos');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/inscriptos/export/pdf?id=${record.id}`,
      headers: bearer(tok.volOther),
    });
    expect(await responseText(pdf)).not.toContain(SECRETS.ingresos);
  });

  it('an administrator sees every field', async () => {
    const body = (await getOne('administrador')).json();
    expect(body).toMatchObject(SECRETS);
    expect(body.camposReservados).toEqual([]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/inscriptos/export/pdf?id=${record.id}`,
      headers: bearer(tok.administrador),
    });
    expect(await responseText(pdf)).toContain(SECRETS.ingresos);
  });
});

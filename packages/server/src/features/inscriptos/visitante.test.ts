import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { formatCi, maskCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { CAMPOS_OCULTOS_AL_PUBLICO } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';
import { insertFamilies, openBoard } from '../../test/sorteo-test-data.ts';
import { runRaffle } from '../../test/plazas-test-data.ts';

/**
 * The guest sees what the public may see: its password is on the login screen. Every GET route
 * of the OpenAPI document is asked as the guest (a new route cannot escape), and no answer carries a child's whole
 * CI, its siblings', its address, its adult's name or its birth date. Every list page and search is logged, without
 * the query text.
 */
const DOMICILIO = 'Calle del Secreto 8421';
const INSCRIPTOR = 'Rosalía Escondida Furtado';

async function bodyText(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) {
  if (String(res.headers['content-type']).startsWith('application/pdf')) {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    return text;
  }
  return res.body;
}

describe.each(DIALECTS)('the guest reads what the public may (%s)', (dialect) => {
  let t: TestApp;
  let admin = '';
  let guest = '';
  const ci = uniqueCi();
  const hermanoCi = uniqueCi();
  let record: { id: string; fechaNacimiento: string; nombre1: string };
  const ids: Record<string, string> = {};
  const guestGet = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(guest) });
  const accesos = () => t.app.ctx.db.selectFrom('accesos').selectAll().orderBy('fecha').orderBy('id').execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const body = buildInscripto(new Date(), {
      ci,
      nombre1: 'Visibilia',
      domicilio: DOMICILIO,
      inscriptor: INSCRIPTOR,
      cantidadHermanosInscriben: 1,
      hermanosInscriben: [{ nombre: 'Hermanito Visible Prueba', nivel: 'Inicial', ci: hermanoCi, sexo: 'M' }],
    });
    const created = await postInscripto(t.app, admin, body);
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${created.id}/finalizar`,
      headers: bearer(admin),
      payload: { ...body, funcionario: ADMIN.username, version: created.version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    record = { id: created.id, fechaNacimiento: body.fechaNacimiento!, nombre1: 'Visibilia' };
    // Enough children for a raffle: the raffle's and the places' routes then answer with data.
    await insertFamilies(
      t.app.ctx.db,
      new Date(),
      (['F', 'M', 'F', 'M'] as const).map((sexo) => ({ children: [{ sexo, tieneHermanosPrimaria: false }] })),
    );
    ids.sorteo = await runRaffle(t.app, admin, { nenas: 1, varones: 1 });
    ids.ciclo = (await t.app.ctx.db.selectFrom('ciclos').select('id').executeTakeFirstOrThrow()).id;
  }, 90_000);
  afterAll(() => t.close());

  /** What the guest must never read, in every spelling a response could use. */
  const secrets = () => {
    const [y, m, d] = record.fechaNacimiento.split('-');
    return [
      ci,
      formatCi(ci),
      formatCi(ci).slice(0, 7),
      hermanoCi,
      formatCi(hermanoCi),
      DOMICILIO,
      INSCRIPTOR,
      record.fechaNacimiento,
      `${d}/${m}/${y}`,
    ];
  };

  it('gets the CI masked and no address, adult or birth date on every GET route it reaches', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths)
      .filter(([, ops]) => 'get' in ops)
      .map(([p]) => p);
    const pathFor = (p: string) =>
      p.replace('{id}', () => {
        if (p.startsWith('/api/sorteo/')) return ids.sorteo!;
        if (p.startsWith('/api/ciclos/')) return ids.ciclo!;
        if (p.startsWith('/api/duplicados/') && !p.includes('inscripto')) return 'ab'.repeat(16);
        return record.id;
      });
    const QUERIES: Record<string, string[]> = {
      '/api/inscriptos': ['', `q=${ci}`, `q=${encodeURIComponent(formatCi(ci))}`, 'q=Visibilia', `q=${hermanoCi}`],
      '/api/inscriptos/verificar-ci': [`ci=${ci}`],
      '/api/inscriptos/export/pdf': [`id=${record.id}`],
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admitted: string[] = [];
    for (const p of gets) {
      const url = pathFor(p);
      if (p.endsWith('/eventos')) {
        // A live board: its first event is the whole state.
        const board = await openBoard(`${base}${url}`);
        try {
          const text = JSON.stringify((await board.waitFor((e) => e.event === 'tablero')).data);
          for (const s of secrets()) expect([p, text.includes(s)]).toEqual([p, false]);
          admitted.push(p);
        } finally {
          board.close();
        }
        continue;
      }
      for (const q of QUERIES[p] ?? ['']) {
        const res = await guestGet(q ? `${url}?${q}` : url);
        const text = await bodyText(res);
        for (const s of secrets()) expect([p, q, s, text.includes(s)]).toEqual([p, q, s, false]);
        if (res.statusCode === 200) admitted.push(p);
      }
    }
    // The routes that show children to the guest were all read (and found the child where they list it).
    for (const p of ['/api/inscriptos', '/api/inscriptos/{id}', '/api/inscriptos/export/pdf', '/api/plazas'])
      expect(admitted).toContain(p);
  }, 90_000);

  it('sees the CI as •.•••.•NN-N and the withheld fields named in the record, the list and the PDF', async () => {
    const one = (await guestGet(`/api/inscriptos/${record.id}`)).json();
    expect(one.ci).toBe(maskCi(ci));
    expect(one.ci).toMatch(/^•\.•••\.•\d\d-\d$/);
    expect(one.hermanosInscriben[0].ci).toBe(maskCi(hermanoCi));
    for (const f of CAMPOS_OCULTOS_AL_PUBLICO) {
      expect(one).not.toHaveProperty(f);
      expect(one.camposReservados).toContain(f);
    }
    const list = (await guestGet('/api/inscriptos?q=Visibilia')).json();
    expect(list.items.map((i: { ci: string }) => i.ci)).toEqual([maskCi(ci)]);
    const viaSibling = (await guestGet(`/api/inscriptos?q=${hermanoCi}`)).json();
    expect(viaSibling.items[0].coincidencia.ci).toBe(maskCi(hermanoCi));
    const pdf = await bodyText(await guestGet(`/api/inscriptos/export/pdf?id=${record.id}`));
    expect(pdf).toContain(maskCi(ci));
    // Staff still read it whole.
    const staff = (await t.app.inject({ url: `/api/inscriptos/${record.id}`, headers: bearer(admin) })).json();
    expect([staff.ci, staff.domicilio, staff.inscriptor]).toEqual([ci, DOMICILIO, INSCRIPTOR]);
  });

  it('finds a record by its whole CI, but a CI prefix or a barrio finds nothing and reveals nothing more', async () => {
    const plain = (await guestGet('/api/inscriptos?q=Visibilia')).json().items[0];
    const byCi = (await guestGet(`/api/inscriptos?q=${ci}`)).json();
    expect(byCi.items).toHaveLength(1);
    expect(byCi.items[0]).toEqual(plain);
    for (const prefix of [ci.slice(0, 5), ci.slice(0, 7), formatCi(ci).slice(0, 9)]) {
      expect((await guestGet(`/api/inscriptos?q=${encodeURIComponent(prefix)}`)).json().items).toEqual([]);
      const staff = await t.app.inject({
        url: `/api/inscriptos?q=${encodeURIComponent(prefix)}`,
        headers: bearer(admin),
      });
      expect(staff.json().items.length).toBeGreaterThan(0);
    }
    // Nor by barrio: the list would tell where each child lives.
    const barrio = await guestGet('/api/inscriptos?barrio=Piedras%20Blancas');
    expect([barrio.statusCode, barrio.json().message]).toEqual([403, INSCRIPTO_MSG.segmentoBarrioPublico]);
    const staffBarrio = await t.app.inject({ url: '/api/inscriptos?barrio=Piedras%20Blancas', headers: bearer(admin) });
    expect(staffBarrio.statusCode).toBe(200);
    // verificar-ci: whether the CI is enrolled and under which name, as the search above; nothing more.
    const check = (await guestGet(`/api/inscriptos/verificar-ci?ci=${ci}`)).json();
    expect(check).toMatchObject({ duplicado: true, inscripto: { id: record.id, nombre1: 'Visibilia' } });
    expect(Object.keys(check.inscripto).sort()).toEqual(['apellido1', 'id', 'nombre1']);
  });

  it('logs every list page and search once (the places included), with how many records it showed and never the query text', async () => {
    const before = (await accesos()).length;
    const list = (await guestGet('/api/inscriptos?pageSize=2')).json();
    const search = (await guestGet('/api/inscriptos?q=Visibilia')).json();
    await guestGet(`/api/inscriptos/verificar-ci?ci=${ci}`);
    // The places' staff view lists children by name too: one entry with how many.
    const plazas = (await guestGet('/api/plazas')).json();
    type Nino = { numeroInscripcion: number; miembro: number };
    const ninos = [...plazas.ofertas, ...plazas.cola.nenas, ...plazas.cola.varones] as Nino[];
    const cuantos = new Set(ninos.map((n) => `${n.numeroInscripcion}:${n.miembro}`)).size;
    expect(cuantos).toBeGreaterThanOrEqual(5);
    const after = (await accesos()).slice(before);
    expect(after.map((a) => [a.usuario, a.accion, a.detalle, Number(a.cantidad)])).toEqual([
      [GUEST_CREDENTIALS.username, 'listar', null, list.items.length],
      [GUEST_CREDENTIALS.username, 'buscar', null, search.items.length],
      [GUEST_CREDENTIALS.username, 'buscar', 'verificar-ci', 1],
      [GUEST_CREDENTIALS.username, 'listar', 'plazas', cuantos],
    ]);
    expect(list.items.length).toBe(2);
    const stored = JSON.stringify(await accesos());
    for (const text of ['Visibilia', ci, ...secrets()]) expect([text, stored.includes(text)]).toEqual([text, false]);
  });
});

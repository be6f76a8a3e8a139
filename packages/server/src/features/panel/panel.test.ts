import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import {
  DIMENSION_GRAFICO,
  FILTRO_TARJETA,
  listaQuery,
  type FiltroLista,
} from '@inscripciones/shared/panel/panel-links.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import {
  ADMIN,
  DIALECTS,
  bearer,
  buildTestApp,
  createUser,
  fakeClock,
  tokenFor,
  type TestApp,
} from '../../test/helper.ts';
import { buildInscripto, postInscripto, uniqueCi } from '../../test/inscriptos-fixtures.ts';
import { refreshDerivedColumns } from '../../data/inscriptos/derived-columns.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('director panel on %s', (dialect) => {
  let t: TestApp;
  const time = fakeClock(new Date('2026-10-05T14:00:00Z'));
  const tok = { administrador: '', voluntario: '', visitado: '' };
  let vol = '';

  const get = (who: keyof typeof tok | 'none', url: string) =>
    t.app.inject({ method: 'GET', url, headers: who === 'none' ? {} : bearer(tok[who]) });
  const readPanel = async (who: keyof typeof tok = 'administrador', query = '') => {
    const res = await get(who, `/api/panel${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TPanel;
  };
  const listTotal = async (filtro: FiltroLista) => {
    const res = await get('administrador', `/api/inscriptos?${listaQuery(filtro, null)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TInscriptoList).total;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const u = await createUser(t.app, tok.administrador, { role: 'voluntario' });
    vol = u.username;
    tok.voluntario = await tokenFor(t.app, u.username, u.password);

    const today = time.clock();
    const sibling = { nombre: 'Mateo Pérez', nivel: 'Inicial', ci: uniqueCi(), sexo: 'M' } as const;
    // Day 1: two by the administrator: one BAJO (low income, small household) authorised from outside the
    // zone, one with a benefit in a tolerance zone and a sibling.
    await postInscripto(
      t.app,
      tok.administrador,
      buildInscripto(today, { ingresosAclarar: '10.000', totalIntegrantesHogar: '3', fueraDeZonaAutorizado: true }),
    );
    await postInscripto(
      t.app,
      tok.administrador,
      buildInscripto(today, {
        barrio: 'Malvín',
        zonaTolerancia: 'Sí',
        planEquidad: true,
        sexo: 'M',
        hermanosInscriben: [sibling],
        cantidadHermanosInscriben: 1,
      }),
    );
    // Day 3 (late evening in Montevideo, already the next day in UTC): three by the volunteer, one finalised.
    time.advance(2 * DAY + 9 * 60 * 60 * 1000);
    tok.administrador = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    tok.visitado = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    tok.voluntario = await tokenFor(t.app, u.username, u.password);
    const a = await postInscripto(t.app, tok.voluntario, buildInscripto(time.clock(), { barrio: 'Malvín' }));
    await postInscripto(t.app, tok.voluntario, buildInscripto(time.clock(), { sexo: 'M' }));
    await postInscripto(t.app, tok.voluntario, buildInscripto(time.clock(), { tarjetaUruguaySocial: true }));
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${a.id}/finalizar`,
      headers: bearer(tok.voluntario),
      payload: { ...a, version: a.version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
  });
  afterAll(() => t.close());

  it('counts the cycle: cards, days in Montevideo against the places, and every dimension', async () => {
    const p = await readPanel();
    expect(p.tarjetas).toEqual({
      total: 5,
      pendientes: 4,
      finalizadas: 1,
      condicionales: 3,
      estratoBajo: 1,
      porcentajeEstratoBajo: 20,
      fueraDeZona: 1,
    });
    expect(p.plazas).toBeGreaterThan(0);
    // 2026-10-07T23:00Z is 20:00 of the 7th in Montevideo.
    expect(p.porDia).toEqual([
      { fecha: '2026-10-05', cantidad: 2, acumulado: 2 },
      { fecha: '2026-10-07', cantidad: 3, acumulado: 5 },
    ]);
    expect(p.porMotivo).toEqual([
      { clave: 'zona', etiqueta: 'Zona de tolerancia', cantidad: 1 },
      { clave: 'ingresos', etiqueta: 'Ingresos (estrato BAJO)', cantidad: 1 },
      { clave: 'beneficio', etiqueta: 'Beneficio social', cantidad: 2 },
    ]);
    expect(p.porBarrio.slice(0, 2)).toEqual(
      [
        { clave: 'Malvín', etiqueta: 'Malvín', cantidad: 2 },
        { clave: 'Piedras Blancas', etiqueta: 'Piedras Blancas', cantidad: 3 },
      ].sort((x, y) => y.cantidad - x.cantidad),
    );
    expect(p.porHermanos.find((h) => h.clave === '1')?.cantidad).toBe(1);
    expect(p.porFuncionario).toEqual([
      { funcionario: vol, nombre: expect.any(String), finalizadas: 1, pendientes: 2 },
      { funcionario: ADMIN.username, nombre: expect.any(String), finalizadas: 0, pendientes: 2 },
    ]);
  });

  /** Every card and bar of the panel against the list's total for the same filter. */
  async function expectPanelMatchesList() {
    const p = await readPanel();
    for (const [tarjeta, filtro] of Object.entries(FILTRO_TARJETA)) {
      expect(await listTotal(filtro), tarjeta).toBe(p.tarjetas[tarjeta as keyof typeof FILTRO_TARJETA]);
    }
    for (const [grafico, dimension] of Object.entries(DIMENSION_GRAFICO)) {
      for (const bar of p[grafico as keyof typeof DIMENSION_GRAFICO]) {
        expect(await listTotal({ [dimension]: bar.clave }), `${grafico} ${bar.clave}`).toBe(bar.cantidad);
      }
    }
    for (const f of p.porFuncionario) {
      expect(await listTotal({ funcionario: f.funcionario, estado: 'finalizado' })).toBe(f.finalizadas);
      expect(await listTotal({ funcionario: f.funcionario, estado: 'pendiente' })).toBe(f.pendientes);
    }
    expect(p.porDia.at(-1)?.acumulado ?? 0).toBe(p.tarjetas.total);
    return p;
  }

  it('every card and every bar equals what the list returns for the same filter', async () => {
    await expectPanelMatchesList();
  });

  it('is read by every signed-in role, holds no personal data, and refuses the anonymous', async () => {
    expect((await get('none', '/api/panel')).statusCode).toBe(401);
    const admin = await readPanel('administrador');
    for (const who of ['voluntario', 'visitado'] as const) expect(await readPanel(who)).toEqual(admin);
    const body = JSON.stringify(admin);
    const list = (await get('administrador', '/api/inscriptos?pageSize=100')).json() as TInscriptoList;
    for (const r of list.items) {
      expect(body).not.toContain(String(r.ci));
      expect(body).not.toContain(String(r.apellido1));
    }
  });

  it('filters the list by reserved segments (income, benefits) for administrators only', async () => {
    for (const who of ['voluntario', 'visitado'] as const) {
      for (const q of ['estrato=BAJO', 'condicion=beneficio']) {
        const res = await get(who, `/api/inscriptos?${q}`);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(INSCRIPTO_MSG.segmentoReservado);
      }
      // By barrio the volunteer may; the guest, who is the public, not.
      expect((await get(who, '/api/inscriptos?barrio=Malv%C3%ADn')).statusCode).toBe(who === 'visitado' ? 403 : 200);
    }
    expect((await get('administrador', '/api/inscriptos?estrato=BAJO')).statusCode).toBe(200);
  });

  it('answers a bad cycle or filter with a Spanish 4xx', async () => {
    const bad = await get('administrador', '/api/panel?ciclo=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('ciclo');
    expect((await get('administrador', '/api/panel?ciclo=0190a000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('administrador', '/api/inscriptos?hermanos=9')).statusCode).toBe(400);
  });

  it('stays exact under concurrent creates, edits, finalisations and deletions', async () => {
    const before = (await readPanel()).tarjetas.total;
    const today = time.clock();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postInscripto(
          t.app,
          i % 2 ? tok.voluntario : tok.administrador,
          buildInscripto(today, { sexo: i % 3 ? 'F' : 'M' }),
        ),
      ),
    );
    const token = (r: Record<string, unknown>) =>
      (r.createdBy as { username: string }).username === ADMIN.username ? tok.administrador : tok.voluntario;
    const results = await Promise.all([
      ...created.slice(0, 4).map((r) =>
        t.app.inject({
          method: 'POST',
          url: `/api/inscriptos/${r.id}/finalizar`,
          headers: bearer(token(r)),
          payload: { ...r, version: r.version },
        }),
      ),
      ...created.slice(4, 8).map((r) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/inscriptos/${r.id}`,
          headers: bearer(token(r)),
          payload: { ...r, barrio: 'Malvín', ingresosAclarar: '5.000', totalIntegrantesHogar: '2', version: r.version },
        }),
      ),
      ...created
        .slice(8, 10)
        .map((r) =>
          t.app.inject({ method: 'DELETE', url: `/api/inscriptos/${r.id}`, headers: bearer(tok.administrador) }),
        ),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBeLessThan(300);
    const p = await expectPanelMatchesList();
    expect(p.tarjetas.total).toBe(before + 10);
  });

  it('fills the derived columns of rows written before them, to the same counts', async () => {
    const before = await readPanel();
    const db = t.app.ctx.db;
    await db
      .updateTable('inscriptos')
      .set({ barrio: null, estrato: null, condicion: null, hermanos: null, fuera_zona: null, derivados: 0 })
      .execute();
    expect(await refreshDerivedColumns(db)).toBe(before.tarjetas.total);
    expect(await readPanel()).toEqual(before);
    expect(await refreshDerivedColumns(db)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, createUser, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto } from '../../test/inscriptos-fixtures.ts';
import { newId } from '@inscripciones/shared/ids.ts';

/**
 * POST /api/inscriptos with a client id is idempotent, exactly (docs/decisions/0007): the same id with the
 * same content answers 200 with the record, the same id with other content 409, also under racing retries.
 */
describe.each(DIALECTS)('idempotent create on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let vol: { token: string; username: string };
  const today = new Date();
  const post = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/inscriptos', headers: bearer(token), payload: body });
  const records = async (id: string) =>
    (await t.app.ctx.db.selectFrom('inscriptos').select('id').where('id', '=', id).execute()).length;
  const createEntries = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('auditoria')
        .select('seq')
        .where('inscripto_id', '=', id)
        .where('accion', '=', 'crear')
        .execute()
    ).length;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const u = await createUser(t.app, admin, { role: 'voluntario' });
    vol = { token: await tokenFor(t.app, u.username, u.password), username: u.username };
  });
  afterAll(() => t.close());

  it('same id and same content → 200 with the record, whatever the key order and the blank fields', async () => {
    const id = newId();
    const body = { ...buildInscripto(today), id };
    const first = await post(vol.token, body);
    expect(first.statusCode).toBe(201);
    const again = await post(vol.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The validated body is compared, not the bytes sent: another key order and blanks ('' / null) are the same.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const withBlanks = {
      ...reordered,
      barrioOtro: '',
      cel3: null,
      otroResponsableAclarar: '   ',
      hermanosInscriben: [],
    };
    const third = await post(vol.token, withBlanks);
    expect(third.statusCode, third.body).toBe(200);
    expect(third.json()).toEqual(first.json());
    // A voluntario is always their own official: naming another one changes nothing, so it is the same request.
    expect((await post(vol.token, { ...body, funcionario: ADMIN.username })).statusCode).toBe(200);
    expect(await records(id)).toBe(1);
    expect(await createEntries(id)).toBe(1);
  });

  it('same id and different content → 409 in Spanish, the record unchanged', async () => {
    const id = newId();
    const body = { ...buildInscripto(today, { observaciones: 'Primera versión' }), id };
    const first = await post(vol.token, body);
    expect(first.statusCode).toBe(201);
    for (const changed of [
      { ...body, observaciones: 'Otra versión' },
      { ...body, nombre2: 'Agregado' },
      { ...body, ci: undefined },
    ]) {
      const res = await post(vol.token, changed);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', message: INSCRIPTO_MSG.idOtherContent });
    }
    const stored = await t.app.inject({ url: `/api/inscriptos/${id}`, headers: bearer(admin) });
    expect(stored.json()).toEqual(first.json());
    expect(await createEntries(id)).toBe(1);
  });

  it('for an administrator the named official is part of the content', async () => {
    const id = newId();
    const body = { ...buildInscripto(today), id, funcionario: vol.username };
    expect((await post(admin, body)).statusCode).toBe(201);
    expect((await post(admin, body)).statusCode).toBe(200);
    const other = await post(admin, { ...body, funcionario: ADMIN.username });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(INSCRIPTO_MSG.idOtherContent);
    // Not naming one means "me", as in the create itself.
    const { funcionario: _f, ...unnamed } = body;
    expect((await post(admin, unnamed)).statusCode).toBe(409);
  });

  it('a record edited since its create: the create retried answers 409 (the record no longer holds that content)', async () => {
    const id = newId();
    const body = { ...buildInscripto(today), id };
    const created = (await post(vol.token, body)).json();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/inscriptos/${id}`,
      headers: bearer(vol.token),
      payload: { ...body, observaciones: 'Editada', version: created.version },
    });
    expect(edit.statusCode).toBe(200);
    expect((await post(vol.token, body)).statusCode).toBe(409);
    expect((await post(vol.token, { ...body, observaciones: 'Editada' })).statusCode).toBe(200);
  });

  it('20 racing retries of one create: one 201 and nineteen 200 with the same record, five times over', async () => {
    for (let round = 0; round < 5; round++) {
      const id = newId();
      const body = { ...buildInscripto(today), id };
      const answers = await Promise.all(Array.from({ length: 20 }, () => post(vol.token, body)));
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, ...Array(18).fill(200), 201].sort());
      const record = answers.find((a) => a.statusCode === 201)!.json();
      for (const a of answers) expect(a.json()).toEqual(record);
      expect(await records(id)).toBe(1);
      expect(await createEntries(id)).toBe(1);
    }
  });

  it('20 racing creates with one id and two contents: the first stored wins, the others of its content get 200, the rest 409', async () => {
    for (let round = 0; round < 5; round++) {
      const id = newId();
      const bodies = [
        { ...buildInscripto(today, { observaciones: 'Contenido A' }), id },
        { ...buildInscripto(today, { observaciones: 'Contenido B' }), id },
      ];
      const sent = Array.from({ length: 20 }, (_, i) => bodies[i % 2]!);
      const answers = await Promise.all(sent.map((b) => post(vol.token, b)));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      const stored = (await t.app.inject({ url: `/api/inscriptos/${id}`, headers: bearer(admin) })).json();
      answers.forEach((a, i) => {
        if (sent[i]!.observaciones === stored.observaciones) {
          expect([200, 201], a.body).toContain(a.statusCode);
          expect(a.json()).toEqual(stored);
        } else {
          expect(a.statusCode, a.body).toBe(409);
          expect(a.json().message).toBe(INSCRIPTO_MSG.idOtherContent);
        }
      });
      expect(await records(id)).toBe(1);
      expect(await createEntries(id)).toBe(1);
    }
  });

  it('another user with the same id → 409 "otra inscripción", even with the same content', async () => {
    const id = newId();
    const body = { ...buildInscripto(today), id };
    expect((await post(vol.token, body)).statusCode).toBe(201);
    const res = await post(admin, { ...body, funcionario: vol.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INSCRIPTO_MSG.idTaken);
  });
});

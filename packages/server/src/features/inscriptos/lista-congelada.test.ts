import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { fieldLabelFor } from '@inscripciones/shared/inscriptos/fields.ts';
import { rowData } from '../../data/inscriptos/inscripto-mapper.ts';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { insertFamilies, type Family } from '../../test/sorteo-test-data.ts';

/**
 * While a raffle runs, its participant list is frozen for real. A participant cannot be
 * deleted, go back to pendiente, or change what decides its draw (sex, CI, siblings, the siblings-in-school
 * stage); other fields can still be corrected. Whoever is not in the list, and everyone after the end, can.
 */
const kid = (i: number) => ({
  nombre1: `Congelada${i}`,
  apellido1: 'Lista',
  apellido2: 'Prueba',
  sexo: i % 2 ? 'M' : 'F',
});
const families = (): Family[] => [
  ...Array.from({ length: 6 }, (_, i) => ({ children: [kid(i)] }) as Family),
  { children: [kid(50)], estado: 'pendiente' } as Family,
];

describe.each(DIALECTS)('the frozen list, on %s', (dialect) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let participante: string;
  let fuera: string;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const body = async (id: string, cambios: Record<string, unknown> = {}) => {
    const row = await t.app.ctx.db.selectFrom('inscriptos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { ...rowData(row), ...cambios, version: row.version };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = bearer(await tokenFor(t.app, ADMIN.username, ADMIN.password));
    const rows = await insertFamilies(t.app.ctx.db, new Date(), families());
    participante = rows[0]!.id as string;
    fuera = rows.at(-1)!.id as string;
    const start = await send('POST', '/api/sorteo/start', {
      plazasNenas: 1,
      plazasVarones: 1,
      fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    });
    expect(start.statusCode, start.body).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses to delete a participant, and leaves it there', async () => {
    const res = await send('DELETE', `/api/inscriptos/${participante}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INSCRIPTO_MSG.enSorteoNoEliminar);
    expect(
      await t.app.ctx.db.selectFrom('inscriptos').select('id').where('id', '=', participante).execute(),
    ).toHaveLength(1);
  });

  it('refuses a section save (it would be pendiente) and a change of sex or of the stage', async () => {
    const save = await send('PUT', `/api/inscriptos/${participante}`, await body(participante));
    expect(save.statusCode).toBe(409);
    expect(save.json().message).toBe(INSCRIPTO_MSG.enSorteoFinalizada);
    const sexo = (await body(participante)).sexo === 'F' ? 'M' : 'F';
    const changed = await send('POST', `/api/inscriptos/${participante}/finalizar`, await body(participante, { sexo }));
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(INSCRIPTO_MSG.enSorteoCongelados('Sexo'));
    const row = await t.app.ctx.db
      .selectFrom('inscriptos')
      .selectAll()
      .where('id', '=', participante)
      .executeTakeFirstOrThrow();
    expect(row.estado).toBe('finalizado');
    expect(rowData(row).sexo).not.toBe(sexo);
  });

  it('refuses a change of the siblings-in-school stage, naming it', async () => {
    const antes = (await body(participante)).tieneHermanosPrimaria;
    const res = await send(
      'POST',
      `/api/inscriptos/${participante}/finalizar`,
      await body(participante, { tieneHermanosPrimaria: !antes }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(INSCRIPTO_MSG.enSorteoCongelados(fieldLabelFor('tieneHermanosPrimaria')));
  });

  it('tells a record finalised while the raffle runs that it is not in it', async () => {
    const res = await send('POST', `/api/inscriptos/${fuera}/finalizar`, await body(fuera));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ estado: 'finalizado', fueraDelSorteoEnCurso: true });
  });

  it('still lets a participant be corrected elsewhere, and whoever is not in the list change at will', async () => {
    const ok = await send(
      'POST',
      `/api/inscriptos/${participante}/finalizar`,
      await body(participante, { observaciones: 'Corregido durante el sorteo.' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().fueraDelSorteoEnCurso).toBeUndefined();
    expect((await send('DELETE', `/api/inscriptos/${fuera}`)).statusCode).toBe(200);
  });

  it('after the end, deletion is allowed again', async () => {
    const end = await send('POST', '/api/sorteo/end', { motivo: 'Prueba de la lista congelada.' });
    expect(end.statusCode, end.body).toBe(200);
    expect((await send('DELETE', `/api/inscriptos/${participante}`)).statusCode).toBe(200);
  });
});

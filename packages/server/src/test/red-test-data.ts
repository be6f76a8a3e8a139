import type { FastifyInstance } from 'fastify';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import type { Role } from '@inscripciones/shared/roles.ts';
import { ADMIN, bearer, tokenFor } from './helper.ts';
import { buildInscripto, uniqueCi } from './inscriptos-fixtures.ts';
import { runRaffle } from './plazas-test-data.ts';

/*
 * A network of two schools for the tests of its isolation (decision 0036): the first school ("principal") and a
 * second one ("norte"), each with its own administrator (no network role), volunteer and guest, finalised and
 * pending enrolments whose names, CIs and ids appear nowhere else, and a finished raffle; and the network's
 * administrator (the first administrator) and reader.
 */

export const CODIGOS = ['principal', 'norte'] as const;
export type Codigo = (typeof CODIGOS)[number];
export type RolRedDePrueba = 'administrador_red' | 'lector_red';

/** Words of one school's data that no other answer can hold by chance. */
const PALABRAS: Record<Codigo, { nombres: string[]; apellido: string; personal: string }> = {
  principal: {
    nombres: ['Pancracia', 'Pantaleon', 'Petronila', 'Porfirio'],
    apellido: 'Quirogaprin',
    personal: 'Primitiva',
  },
  norte: { nombres: ['Wenceslada', 'Wilfredo', 'Walburga', 'Wolfango'], apellido: 'Zubizarnor', personal: 'Belarmina' },
};

export interface EscuelaDePrueba {
  codigo: Codigo;
  tokens: Record<Role, string>;
  /** A finalised enrolment, its number and its code for /estado. */
  inscripcion: { id: string; numero: number; codigo: string };
  pendienteId: string;
  cicloId: string;
  actaId: string;
  /** Its data that must never appear in another school's answers: names, CIs, ids, its staff's accounts. */
  marcas: string[];
}

export interface RedDePrueba {
  escuelas: Record<Codigo, EscuelaDePrueba>;
  red: Record<RolRedDePrueba, string>;
}

async function call(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function cuenta(app: FastifyInstance, red: string, username: string, nombre: string, extra: object) {
  await call(app, red, 'POST', '/api/users?escuela=principal', {
    username,
    password: 'clave-segura-1',
    nombre,
    email: `${username}@escuela.edu.uy`,
    ...extra,
  });
  return tokenFor(app, username, 'clave-segura-1');
}

async function escuela(app: FastifyInstance, red: string, codigo: Codigo): Promise<EscuelaDePrueba> {
  const q = `?escuela=${codigo}`;
  const { nombres, apellido, personal } = PALABRAS[codigo];
  const staff = (role: Role) =>
    cuenta(app, red, `${role}-${codigo}`, `${personal} ${role}`, { escuelas: [{ escuela: codigo, role }] });
  const administrador = await staff('administrador');
  const voluntario = await staff('voluntario');
  const guest = await app.inject({ method: 'POST', url: `/api/auth/login${q}`, payload: GUEST_CREDENTIALS });
  const tokens = { administrador, voluntario, visitado: guest.json().token as string };

  const marcas = [...nombres, apellido, personal, `administrador-${codigo}`, `voluntario-${codigo}`];
  const ids: string[] = [];
  for (const [i, nombre1] of nombres.entries()) {
    const datos = buildInscripto(new Date(), {
      ci: uniqueCi(),
      nombre1,
      nombre2: undefined,
      apellido1: apellido,
      sexo: i % 2 ? 'M' : 'F',
      fechaNacimiento: `2020-0${i + 1}-1${i}`,
    });
    marcas.push(datos.ci!);
    const creada = await call(app, voluntario, 'POST', `/api/inscriptos${q}`, datos);
    ids.push(creada.id);
    marcas.push(creada.id);
    if (i === nombres.length - 1) break; // the last one stays pending
    await call(app, voluntario, 'POST', `/api/inscriptos/${creada.id}/finalizar${q}`, {
      ...datos,
      version: creada.version,
    });
  }
  const pendienteId = ids.at(-1)!;
  const actaId = await runRaffle(app, administrador, { nenas: 1, varones: 1 }, codigo);
  marcas.push(actaId);
  const ficha = await call(app, administrador, 'GET', `/api/inscriptos/${ids[0]}${q}`);
  const codigoEstado = await call(app, administrador, 'POST', `/api/inscriptos/${ids[0]}/codigo-estado${q}`, {});
  return {
    codigo,
    tokens,
    inscripcion: { id: ids[0]!, numero: ficha.numeroInscripcion, codigo: codigoEstado.codigo },
    pendienteId,
    cicloId: ficha.ciclo.id,
    actaId,
    marcas,
  };
}

/** Creates the second school and both schools' accounts and data through the API, as the network's administrator. */
export async function montarRed(app: FastifyInstance): Promise<RedDePrueba> {
  const red = await tokenFor(app, ADMIN.username, ADMIN.password);
  await call(app, red, 'POST', '/api/escuelas', {
    codigo: 'norte',
    escuelaNombre: 'Escuela N.º 2 Norte',
    direccion: 'Av. Norte 1234',
    telefono: '2400 1234',
    horarios: 'Lunes a viernes de 8 a 16',
  });
  const lector = await cuenta(app, red, 'inspectora', 'Inspectora de la red', { rolRed: 'lector_red', escuelas: [] });
  return {
    escuelas: { principal: await escuela(app, red, 'principal'), norte: await escuela(app, red, 'norte') },
    red: { administrador_red: red, lector_red: lector },
  };
}

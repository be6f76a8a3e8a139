import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { ADMIN, bearer, tokenFor } from './helper.ts';
import { buildInscripto, uniqueCi } from './inscriptos-fixtures.ts';

/*
 * A network of three schools for the network's assignment (docs/decisions/0039): "principal", "norte" and "sur",
 * each with one place per list, and finalised enrolments that rank the schools, entered at different schools
 * (one of them with a sibling enrolling together: one application of two children).
 */

const ESCUELAS_ASIGNACION = ['principal', 'norte', 'sur'] as const;

type Metodo = 'GET' | 'POST' | 'PUT';

export function llamar(app: FastifyInstance, token: string | null) {
  return async (method: Metodo, url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
}

/** Who applies where, and what they rank; sexo F/M, and a pair of siblings enrolling together at "norte". */
const FAMILIAS: {
  escuela: string;
  nombre: string;
  sexo: 'F' | 'M';
  preferencias: string[] | null;
  /** A sibling enrolling together, listed without an enrolment of their own. */
  hermano?: string;
}[] = [
  { escuela: 'principal', nombre: 'Anacleta', sexo: 'F', preferencias: ['principal', 'norte'] },
  { escuela: 'principal', nombre: 'Bartolo', sexo: 'M', preferencias: ['norte', 'principal', 'sur'] },
  { escuela: 'principal', nombre: 'Casimira', sexo: 'F', preferencias: ['principal'] },
  { escuela: 'norte', nombre: 'Dionisia', sexo: 'F', preferencias: ['principal', 'sur'] },
  { escuela: 'norte', nombre: 'Eustaquio', sexo: 'M', preferencias: ['norte'] },
  { escuela: 'norte', nombre: 'Filomena', sexo: 'F', preferencias: null },
  { escuela: 'sur', nombre: 'Gumersindo', sexo: 'M', preferencias: ['norte', 'sur'] },
  { escuela: 'sur', nombre: 'Hermenegilda', sexo: 'F', preferencias: ['sur', 'principal', 'norte'] },
  { escuela: 'norte', nombre: 'Joaquina', sexo: 'F', preferencias: ['sur', 'norte'], hermano: 'Leovigildo' },
];

export interface RedDeAsignacion {
  red: string;
  anio: number;
  /** Each school's own administrator (no network role). */
  administradores: Record<string, string>;
  /** Every full name entered: none may appear in the public acta. */
  nombres: string[];
  /** Each family by name: its school, number there and status code. */
  familias: Record<string, { escuela: string; numero: number; codigo: string }>;
}

export async function montarRedDeAsignacion(app: FastifyInstance): Promise<RedDeAsignacion> {
  const red = await tokenFor(app, ADMIN.username, ADMIN.password);
  const call = llamar(app, red);
  for (const codigo of ['norte', 'sur']) {
    await call('POST', '/api/escuelas', {
      codigo,
      escuelaNombre: `Escuela ${codigo}`,
      direccion: 'Calle 1',
      telefono: '2400 0000',
      horarios: 'Lunes a viernes de 8 a 16',
    });
  }
  const administradores: Record<string, string> = {};
  let anio = 0;
  for (const codigo of ESCUELAS_ASIGNACION) {
    const q = `?escuela=${codigo}`;
    const ciclo = (await call('GET', `/api/ciclos${q}`)).items[0];
    anio = ciclo.anioIngreso;
    await call('PUT', `/api/ciclos/${ciclo.id}${q}`, { plazasNenas: 1, plazasVarones: 1 });
    await call('POST', `/api/users${q}`, {
      username: `dir-${codigo}`,
      password: 'clave-segura-1',
      nombre: `Dirección ${codigo}`,
      email: `dir@${codigo}.edu.uy`,
      escuelas: [{ escuela: codigo, role: 'administrador' }],
    });
    administradores[codigo] = await tokenFor(app, `dir-${codigo}`, 'clave-segura-1');
  }
  const nombres: string[] = [];
  const familias: RedDeAsignacion['familias'] = {};
  for (const f of FAMILIAS) {
    const q = `?escuela=${f.escuela}`;
    const hermanos = f.hermano
      ? { hermanosInscriben: [{ nombre: f.hermano, ci: uniqueCi(), nivel: 'Inicial' as const, sexo: 'M' as const }] }
      : {};
    const datos = buildInscripto(new Date(), {
      ci: uniqueCi(),
      nombre1: f.nombre,
      sexo: f.sexo,
      ...hermanos,
      cantidadHermanosInscriben: f.hermano ? 1 : 0,
    });
    nombres.push(f.nombre, ...(f.hermano ? [f.hermano] : []));
    const creada = await call('POST', `/api/inscriptos${q}`, { ...datos, preferencias: f.preferencias });
    const fin = await call('POST', `/api/inscriptos/${creada.id}/finalizar${q}`, { ...datos, version: creada.version });
    const { codigo } = await call('POST', `/api/inscriptos/${creada.id}/codigo-estado${q}`, {});
    familias[f.nombre] = { escuela: f.escuela, numero: fin.numeroInscripcion, codigo };
  }
  return { red, anio, administradores, nombres, familias };
}

/** The network raffle of the year, run to its end; returns its start (commitment and list hash). */
export async function sorteoDeRed(app: FastifyInstance, red: string, anio: number) {
  const call = llamar(app, red);
  await call('PUT', `/api/red/asignacion/ciclos/${anio}`, { modo: 'red', maxPreferencias: 3 });
  const inicio = await call('POST', '/api/red/sorteo/start', {
    anio,
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
  });
  await call('POST', '/api/red/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
  const primero = await call('POST', '/api/red/sorteo/next');
  await call('POST', '/api/red/sorteo/confirm', { azar: primero.azar });
  const fin = await call('POST', '/api/red/sorteo/end');
  return { inicio, fin };
}

const CLI = path.join(import.meta.dirname, '../cli/asignacion/verificar-cli.ts');

/** Runs `npm run asignacion:verificar` without blocking this process (the URL case asks this very server). */
export async function verificar(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const r = e as { code: number; stdout: string; stderr: string };
    return { code: r.code, out: r.stdout + r.stderr };
  }
}

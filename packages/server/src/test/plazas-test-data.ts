import type { FastifyInstance } from 'fastify';
import { bearer } from './helper.ts';

/** Runs a whole raffle through the API (start, every draw confirmed, end): the season of offers starts then. */
export async function runRaffle(
  app: FastifyInstance,
  adminToken: string,
  plazas: { nenas: number; varones: number },
  /** The school's code, in a network of several (decision 0036). */
  escuela?: string,
): Promise<string> {
  const call = async (method: 'GET' | 'POST', path: string, payload?: object) => {
    const url = escuela ? `${path}?escuela=${escuela}` : path;
    const res = await app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const started = await call('POST', '/api/sorteo/start', {
    plazasNenas: plazas.nenas,
    plazasVarones: plazas.varones,
    confirmarNuevo: true,
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
  });
  // The draw needs the public value and where it came from.
  await call('POST', '/api/sorteo/valor-publico', { valor: '4 2 6', origen: 'Dados lanzados por la escribana' });
  for (;;) {
    const next = await call('POST', '/api/sorteo/next');
    if (!next.participante) break;
    await call('POST', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
  }
  await call('POST', '/api/sorteo/end', {});
  return started.id as string;
}

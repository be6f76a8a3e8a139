import type { FastifyInstance } from 'fastify';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { bearer } from './helper.ts';

let next = 0;
/**
 * A valid Uruguayan CI (right check digit), different on every call. Steps of 11 keep any two of them at least
 * two digits apart and never an adjacent swap (such a difference is never a multiple of 11), so the duplicate
 * rule never pairs two test children by their CIs.
 */
export function uniqueCi(): string {
  next += 1;
  const first7 = String(6_100_000 + (process.pid % 1000) * 1000 + next * 11);
  return `${first7}${ciCheckDigit(first7)}`;
}

/** A complete enrolment for `today`, with its own CI and no siblings unless given. */
export function buildInscripto(today: Date, overrides: Partial<TInscriptoData> = {}): TInscriptoData {
  const base = completeInscripto(today);
  delete base.hermanosInscriben;
  return { ...base, cantidadHermanosInscriben: 0, ci: uniqueCi(), ...overrides };
}

export async function postInscripto(app: FastifyInstance, token: string, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/inscriptos', headers: bearer(token), payload: body });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown> & { id: string; version: number };
}

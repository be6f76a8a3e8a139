import { armarActaAsignacion, type TActaAsignacion } from '../asignacion/acta-schema.ts';
import { sortearAzar } from '../asignacion/azar.ts';
import { calcularCorrimiento } from '../asignacion/corrimiento.ts';
import { type TEventoAsignacion } from '../asignacion/corrimiento-estado.ts';
import { asignarRed } from '../asignacion/deferred-acceptance.ts';
import type { TSolicitud } from '../asignacion/postulaciones.ts';
import type { TEscuelaRed } from '../asignacion/schemas.ts';
import { hmacSourceJs } from '../sorteo/draw-source.ts';
import type { RandomSource } from '../sorteo/plan.ts';
import type { TFuenteValorPublico } from '../sorteo/fuente-valor-publico.ts';
import type { TSexoSorteo } from '../sorteo/schemas.ts';
import { redDesde } from './asignacion-random.ts';

/**
 * The test vectors of docs/decisions/0028: inputs here, every output computed by the engine. The doc shows
 * exactly what `renderVector` and `renderCorrimiento` print (the test `vectores.test.ts` checks it), so after a
 * deliberate change of the rules regenerate them: `node packages/shared/src/test/asignacion-vectores.ts`.
 */

interface Familia {
  numero: number;
  /** One per child: sexo and initials. */
  ninos: [TSexoSorteo, string][];
  preferencias: string[];
  hermanosPrimariaEn?: string[];
}

export interface VectorAsignacion {
  titulo: string;
  semilla: string;
  fuenteValorPublico: TFuenteValorPublico;
  valorPublico: string;
  maxPreferencias: number;
  escuelas: TEscuelaRed[];
  familias: Familia[];
}

export interface VectorCorrimiento {
  titulo: string;
  /** The assignment vector it starts from. */
  de: number;
  publicadoEn: string;
  plazoDias: number;
  eventos: TEventoAsignacion[];
  ahora: string;
}

export const VECTORES: VectorAsignacion[] = [
  {
    titulo: 'Vector 1: niños solos, una prioridad por hermanos en primaria, listas separadas',
    semilla: '2f1e8a4c9b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f',
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    valorPublico: 'dados:2,5,6',
    maxPreferencias: 3,
    escuelas: [
      { codigo: 'E10', plazas: { nenas: 1, varones: 1 } },
      { codigo: 'E2', plazas: { nenas: 1, varones: 1 } },
      { codigo: 'E3', plazas: { nenas: 2, varones: 0 } },
    ],
    familias: [
      { numero: 1, ninos: [['F', 'A. P.']], preferencias: ['E10', 'E2', 'E3'] },
      { numero: 2, ninos: [['F', 'B. R.']], preferencias: ['E10', 'E2'] },
      { numero: 3, ninos: [['F', 'C. S.']], preferencias: ['E2', 'E10'], hermanosPrimariaEn: ['E2'] },
      { numero: 4, ninos: [['M', 'D. T.']], preferencias: ['E10', 'E2'] },
      { numero: 5, ninos: [['M', 'E. U.']], preferencias: ['E10', 'E3'] },
      { numero: 6, ninos: [['F', 'F. V.']], preferencias: ['E2', 'E3', 'E10'] },
      { numero: 7, ninos: [['M', 'G. W.']], preferencias: ['E2'] },
    ],
  },
  {
    titulo: 'Vector 2: grupos de hermanos, «Otro» en listas distintas, esperas con un grupo delante',
    semilla: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00',
    fuenteValorPublico: { tipo: 'loteria', sorteo: 'Quiniela nocturna del 30/11/2026', cantidad: 3, cifras: 3 },
    valorPublico: 'loteria:045,512,907',
    maxPreferencias: 2,
    escuelas: [
      { codigo: 'A', plazas: { nenas: 2, varones: 1 } },
      { codigo: 'B', plazas: { nenas: 1, varones: 2 } },
    ],
    familias: [
      {
        numero: 10,
        ninos: [
          ['F', 'I. R.'],
          ['F', 'J. R.'],
        ],
        preferencias: ['A', 'B'],
      },
      {
        numero: 11,
        ninos: [
          ['M', 'L. P.'],
          ['Otro', 'A. P.'],
        ],
        preferencias: ['A', 'B'],
      },
      {
        numero: 12,
        ninos: [
          ['F', 'M. Q.'],
          ['M', 'N. Q.'],
          ['M', 'O. Q.'],
        ],
        preferencias: ['B'],
      },
      { numero: 13, ninos: [['Otro', 'N. C.']], preferencias: ['A', 'B'] },
      { numero: 14, ninos: [['F', 'O. M.']], preferencias: ['A', 'B'], hermanosPrimariaEn: ['B'] },
      { numero: 15, ninos: [['M', 'P. A.']], preferencias: ['B', 'A'] },
      { numero: 16, ninos: [['F', 'R. V.']], preferencias: ['B'] },
    ],
  },
];

export const CORRIMIENTOS: VectorCorrimiento[] = [
  {
    titulo: 'Vector 3: respuestas y corrimiento sobre el vector 1',
    de: 0,
    publicadoEn: '2026-12-01T12:00:00.000Z',
    plazoDias: 7,
    eventos: [
      { en: '2026-12-01T13:00:00.000Z', numero: 6, respuesta: 'acepta-y-espera', escuela: 'E3' },
      { en: '2026-12-02T09:00:00.000Z', numero: 3, respuesta: 'rechaza', escuela: 'E2' },
      { en: '2026-12-03T10:00:00.000Z', numero: 1, respuesta: 'rechaza', escuela: 'E10' },
      { en: '2026-12-03T11:00:00.000Z', numero: 4, respuesta: 'acepta-y-espera', escuela: 'E2' },
      { en: '2026-12-08T12:00:00.000Z', numero: 5, respuesta: 'vence', escuela: 'E10' },
      { en: '2026-12-09T08:00:00.000Z', numero: 2, respuesta: 'vence', escuela: 'E10' },
      { en: '2026-12-09T09:00:00.000Z', numero: 7, respuesta: 'acepta', escuela: 'E10' },
      { en: '2026-12-09T10:00:00.000Z', numero: 4, respuesta: 'acepta', escuela: 'E10' },
    ],
    ahora: '2026-12-12T00:00:00.000Z',
  },
  {
    titulo: 'Vector 4: hermanos que rechazan solos, sobre el vector 2',
    de: 1,
    publicadoEn: '2026-12-01T12:00:00.000Z',
    plazoDias: 5,
    eventos: [
      { en: '2026-12-02T10:00:00.000Z', numero: 10, respuesta: 'rechaza', escuela: 'A', miembro: 1 },
      { en: '2026-12-02T11:00:00.000Z', numero: 15, respuesta: 'rechaza', escuela: 'A' },
      { en: '2026-12-03T09:00:00.000Z', numero: 11, respuesta: 'rechaza', escuela: null, miembro: 1 },
      { en: '2026-12-03T10:00:00.000Z', numero: 12, respuesta: 'rechaza', escuela: 'B', miembro: 0 },
      { en: '2026-12-04T09:00:00.000Z', numero: 12, respuesta: 'acepta', escuela: 'B', miembro: 1 },
      { en: '2026-12-04T10:00:00.000Z', numero: 12, respuesta: 'acepta', escuela: 'B' },
      { en: '2026-12-04T11:00:00.000Z', numero: 13, respuesta: 'rechaza', escuela: 'A' },
    ],
    ahora: '2026-12-07T12:00:00.000Z',
  },
];

/** A random source that records each call as `n→value`. */
export function recording(source: RandomSource): RandomSource & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    uniform(n: number) {
      const v = source.uniform(n);
      log.push(`${n}→${v}`);
      return v;
    },
  };
}

export function solicitudes(v: VectorAsignacion): TSolicitud[] {
  return v.familias.map((f) => ({
    numero: f.numero,
    sexos: f.ninos.map(([sexo]) => sexo),
    preferencias: f.preferencias,
    hermanosPrimariaEn: f.hermanosPrimariaEn ?? [],
  }));
}

/** The vector run through the engine: the random calls and the public acta. */
export function ejecutar(v: VectorAsignacion): { azar: string[]; acta: TActaAsignacion } {
  const rng = recording(hmacSourceJs(v.semilla, v.valorPublico));
  const azar = sortearAzar(
    v.familias.map((f) => f.numero),
    rng,
  );
  const red = redDesde(v.escuelas, solicitudes(v), azar, v.maxPreferencias);
  const acta = armarActaAsignacion({
    id: 'vector',
    anio: 2027,
    asignadoEn: '2026-12-01T12:00:00.000Z',
    maxPreferencias: v.maxPreferencias,
    escuelas: v.escuelas,
    postulaciones: red.postulaciones,
    iniciales: new Map(v.familias.map((f) => [f.numero, f.ninos.map(([, i]) => i)])),
    semilla: v.semilla,
    fuenteValorPublico: v.fuenteValorPublico,
    valorPublico: v.valorPublico,
    resultados: asignarRed(red),
  });
  return { azar: rng.log, acta };
}

export function renderVector(v: VectorAsignacion): string {
  const { azar, acta } = ejecutar(v);
  return [
    `### ${v.titulo}`,
    '',
    '```text',
    `semilla: ${acta.semilla}`,
    `compromiso: ${acta.compromiso}`,
    `fuenteValorPublico: ${JSON.stringify(acta.fuenteValorPublico)}`,
    `valorPublico: ${acta.valorPublico}`,
    `maxPreferencias: ${acta.maxPreferencias}`,
    'escuelas:',
    ...acta.escuelas.map((e) => JSON.stringify(e)),
    'postulaciones:',
    ...acta.postulaciones.map(({ azar: _, ...p }) => JSON.stringify(p)),
    `listaHash: ${acta.listaHash}`,
    `azar: ${azar.join(' ')}`,
    `numeros: ${acta.postulaciones.map((p) => `${p.numero}→${p.azar}`).join(' ')}`,
    'resultados:',
    ...acta.resultados.map((r) => JSON.stringify(r)),
    '```',
  ].join('\n');
}

export function renderCorrimiento(c: VectorCorrimiento): string {
  const { acta } = ejecutar(VECTORES[c.de]!);
  const v = VECTORES[c.de]!;
  const red = redDesde(
    v.escuelas,
    solicitudes(v),
    new Map(acta.postulaciones.map((p) => [p.numero, p.azar])),
    v.maxPreferencias,
  );
  const estado = calcularCorrimiento(
    { red, resultados: acta.resultados, publicadoEn: c.publicadoEn, plazoDias: c.plazoDias },
    c.eventos,
    c.ahora,
  );
  return [
    `### ${c.titulo}`,
    '',
    '```text',
    `publicadoEn: ${c.publicadoEn}`,
    `plazoDias: ${c.plazoDias}`,
    'eventos:',
    ...c.eventos.map((e) => JSON.stringify(e)),
    `ahora: ${c.ahora}`,
    'historial:',
    ...estado.historial.map((h) => JSON.stringify(h)),
    'ignorados:',
    ...estado.ignorados.map((i) => JSON.stringify(i)),
    'postulaciones:',
    ...estado.postulaciones.map((p) => JSON.stringify(p)),
    'porVencer:',
    ...estado.porVencer.map((p) => JSON.stringify(p)),
    '```',
  ].join('\n');
}

if (import.meta.main) {
  console.log([...VECTORES.map(renderVector), ...CORRIMIENTOS.map(renderCorrimiento)].join('\n\n'));
}

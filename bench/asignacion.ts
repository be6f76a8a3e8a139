/**
 * The network assignment (docs/decisions/0028, packages/shared/src/asignacion), in-process: a seeded network the
 * size of the product issue's goal (50,000 children, 5 ranked schools each, 100 schools; a few popular
 * schools, 4 % sibling groups, places for about as many as apply), then
 * - the network raffle: one HMAC-SHA256 Fisher–Yates shuffle of every application (the verifier's plain
 *   TypeScript source, as in the browser);
 * - the assignment (`asignarRed`: validation, groups, deferred acceptance, waitlists and result objects):
 *   median, min and max of `runs` runs after a warm-up, wall clock and CPU time;
 * - the replay of the public acta as the CLI and the browser do it (JSON.parse + `verificarAsignacion`: zod,
 *   list hash, the draw again, the engine again, every result compared);
 * - the roll-up (`calcularCorrimiento`) over a season of answers: every application with a place answers once
 *   (60 % acepta, 25 % acepta-y-espera, 15 % rechaza), in random order.
 * Budgets (exit 1 otherwise), on the median CPU time since the wall clock follows the machine's other load:
 * assignment < 2 s, acta replay < 5 s.
 *
 *   npm run bench:asignacion -- [ninos=50000] [runs=9]
 */
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { armarActaAsignacion } from '../packages/shared/src/asignacion/acta-schema.ts';
import { azarDelSorteo } from '../packages/shared/src/asignacion/azar.ts';
import { calcularCorrimiento, MotorCorrimiento } from '../packages/shared/src/asignacion/corrimiento.ts';
import { type TEventoAsignacion } from '../packages/shared/src/asignacion/corrimiento-estado.ts';
import { asignarIndexada, asignarRed, indexarRed } from '../packages/shared/src/asignacion/deferred-acceptance.ts';
import { verificarAsignacion } from '../packages/shared/src/asignacion/verify-asignacion.ts';
import { redDesde, redGrande } from '../packages/shared/src/test/asignacion-random.ts';
import { random } from '../packages/shared/src/test/plazas-random.ts';
import { shuffle } from '../packages/shared/src/sorteo/plan.ts';

const ninos = Number(process.argv[2] ?? 50_000);
const runs = Number(process.argv[3] ?? 9);
const BUDGET_ASIGNAR_MS = 2000;
const BUDGET_VERIFICAR_MS = 5000;

const ms = (x: number) => `${x.toFixed(0)} ms`;
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

/** Wall-clock and CPU time of `runs` calls after one warm-up call. */
function measure<T>(label: string, times: number, fn: () => T): { result: T; wall: number[]; cpu: number[] } {
  let result = fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < times; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    result = fn();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const sorted = [...wall].sort((a, b) => a - b);
  console.log(
    `${label}: median ${ms(median(wall))} (min ${ms(sorted[0]!)}, max ${ms(sorted.at(-1)!)}; CPU median ` +
      `${ms(median(cpu))}) over ${times} runs`,
  );
  return { result, wall, cpu };
}

const { red: base, escuelas, solicitudes } = redGrande(42, { ninos });
const totalNinos = solicitudes.reduce((t, s) => t + s.sexos.length, 0);
const plazas = [...escuelas.values()].reduce((t, e) => t + e.plazas.nenas + e.plazas.varones, 0);
console.log(
  `Network: ${escuelas.size} schools (${plazas} places), ${solicitudes.length} applications (${totalNinos} children, ` +
    `${solicitudes.filter((s) => s.sexos.length > 1).length} sibling groups), up to ${base.maxPreferencias} choices; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
);

const semilla = '5f'.repeat(32);
const valorPublico = 'loteria:04,08,15,16,23,42';
const numeros = solicitudes.map((s) => s.numero);
const draw = measure('network raffle (HMAC shuffle of every application)', Math.min(runs, 3), () =>
  azarDelSorteo(numeros, semilla, valorPublico),
);
const red = redDesde([...escuelas.values()], solicitudes, draw.result, base.maxPreferencias);

const asignar = measure('assignment (asignarRed)', runs, () => asignarRed(red));
const resultados = asignar.result;
const ix = indexarRed(red);
measure('  of which groups + deferred acceptance on the indexed network (asignarIndexada)', runs, () =>
  asignarIndexada(ix),
);
const asignadas = resultados.filter((r) => r.escuela !== null).length;
const primeraDe = new Map(red.postulaciones.map((p) => [p.numero, p.preferencias[0]!.escuela]));
const primera = resultados.filter((r) => r.escuela !== null && primeraDe.get(r.numero) === r.escuela).length;
console.log(
  `  ${asignadas} applications with a school (${primera} at their first choice), ${resultados.length - asignadas} ` +
    `without; ${resultados.reduce((t, r) => t + r.espera.length, 0)} waitlist places`,
);

const acta = armarActaAsignacion({
  id: 'bench',
  anio: 2027,
  asignadoEn: new Date().toISOString(),
  maxPreferencias: red.maxPreferencias,
  escuelas: red.escuelas,
  postulaciones: red.postulaciones,
  iniciales: new Map(solicitudes.map((s) => [s.numero, s.sexos.map(() => 'A. B. C.')])),
  semilla,
  fuenteValorPublico: { tipo: 'loteria', sorteo: 'Sorteo del banco de pruebas', cantidad: 6, cifras: 2 },
  valorPublico,
  resultados,
});
const texto = JSON.stringify(acta);
console.log(
  `public acta: ${(texto.length / 1024 / 1024).toFixed(1)} MB of JSON, ` +
    `${(gzipSync(texto).length / 1024 / 1024).toFixed(1)} MB gzip`,
);
const verificar = measure('acta replay (JSON.parse + verificarAsignacion)', Math.min(runs, 5), () =>
  verificarAsignacion(JSON.parse(texto)),
);
if (!verificar.result.ok) throw new Error(`the acta does not verify: ${verificar.result.error}`);

// A season of answers: every application with a place answers once, in random order, a minute apart, for the
// place it holds at that moment (as the families' page would show it).
const publicacion = { red, resultados, publicadoEn: '2027-01-10T12:00:00.000Z', plazoDias: 7 };
const r = random(7);
const T0 = Date.parse(publicacion.publicadoEn);
const motor = new MotorCorrimiento(publicacion);
const eventos: TEventoAsignacion[] = shuffle(
  resultados.filter((x) => x.escuela !== null),
  r.source,
).map((x, i) => {
  const dado = r.int(100);
  const evento: TEventoAsignacion = {
    en: new Date(T0 + (i + 1) * 60_000).toISOString(),
    numero: x.numero,
    respuesta: dado < 60 ? 'acepta' : dado < 85 ? 'acepta-y-espera' : 'rechaza',
    escuela: motor.consultar(x.numero)!.escuela,
  };
  motor.aplicar(evento);
  return evento;
});
const corrimiento = measure(`roll-up (calcularCorrimiento, ${eventos.length} answers)`, Math.min(runs, 3), () =>
  calcularCorrimiento(publicacion, eventos),
);
const movidas = corrimiento.result.historial.filter((c) => c.causa === 'corrimiento').length;
console.log(`  ${movidas} moves up the waitlists; ${corrimiento.result.ignorados.length} answers not applied`);

// Budgets on CPU time: the wall clock moves with whatever else a shared machine runs (load average above).
const errors = [
  ...(median(asignar.cpu) > BUDGET_ASIGNAR_MS ? [`assignment CPU median over ${BUDGET_ASIGNAR_MS} ms`] : []),
  ...(median(verificar.cpu) > BUDGET_VERIFICAR_MS ? [`acta replay CPU median over ${BUDGET_VERIFICAR_MS} ms`] : []),
];
for (const error of errors) console.error(`bench/asignacion: ${error}`);
if (errors.length > 0) process.exit(1);

/**
 * The duplicate-detection rule (packages/shared/src/duplicados): precision and recall on the
 * fixture of known duplicates and look-alikes, then its time over `count` generated enrolments (default
 * 5,000; a quarter list a sibling) with 1 % planted duplicates: min, median and max of `runs` runs after a
 * warm-up, in wall-clock and in CPU time (the process's own, which a busy shared machine disturbs less; the
 * load average is printed beside it). Budget: 100 % precision and recall on the fixture, and the best run
 * under 100 ms of CPU time (exit 1 otherwise): the best run's CPU time, since the wall clock and the median
 * move with whatever else the machine runs.
 *
 *   npm run bench:duplicados -- [count=5000] [runs=20]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { findDuplicados, ninoKey } from '../packages/shared/src/duplicados/duplicados.ts';
import {
  DUPLICADOS_ESPERADOS,
  DUPLICADOS_FIXTURE,
  generateEnrolments,
} from '../packages/shared/src/test/duplicados-fixture.ts';

const count = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 20);
const BUDGET_MS = 100;

const expected = new Set(DUPLICADOS_ESPERADOS.map((p) => `${p.a}|${p.b}|${p.motivo}`));
const found = findDuplicados(DUPLICADOS_FIXTURE).map((p) => `${ninoKey(p.a)}|${ninoKey(p.b)}|${p.motivo}`);
const truePositives = found.filter((p) => expected.has(p)).length;
const precision = found.length === 0 ? 1 : truePositives / found.length;
const recall = truePositives / expected.size;
console.log(
  `Fixture: ${DUPLICADOS_FIXTURE.length} enrolments, ${expected.size} known duplicates; found ${found.length}, ` +
    `precision ${(precision * 100).toFixed(0)} %, recall ${(recall * 100).toFixed(0)} %`,
);

// Planted duplicates: 1 % of the children typed again in capitals, without CI (the name rule must find them).
const enrolments = generateEnrolments(count, 42);
const planted = enrolments.slice(0, Math.floor(count / 100)).map((f, i) => ({
  ...f,
  inscriptoId: `dup-${i}`,
  nombre1: f.nombre1?.toUpperCase(),
  ci: undefined,
  hermanosInscriben: undefined,
}));
const cycle = [...enrolments, ...planted];
findDuplicados(cycle);
const times: number[] = [];
const cpuTimes: number[] = [];
let pairs = 0;
for (let i = 0; i < runs; i++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  pairs = findDuplicados(cycle).length;
  times.push(performance.now() - start);
  const used = process.cpuUsage(cpu);
  cpuTimes.push((used.user + used.system) / 1000);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const median = (list: number[]) => list[Math.floor(list.length / 2)]!;
console.log(
  `${cycle.length} enrolments (${planted.length} planted duplicates): ${pairs} pairs; ` +
    `median ${median(times).toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms over ${runs} runs ` +
    `(CPU time: median ${median(cpuTimes).toFixed(1)} ms, min ${cpuTimes[0]!.toFixed(1)} ms; load average ${os
      .loadavg()[0]!
      .toFixed(1)})`,
);

const errors = [
  ...(precision < 1 || recall < 1 ? ['precision and recall on the fixture must be 100 %'] : []),
  ...(cpuTimes[0]! > BUDGET_MS
    ? [`best run ${cpuTimes[0]!.toFixed(1)} ms of CPU time over the ${BUDGET_MS} ms budget`]
    : []),
];
for (const error of errors) console.error(`bench/duplicados: ${error}`);
if (errors.length > 0) process.exit(1);

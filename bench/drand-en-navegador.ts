/*
 * Bundled by bench/sorteo-replay.ts (esbuild) into the Chromium page: the browser's check of a drand quicknet
 * signature, on a real published round, timed as the verifier runs it (the first call, key parsing included).
 */
import { verificarFirmaDrand } from '../packages/shared/src/sorteo/drand-verificar.ts';
import { QUICKNET_ROUNDS } from '../packages/shared/src/test/drand-rondas.ts';

Object.assign(globalThis, {
  verificarDrandBench: () => {
    const round = QUICKNET_ROUNDS[QUICKNET_ROUNDS.length - 1]!;
    const started = performance.now();
    const ok = verificarFirmaDrand(round.ronda, round.firma);
    return { ok, ronda: round.ronda, ms: performance.now() - started };
  },
});

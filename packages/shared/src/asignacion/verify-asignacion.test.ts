import { describe, expect, it } from 'vitest';
import { toHex } from '../sorteo/sha256.ts';
import { redAlAzar, redDesde } from '../test/asignacion-random.ts';
import { asignarReferencia } from '../test/asignacion-referencia.ts';
import { random, type Random } from '../test/plazas-random.ts';
import {
  armarActaAsignacion,
  hashListaAsignacion,
  postulacionDeActa,
  postulacionParaActa,
  type TActaAsignacion,
} from './acta-schema.ts';
import { azarDelSorteo } from './azar.ts';
import { asignarRed } from './deferred-acceptance.ts';
import { ASIGNACION_MSG } from './messages.ts';
import { verificarAsignacion } from './verify-asignacion.ts';

/** A random network drawn with the real HMAC source and published as its acta. */
function actaAlAzar(r: Random): TActaAsignacion {
  const { escuelas, solicitudes, red: base } = redAlAzar(r);
  const semilla = toHex(Uint8Array.from({ length: 32 }, () => r.int(256)));
  const dados = [r.int(6) + 1, r.int(6) + 1, r.int(6) + 1].sort((a, b) => a - b);
  const valorPublico = `dados:${dados.join(',')}`;
  const azar = azarDelSorteo(
    solicitudes.map((s) => s.numero),
    semilla,
    valorPublico,
  );
  const red = redDesde([...escuelas.values()], solicitudes, azar, base.maxPreferencias);
  return armarActaAsignacion({
    id: 'a1',
    anio: 2027,
    asignadoEn: '2026-12-01T15:00:00.000Z',
    maxPreferencias: red.maxPreferencias,
    escuelas: red.escuelas,
    postulaciones: red.postulaciones,
    iniciales: new Map(solicitudes.map((s) => [s.numero, s.sexos.map((_, i) => `N. ${s.numero}.${i}`)])),
    semilla,
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    valorPublico,
    resultados: asignarRed(red),
  });
}

const roundTrip = (acta: TActaAsignacion): unknown => JSON.parse(JSON.stringify(acta));

describe('verificarAsignacion', () => {
  it('replays 300 random actas after a JSON round trip, and an independent replay gives the same results', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const acta = actaAlAzar(random(600_000 + seed));
      const v = verificarAsignacion(roundTrip(acta), { compromiso: acta.compromiso, listaHash: acta.listaHash });
      expect(v, `seed ${seed}`).toEqual({
        ok: true,
        postulaciones: acta.postulaciones.length,
        ninos: acta.postulaciones.reduce((t, p) => t + p.miembros.length, 0),
        asignadas: acta.resultados.filter((x) => x.escuela !== null).length,
        sinEscuela: acta.resultados.filter((x) => x.escuela === null).length,
      });
      // The naive reference, fed only the acta's own data (read here by the doc's rules), agrees with the acta.
      const postulaciones = acta.postulaciones.map((p) => ({
        numero: p.numero,
        azar: p.azar,
        preferencias: p.preferencias.map((escuela, i) => ({
          escuela,
          prioridad:
            p.miembros.length > 1
              ? ('hermanos_juntos' as const)
              : p.hermanosPrimaria.includes(escuela)
                ? ('hermanos_primaria' as const)
                : ('comun' as const),
          listas: p.miembros.map((m) => m.listas[m.listas.length === 1 ? 0 : i]!),
        })),
      }));
      expect(asignarReferencia({ ...acta, postulaciones })).toEqual(acta.resultados);
    }
  });

  const acta = () => {
    for (let seed = 1; ; seed++) {
      const a = actaAlAzar(random(700_000 + seed));
      const conEscuela = a.resultados.filter((x) => x.escuela !== null).length;
      const conEspera = a.resultados.filter((x) => x.espera.length > 0).length;
      if (a.postulaciones.length >= 5 && conEscuela >= 2 && conEspera >= 2) return a;
    }
  };
  const check = (a: TActaAsignacion, anunciado = {}) => verificarAsignacion(roundTrip(a), anunciado);

  it('rejects a changed result, naming the application and both values', () => {
    const a = acta();
    const i = a.resultados.findIndex((x) => x.escuela !== null);
    const r = a.resultados[i]!;
    a.resultados[i] = { ...r, escuela: null };
    const v = check(a);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error).toBe(ASIGNACION_MSG.escuelaDistinta(r.numero, null, r.escuela));
  });

  it('rejects a changed waitlist place', () => {
    const a = acta();
    const i = a.resultados.findIndex((x) => x.espera.length > 0);
    const r = a.resultados[i]!;
    const espera = r.espera.map((e, j) => (j === 0 ? { ...e, posiciones: e.posiciones.map((p) => p + 1) } : e));
    a.resultados[i] = { ...r, espera };
    const v = check(a);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error).toMatch(new RegExp(`^N° ${r.numero}: el acta dice lista de espera `));
  });

  it('rejects random numbers the seed does not give, and lists every consequence', () => {
    const a = acta();
    const [p, q] = [a.postulaciones[0]!, a.postulaciones[1]!];
    [p.azar, q.azar] = [q.azar, p.azar];
    const v = check(a);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error).toBe(ASIGNACION_MSG.azarDistinto(p.numero, p.azar, q.azar));
      expect(v.diferencias[1]).toBe(ASIGNACION_MSG.azarDistinto(q.numero, q.azar, p.azar));
    }
  });

  it('rejects a seed that is not the committed one, applications that are not the hashed ones, announced values', () => {
    const a = acta();
    expect(check({ ...a, semilla: 'ab'.repeat(32) })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.semillaNoCorresponde,
    });
    const otra = structuredClone(a);
    otra.postulaciones[0]!.miembros[0]!.iniciales = 'X. Y.';
    expect(check(otra)).toMatchObject({ ok: false, error: ASIGNACION_MSG.listaHashNoCorresponde });
    expect(check(a, { compromiso: 'cd'.repeat(32) })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.compromisoNoAnunciado,
    });
    expect(check(a, { listaHash: 'cd'.repeat(32) })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.listaNoAnunciada,
    });
    expect(check(a, { compromiso: a.compromiso.toUpperCase(), listaHash: a.listaHash.toUpperCase() }).ok).toBe(true);
  });

  it('rejects applications that break the acta’s rules even with a recomputed hash', () => {
    const a = acta();
    const otra = structuredClone(a);
    otra.postulaciones[0]!.hermanosPrimaria = ['Z9'];
    otra.listaHash = hashListaAsignacion(otra);
    const v = check(otra);
    expect(v.ok).toBe(false);
    if (!v.ok)
      expect(v.error).toMatch(/^Las postulaciones del acta no son válidas: El N° \d+ (es un grupo|tiene hermanos)/);
    const tres = structuredClone(a);
    const p = tres.postulaciones.find((x) => x.preferencias.length !== 2)!;
    p.miembros[0]!.listas = ['nenas', 'varones'];
    tres.listaHash = hashListaAsignacion(tres);
    expect(check(tres)).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.redInvalida(ASIGNACION_MSG.listasDeIntegrante(p.numero, 1)),
    });
  });

  it('the acta’s form of an application is lossless (5,000 random networks, "Otro" across schools included)', () => {
    let varian = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      for (const p of redAlAzar(random(800_000 + seed)).red.postulaciones) {
        const publicada = postulacionParaActa(p, []);
        if (publicada.miembros.some((m) => m.listas.length > 1)) varian++;
        expect(postulacionDeActa(publicada)).toEqual({ postulacion: p });
      }
    }
    expect(varian).toBeGreaterThan(100);
  });

  it('rejects missing, extra and reordered results', () => {
    const a = acta();
    const last = a.resultados.at(-1)!;
    expect(check({ ...a, resultados: a.resultados.slice(0, -1) })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.resultadoFaltante(last.numero),
    });
    expect(check({ ...a, resultados: [...a.resultados, { ...last, numero: 9999 }] })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.resultadoDeMas(9999),
    });
    const [r0, r1] = a.resultados;
    expect(check({ ...a, resultados: [r1!, r0!, ...a.resultados.slice(2)] })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.resultadoFueraDeOrden(1, r1!.numero, r0!.numero),
    });
  });

  it('rejects a public value that is not the canonical form of its declared source (decision 0027)', () => {
    const a = acta();
    const caras = a.valorPublico.slice('dados:'.length).split(',');
    expect(check({ ...a, valorPublico: caras.join(' ') })).toMatchObject({
      ok: false,
      error: ASIGNACION_MSG.valorDistintoDelCanonico(a.valorPublico),
    });
    const v = check({ ...a, valorPublico: 'dados:1,2' });
    expect(v.ok).toBe(false);
    if (!v.ok)
      expect(v.error).toMatch(/^El valor público del acta no sirve para su fuente declarada: El valor tiene 2/);
    expect(check({ ...a, fuenteValorPublico: { tipo: 'dados', cantidad: 4 } }).ok).toBe(false);
  });

  it('rejects a file that is not an acta, saying where', () => {
    expect(verificarAsignacion(null)).toMatchObject({ ok: false });
    const a = roundTrip(acta()) as { escuelas: { plazas: { nenas: unknown } }[] };
    a.escuelas[0]!.plazas.nenas = -1;
    const v = verificarAsignacion(a);
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.error).toMatch(/^El archivo no es un acta de asignación válida: escuelas\.0\.plazas\.nenas: /);
  });
});

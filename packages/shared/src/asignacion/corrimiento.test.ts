import { describe, expect, it } from 'vitest';
import { LISTAS, type TLista } from '../sorteo/schemas.ts';
import { tienePrioridad } from '../test/asignacion-checks.ts';
import { eventoAlAzar, redAlAzar, redDesde } from '../test/asignacion-random.ts';
import { random } from '../test/plazas-random.ts';
import { calcularCorrimiento, MotorCorrimiento } from './corrimiento.ts';
import { type TEstadoAsignacion, type TEventoAsignacion, type TPublicacionAsignacion } from './corrimiento-estado.ts';
import { asignarRed } from './deferred-acceptance.ts';
import { ASIGNACION_MSG } from './messages.ts';
import type { TSolicitud } from './postulaciones.ts';
import type { TEscuelaRed, TRed } from './schemas.ts';

const T0 = '2027-01-10T12:00:00.000Z';
const at = (hours: number) => new Date(Date.parse(T0) + hours * 3_600_000).toISOString();
const publicar = (red: TRed): TPublicacionAsignacion => ({
  red,
  resultados: asignarRed(red),
  publicadoEn: T0,
  plazoDias: 7,
});
const escuela = (codigo: string, nenas: number, varones: number): TEscuelaRed => ({
  codigo,
  plazas: { nenas, varones },
});
const familia = (numero: number, sexos: TSolicitud['sexos'], preferencias: string[]): TSolicitud => ({
  numero,
  sexos,
  preferencias,
  hermanosPrimariaEn: [],
});
const red = (escuelas: TEscuelaRed[], solicitudes: TSolicitud[]) =>
  redDesde(escuelas, solicitudes, new Map(solicitudes.map((s, i) => [s.numero, i + 1])), 5);
const plazas = (e: TEstadoAsignacion) => Object.fromEntries(e.postulaciones.map((p) => [p.numero, p.escuela]));
const ev = (
  hours: number,
  numero: number,
  respuesta: TEventoAsignacion['respuesta'],
  escuela: string | null,
  miembro?: number,
) => ({
  en: at(hours),
  numero,
  respuesta,
  escuela,
  ...(miembro === undefined ? {} : { miembro }),
});

/** A: 1 → 1; B: 2 (waits A); C: 3 (waits B); 4 none (waits C). One nena place each. */
const cadena = () =>
  publicar(
    red(
      [escuela('A', 1, 0), escuela('B', 1, 0), escuela('C', 1, 0)],
      [
        familia(1, ['F'], ['A']),
        familia(2, ['F'], ['A', 'B']),
        familia(3, ['F'], ['B', 'C']),
        familia(4, ['F'], ['C']),
      ],
    ),
  );

describe('calcularCorrimiento: cases by hand', () => {
  it('with no answers the state is the published assignment, everyone with a place pendiente for plazoDias', () => {
    const e = calcularCorrimiento(cadena(), [], at(1));
    expect(plazas(e)).toEqual({ 1: 'A', 2: 'B', 3: 'C', 4: null });
    expect(e.postulaciones.map((p) => [p.estado, p.vence])).toEqual([
      ['pendiente', '2027-01-17T12:00:00.000Z'],
      ['pendiente', '2027-01-17T12:00:00.000Z'],
      ['pendiente', '2027-01-17T12:00:00.000Z'],
      ['espera', null],
    ]);
    expect(e.postulaciones.map((p) => p.espera)).toEqual([
      [],
      [{ escuela: 'A', posiciones: [1] }],
      [{ escuela: 'B', posiciones: [1] }],
      [{ escuela: 'C', posiciones: [1] }],
    ]);
    expect(e.historial).toEqual([]);
  });

  it('a declined place rolls down the chain: each move releases the previous place, which rolls on', () => {
    const e = calcularCorrimiento(cadena(), [ev(1, 1, 'rechaza', 'A')]);
    expect(plazas(e)).toEqual({ 1: null, 2: 'A', 3: 'B', 4: 'C' });
    expect(e.historial.map((c) => `${c.numero} ${c.de}→${c.a} ${c.estado} ${c.causa}`)).toEqual([
      '1 A→null rechaza respuesta',
      '2 B→A pendiente corrimiento',
      '3 C→B pendiente corrimiento',
      '4 null→C pendiente corrimiento',
    ]);
    // A move is a new offer: a new deadline from the moment of the move.
    expect(e.postulaciones[1]!.vence).toBe(new Date(Date.parse(at(1)) + 7 * 86_400_000).toISOString());
    expect(e.escuelas.map((x) => x.listas.nenas.libres)).toEqual([0, 0, 0]);
  });

  it('acepta leaves every waitlist: the freed place stays free when nobody else waits for it', () => {
    const e = calcularCorrimiento(cadena(), [ev(1, 2, 'acepta', 'B'), ev(2, 1, 'rechaza', 'A')]);
    expect(plazas(e)).toEqual({ 1: null, 2: 'B', 3: 'C', 4: null });
    expect(e.escuelas[0]!.listas.nenas).toEqual({ plazas: 1, ocupadas: 0, libres: 1 });
    expect(e.postulaciones[2]!.espera).toEqual([{ escuela: 'B', posiciones: [1] }]);
  });

  it('acepta-y-espera keeps the place and moves up by itself, still accepted and still waiting above', () => {
    const e = calcularCorrimiento(cadena(), [ev(1, 3, 'acepta-y-espera', 'C'), ev(2, 1, 'rechaza', 'A')]);
    expect(plazas(e)).toEqual({ 1: null, 2: 'A', 3: 'B', 4: 'C' });
    expect(e.postulaciones[2]).toMatchObject({ estado: 'acepta-y-espera', vence: null, espera: [] });
    expect(e.postulaciones[3]).toMatchObject({ estado: 'pendiente', espera: [] });
  });

  it('vence: refused before the deadline, applied from it on; porVencer lists what the scheduler must expire', () => {
    const pub = cadena();
    const antes = calcularCorrimiento(pub, [ev(24, 1, 'vence', 'A')], at(24 * 7));
    expect(antes.ignorados).toEqual([
      { evento: 0, motivo: ASIGNACION_MSG.venceDespues(1, '2027-01-17T12:00:00.000Z') },
    ]);
    expect(antes.porVencer.map((p) => p.numero)).toEqual([1, 2, 3]);
    const despues = calcularCorrimiento(pub, [ev(24 * 7, 1, 'vence', 'A')]);
    expect(plazas(despues)).toEqual({ 1: null, 2: 'A', 3: 'B', 4: 'C' });
    expect(despues.postulaciones[0]!.estado).toBe('vence');
    const respondida = calcularCorrimiento(pub, [ev(1, 1, 'acepta', 'A'), ev(24 * 8, 1, 'vence', 'A')]);
    expect(respondida.ignorados[0]!.motivo).toBe(ASIGNACION_MSG.noPendiente(1));
  });

  it('consultar: one application’s place and answer now, as the server checks an answer before recording it', () => {
    const motor = new MotorCorrimiento(cadena());
    motor.aplicar(ev(1, 1, 'rechaza', 'A'));
    motor.aplicar(ev(2, 3, 'acepta-y-espera', 'B'));
    expect(motor.consultar(2)).toEqual({ escuela: 'A', estado: 'pendiente', vence: '2027-01-17T13:00:00.000Z' });
    expect(motor.consultar(3)).toEqual({ escuela: 'B', estado: 'acepta-y-espera', vence: null });
    expect(motor.consultar(1)).toEqual({ escuela: null, estado: 'rechaza', vence: null });
    expect(motor.consultar(99)).toBeNull();
  });

  it('an answer for a place the family no longer holds is not applied: it answers again', () => {
    const e = calcularCorrimiento(cadena(), [ev(1, 1, 'rechaza', 'A'), ev(2, 2, 'rechaza', 'B')]);
    expect(plazas(e)).toEqual({ 1: null, 2: 'A', 3: 'B', 4: 'C' });
    expect(e.ignorados).toEqual([{ evento: 1, motivo: ASIGNACION_MSG.otraEscuela(2, 'B', 'A') }]);
  });

  it('a child of a group declining alone frees only its place; the others keep theirs', () => {
    const pub = publicar(red([escuela('A', 2, 0)], [familia(10, ['F', 'F'], ['A']), familia(1, ['F'], ['A'])]));
    expect(plazas(calcularCorrimiento(pub, []))).toEqual({ 1: null, 10: 'A' });
    const e = calcularCorrimiento(pub, [ev(1, 10, 'rechaza', 'A', 1), ev(2, 10, 'acepta', 'A')]);
    expect(plazas(e)).toEqual({ 1: 'A', 10: 'A' });
    expect(e.postulaciones.find((p) => p.numero === 10)).toMatchObject({
      estado: 'acepta',
      integrantes: [true, false],
    });
    expect(e.escuelas[0]!.listas.nenas).toEqual({ plazas: 2, ocupadas: 2, libres: 0 });
  });

  it('a waiting group needing fewer places after one child declines takes a place that then frees', () => {
    const pub = publicar(
      red([escuela('A', 1, 1)], [familia(1, ['F'], ['A']), familia(10, ['F', 'F'], ['A']), familia(2, ['M'], ['A'])]),
    );
    expect(plazas(calcularCorrimiento(pub, []))).toEqual({ 1: 'A', 2: 'A', 10: null });
    const e = calcularCorrimiento(pub, [ev(1, 10, 'rechaza', null, 0), ev(2, 1, 'rechaza', 'A')]);
    // The group comes before any lone child on the waitlist, even with a worse number.
    expect(plazas(e)).toEqual({ 1: null, 2: 'A', 10: 'A' });
    expect(e.postulaciones.find((p) => p.numero === 10)).toMatchObject({
      estado: 'pendiente',
      integrantes: [false, true],
    });
  });

  it('refuses what the rules do not allow, with the reason', () => {
    const e = calcularCorrimiento(cadena(), [
      ev(5, 4, 'acepta', null),
      ev(4, 1, 'acepta', 'A'),
      ev(6, 77, 'acepta', 'A'),
      ev(7, 2, 'acepta', 'B'),
      ev(8, 2, 'acepta-y-espera', 'B'),
      ev(9, 2, 'acepta', 'B'),
      ev(10, 3, 'acepta', 'C', 0),
      ev(11, 3, 'rechaza', 'C'),
      ev(12, 3, 'acepta', 'C'),
    ]);
    expect(e.ignorados).toEqual([
      { evento: 0, motivo: ASIGNACION_MSG.sinPlaza(4) },
      { evento: 1, motivo: ASIGNACION_MSG.eventoAnterior },
      { evento: 2, motivo: ASIGNACION_MSG.numeroDesconocido(77) },
      { evento: 4, motivo: ASIGNACION_MSG.yaAcepto(2) },
      { evento: 6, motivo: ASIGNACION_MSG.soloRechazaAparte },
      { evento: 8, motivo: ASIGNACION_MSG.yaFuera(3) },
    ]);
    expect(plazas(e)).toEqual({ 1: 'A', 2: 'B', 3: null, 4: 'C' });
  });

  it('refuses a published assignment that does not fit the network', () => {
    const pub = cadena();
    const con = (resultados: TPublicacionAsignacion['resultados']) => () =>
      new MotorCorrimiento({ ...pub, resultados });
    expect(con(pub.resultados.slice(1))).toThrow(ASIGNACION_MSG.resultadoFaltante(1));
    expect(con(pub.resultados.map((r) => (r.numero === 4 ? { ...r, escuela: 'A' } : r)))).toThrow(
      ASIGNACION_MSG.escuelaNoElegida(4, 'A'),
    );
    expect(con(pub.resultados.map((r) => (r.numero === 2 ? { ...r, escuela: 'A' } : r)))).toThrow(
      ASIGNACION_MSG.escuelaExcedida('A'),
    );
  });
});

/** Every invariant of docs/decisions/0028 "Después de la asignación", recounted from the state. */
function invariantes(
  pub: TPublicacionAsignacion,
  e: TEstadoAsignacion,
  antes: TEstadoAsignacion | null,
): string | null {
  const porNumero = new Map(pub.red.postulaciones.map((p) => [p.numero, p]));
  const ocupadas = new Map<string, number>();
  const necesita = (numero: number, escuela: string, integrantes: boolean[]) => {
    const listas = porNumero.get(numero)!.preferencias.find((x) => x.escuela === escuela)!.listas;
    const n: Record<TLista, number> = { nenas: 0, varones: 0 };
    listas.forEach((l, m) => {
      if (integrantes[m]) n[l] += 1;
    });
    return n;
  };
  for (const p of e.postulaciones) {
    const codigos = porNumero.get(p.numero)!.preferencias.map((x) => x.escuela);
    if (p.escuela !== null) {
      if (!codigos.includes(p.escuela)) return `N° ${p.numero} holds ${p.escuela}, not ranked`;
      const n = necesita(p.numero, p.escuela, p.integrantes);
      for (const l of LISTAS) ocupadas.set(`${p.escuela}|${l}`, (ocupadas.get(`${p.escuela}|${l}`) ?? 0) + n[l]);
    }
    if ((p.estado === 'rechaza' || p.estado === 'vence') && (p.escuela !== null || p.espera.length > 0)) {
      return `N° ${p.numero} is out but holds or waits`;
    }
    const esperando = p.estado === 'pendiente' || p.estado === 'acepta-y-espera' || p.estado === 'espera';
    const arriba = p.escuela === null ? codigos : codigos.slice(0, codigos.indexOf(p.escuela));
    const publicadas = pub.resultados.find((r) => r.numero === p.numero)!.espera.map((x) => x.escuela);
    const esperadas = esperando ? arriba.filter((c) => publicadas.includes(c)) : [];
    if (p.espera.map((x) => x.escuela).join() !== esperadas.join()) return `N° ${p.numero} waits at the wrong schools`;
    if (p.estado === 'espera' && p.escuela !== null) return `N° ${p.numero} espera with a place`;
    // Nobody moves down: a place only changes for a better one, or by the family's own answer.
    const previa = antes?.postulaciones.find((x) => x.numero === p.numero);
    if (
      previa &&
      previa.escuela !== null &&
      p.escuela !== null &&
      codigos.indexOf(p.escuela) > codigos.indexOf(previa.escuela)
    ) {
      return `N° ${p.numero} moved down`;
    }
  }
  for (const x of e.escuelas) {
    for (const l of LISTAS) {
      const lista = x.listas[l];
      if ((ocupadas.get(`${x.codigo}|${l}`) ?? 0) !== lista.ocupadas) return `${x.codigo} ${l}: places held miscounted`;
      if (lista.ocupadas > lista.plazas || lista.libres !== lista.plazas - lista.ocupadas)
        return `${x.codigo} over its ${l}`;
    }
  }
  // Nothing left to roll: nobody waiting at a school fits in its free places.
  const libres = new Map(e.escuelas.map((x) => [x.codigo, x.listas]));
  for (const p of e.postulaciones) {
    for (const w of p.espera) {
      const n = necesita(p.numero, w.escuela, p.integrantes);
      if (LISTAS.every((l) => n[l] <= libres.get(w.escuela)![l].libres))
        return `N° ${p.numero} fits at ${w.escuela} but waits`;
    }
  }
  // The published priorities keep holding among lone children: nobody waiting at a school is ahead of a lone
  // child of its list holding a place there.
  for (const p of e.postulaciones) {
    const yo = porNumero.get(p.numero)!;
    if (yo.preferencias[0]!.listas.length > 1) continue;
    for (const w of p.espera) {
      const miLista = yo.preferencias.find((x) => x.escuela === w.escuela)!.listas[0];
      for (const q of e.postulaciones) {
        const otro = porNumero.get(q.numero)!;
        if (q.escuela !== w.escuela || otro.preferencias[0]!.listas.length > 1) continue;
        if (otro.preferencias.find((x) => x.escuela === w.escuela)!.listas[0] !== miLista) continue;
        if (tienePrioridad(yo, otro, w.escuela))
          return `N° ${p.numero} waits at ${w.escuela} ahead of N° ${q.numero}, who holds it`;
      }
    }
  }
  return null;
}

describe('calcularCorrimiento: properties over random networks and answer logs', () => {
  it('after every answer: places respected, one place at most, nobody moved down, nothing left to roll (2,000 logs)', () => {
    let aplicados = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      const r = random(500_000 + seed);
      const { red } = redAlAzar(r, { postulaciones: 15 });
      const pub = publicar(red);
      const motor = new MotorCorrimiento(pub);
      let antes = motor.estado();
      expect(invariantes(pub, antes, null), `seed ${seed}, published`).toBeNull();
      expect(antes.historial).toEqual([]);
      const eventos: TEventoAsignacion[] = [];
      let t = Date.parse(T0);
      for (let i = 0; i < 25; i++) {
        const evento = eventoAlAzar(r, antes, t);
        t = Date.parse(evento.en);
        eventos.push(evento);
        motor.aplicar(evento);
        const ahora = motor.estado();
        expect(invariantes(pub, ahora, antes), `seed ${seed}, event ${i}`).toBeNull();
        antes = ahora;
      }
      aplicados += eventos.length - antes.ignorados.length;
      // Deterministic: the whole log at once gives the same state, twice.
      expect(calcularCorrimiento(pub, eventos)).toEqual(antes);
      expect(calcularCorrimiento(pub, eventos)).toEqual(calcularCorrimiento(pub, eventos));
    }
    expect(aplicados).toBeGreaterThan(20_000);
  });
});

import { describe, expect, it } from 'vitest';
import doc from '../../../../docs/decisions/0028-asignacion-en-red.md?raw';
import { CORRIMIENTOS, VECTORES, ejecutar, renderCorrimiento, renderVector } from '../test/asignacion-vectores.ts';
import { ACTA_ASIGNACION_FORMATO, ZPostulacionActa } from './acta-schema.ts';
import { FUNCION_AZAR } from './azar.ts';
import { ZFuenteValorPublico } from '../sorteo/fuente-valor-publico.ts';
import { ZEscuelaRed, ZResultadoAsignacion } from './schemas.ts';
import { verificarAsignacion } from './verify-asignacion.ts';

/** The test vectors of docs/decisions/0028, read from the doc itself. */
function parseVectors(markdown: string) {
  const section = markdown.split('\n## Vectores de prueba\n')[1];
  if (!section) throw new Error('0028 has no "Vectores de prueba" section');
  const blocks = [...section.split(/\n## /)[0]!.matchAll(/### (.+)\n\n```text\n([\s\S]*?)\n```/g)];
  return blocks
    .filter(([, , body]) => body!.startsWith('semilla: '))
    .map(([, titulo, body]) => {
      const lines = body!.split('\n');
      const value = (key: string) => lines.find((l) => l.startsWith(`${key}: `))!.slice(key.length + 2);
      const between = (from: string, to: string | null) =>
        lines.slice(lines.indexOf(from) + 1, to === null ? undefined : lines.findIndex((l) => l.startsWith(to)));
      const azar = new Map(
        value('numeros')
          .split(' ')
          .map((x) => x.split('→').map(Number) as [number, number]),
      );
      return {
        titulo: titulo!,
        semilla: value('semilla'),
        compromiso: value('compromiso'),
        fuenteValorPublico: ZFuenteValorPublico.parse(JSON.parse(value('fuenteValorPublico'))),
        valorPublico: value('valorPublico'),
        maxPreferencias: Number(value('maxPreferencias')),
        listaHash: value('listaHash'),
        escuelas: between('escuelas:', 'postulaciones:').map((l) => ZEscuelaRed.parse(JSON.parse(l))),
        postulaciones: between('postulaciones:', 'listaHash: ').map((l) => {
          const p = JSON.parse(l) as { numero: number };
          return ZPostulacionActa.parse({ ...p, azar: azar.get(p.numero) });
        }),
        resultados: between('resultados:', null).map((l) => ZResultadoAsignacion.parse(JSON.parse(l))),
      };
    });
}

describe('the test vectors of decision 0028', () => {
  it('the doc shows exactly what the vector generator prints (regenerate it after a deliberate change)', () => {
    for (const v of VECTORES) expect(doc).toContain(renderVector(v));
    for (const c of CORRIMIENTOS) expect(doc).toContain(renderCorrimiento(c));
  });

  it('the vectors cover groups that fit, do not fit and fit after a smaller one, "Otro" across lists, siblings in primary', () => {
    const actas = VECTORES.map((v) => ejecutar(v).acta);
    const postulaciones = actas.flatMap((a) => a.postulaciones);
    expect(postulaciones.some((p) => p.hermanosPrimaria.length > 0)).toBe(true);
    expect(postulaciones.some((p) => p.miembros.some((m) => m.listas.length > 1))).toBe(true);
    const grupos = actas.flatMap((a) =>
      a.resultados.filter((r) => a.postulaciones.find((p) => p.numero === r.numero)!.miembros.length > 1),
    );
    expect(grupos.some((r) => r.escuela === null)).toBe(true);
    expect(grupos.some((r) => r.escuela !== null)).toBe(true);
  });

  it.each(parseVectors(doc).map((v) => [v.titulo, v] as const))('%s: replays from the doc’s lines alone', (_, v) => {
    const acta = {
      formato: ACTA_ASIGNACION_FORMATO,
      id: 'vector',
      anio: 2027,
      asignadoEn: '2026-12-01T12:00:00.000Z',
      maxPreferencias: v.maxPreferencias,
      escuelas: v.escuelas,
      listaHash: v.listaHash,
      compromiso: v.compromiso,
      semilla: v.semilla,
      fuenteValorPublico: v.fuenteValorPublico,
      valorPublico: v.valorPublico,
      funcion: FUNCION_AZAR,
      postulaciones: v.postulaciones,
      resultados: v.resultados,
    };
    expect(verificarAsignacion(acta, { compromiso: v.compromiso, listaHash: v.listaHash })).toMatchObject({ ok: true });
  });
});

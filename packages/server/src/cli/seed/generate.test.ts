import { describe, expect, it } from 'vitest';
import { ZInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { ciCheckDigitWarning, ciError } from '@inscripciones/shared/inscriptos/ci.ts';
import { searchKey } from '@inscripciones/shared/text.ts';
import { SEED_WINDOW_DAYS, generateFamilies, generateInscriptos } from './generate.ts';
import { mulberry32 } from '@inscripciones/shared/seeded-random.ts';

const today = new Date('2026-10-01T12:00:00Z');
const usernames = ['admin', 'ana', 'beto', 'carla'];
const COUNT = 3000;
const families = [...generateFamilies({ count: COUNT, today, usernames })];
const records = families.flat();

describe('generateInscriptos', () => {
  it('makes exactly the records asked for', () => {
    expect(records).toHaveLength(COUNT);
    expect([...generateInscriptos({ count: 7, today })]).toHaveLength(7);
  });

  it('gives data valid under ZInscriptoData, already normalised, and within the rules of today', () => {
    for (const r of records) {
      const parsed = ZInscriptoData.safeParse(r.datos);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data).toEqual(r.datos);
      expect(ruleErrors(r.datos, today)).toEqual([]);
    }
  });

  it('finalises about 60 %, complete; the pending ones miss something', () => {
    const finalised = records.filter((r) => r.estado === 'finalizado');
    expect(finalised.length / COUNT).toBeGreaterThan(0.55);
    expect(finalised.length / COUNT).toBeLessThan(0.65);
    for (const r of records) {
      const missing = missingForCompleteness({ ...r.datos, funcionario: r.funcionario });
      if (r.estado === 'finalizado') expect(missing).toEqual([]);
      else expect(missing.length).toBeGreaterThan(0);
    }
  });

  it('gives every child a unique, valid CI with the right check digit', () => {
    const cis = records.map((r) => r.datos.ci!);
    expect(new Set(cis).size).toBe(COUNT);
    for (const ci of cis) {
      expect(ci).toMatch(/^\d{8}$/);
      expect(ciError(ci)).toBeNull();
      expect(ciCheckDigitWarning(ci)).toBeNull();
    }
  });

  it('never gives a CI that is already taken', () => {
    const taken = new Set(records.slice(0, 100).map((r) => r.datos.ci!));
    const again = [...generateInscriptos({ count: 500, today, usernames, isCiTaken: (ci) => taken.has(ci) })];
    expect(again.filter((r) => taken.has(r.datos.ci!))).toEqual([]);
  });

  it('puts about 10 % in sibling groups of 2–3 that share surnames and list each other', () => {
    const groups = families.filter((f) => f.length > 1);
    const share = groups.reduce((n, g) => n + g.length, 0) / COUNT;
    expect(share).toBeGreaterThan(0.06);
    expect(share).toBeLessThan(0.14);
    for (const group of groups) {
      expect(group.length).toBeLessThanOrEqual(3);
      expect(new Set(group.map((r) => `${r.datos.apellido1} ${r.datos.apellido2}`)).size).toBe(1);
      expect(new Set(group.map((r) => r.estado)).size).toBe(1);
      for (const r of group) {
        const others = group.filter((o) => o !== r).map((o) => o.datos.ci);
        expect(r.datos.cantidadHermanosInscriben).toBe(group.length - 1);
        expect(r.datos.hermanosInscriben?.map((h) => h.ci).sort()).toEqual(others.sort());
      }
    }
    for (const single of families.filter((f) => f.length === 1))
      expect(single[0]!.datos.hermanosInscriben).toBeUndefined();
  });

  it('uses Spanish names with accents', () => {
    const names = records.map((r) => `${r.datos.nombre1} ${r.datos.apellido1} ${r.datos.apellido2 ?? ''}`);
    const accented = names.filter((n) => searchKey(n) !== n.toLowerCase().replace(/\s+/g, ' ').trim());
    expect(accented.length / COUNT).toBeGreaterThan(0.3);
    expect(names.some((n) => n.includes('Martínez'))).toBe(true);
    expect(names.some((n) => n.includes('Núñez'))).toBe(true);
  });

  it('spreads creators over the usernames and creation over the last days, oldest first', () => {
    for (const u of usernames) {
      const share = records.filter((r) => r.createdBy === u).length / COUNT;
      expect(share).toBeGreaterThan(0.18);
      expect(share).toBeLessThan(0.32);
    }
    expect(records.every((r) => usernames.includes(r.funcionario))).toBe(true);
    // Only the administrator (the first username) assigns records to someone else.
    expect(records.filter((r) => r.funcionario !== r.createdBy).every((r) => r.createdBy === 'admin')).toBe(true);
    const times = records.map((r) => Date.parse(r.createdAt));
    const earliest = today.getTime() - SEED_WINDOW_DAYS * 86_400_000;
    expect(Math.min(...times)).toBeGreaterThanOrEqual(earliest);
    expect(Math.min(...times)).toBeLessThan(earliest + 86_400_000);
    expect(Math.max(...times)).toBeLessThan(today.getTime());
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
    for (const r of records) expect(r.updatedAt >= r.createdAt && r.updatedAt < today.toISOString()).toBe(true);
  });

  it('defaults to the administrator "admin"', () => {
    const rs = [...generateInscriptos({ count: 50, today })];
    expect(new Set(rs.flatMap((r) => [r.createdBy, r.funcionario]))).toEqual(new Set(['admin']));
  });

  it('gives the same output for the same seed and another for another seed', () => {
    const a = [...generateInscriptos({ count: 300, today, usernames, seed: 42 })];
    const b = [...generateInscriptos({ count: 300, today, usernames, seed: 42 })];
    const c = [...generateInscriptos({ count: 300, today, usernames, seed: 43 })];
    expect(b).toEqual(a);
    expect(c.map((r) => r.datos.ci)).not.toEqual(a.map((r) => r.datos.ci));
  });
});

describe('mulberry32', () => {
  it('is deterministic and in [0, 1)', () => {
    const a = mulberry32(1);
    const b = mulberry32(1);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBe(1000);
  });
});

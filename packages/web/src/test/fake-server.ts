import { ApiError } from '../lib/api-client.ts';
import type { OutboxRecord, OutboxTransport } from '../features/inscripto-form/outbox/outbox-types.ts';

/**
 * Tests only. A fake of our enrolment API for the outbox: idempotent create by id, PUT only at the current
 * version (409 STALE_VERSION otherwise), and an audit of every write. The network can be cut, and an
 * answer can be lost after the server applied the write.
 */

export interface Stored extends OutboxRecord {
  updatedBy: string;
  data: Record<string, unknown>;
}

export type Fault = 'offline' | 'lose-answer' | ApiError;

export class FakeServer {
  readonly records = new Map<string, Stored>();
  /** Every write the server applied: [action, id, version after]. */
  readonly audit: [string, string, number][] = [];
  /** Every request that arrived (applied or not). */
  readonly requests: string[] = [];
  offline = false;
  private faults: Fault[] = [];

  failNext(...faults: Fault[]) {
    this.faults.push(...faults);
  }

  private fault(): Fault | undefined {
    if (this.offline) return 'offline';
    return this.faults.shift();
  }

  /** Someone else saves the record (another user, another computer). */
  editAsOther(id: string, data: Record<string, unknown>) {
    const r = this.records.get(id)!;
    const next = { ...r, version: r.version + 1, updatedBy: 'otra', data: { ...r.data, ...data } };
    this.records.set(id, next);
    this.audit.push(['editar', id, next.version]);
  }

  transport(username: string): OutboxTransport<Stored> {
    const network = () => new ApiError(0, 'Error de conexión', 'NETWORK');
    const run = <T>(label: string, apply: () => T): Promise<T> => {
      const fault = this.fault();
      if (fault === 'offline') return Promise.reject(network());
      this.requests.push(label);
      if (fault instanceof ApiError) return Promise.reject(fault);
      const result = apply();
      if (fault === 'lose-answer') return Promise.reject(network());
      return Promise.resolve(structuredClone(result));
    };
    return {
      create: (id, payload) =>
        run(`POST ${id}`, () => {
          const existing = this.records.get(id);
          if (existing) return existing;
          const created: Stored = { id, version: 1, updatedBy: username, data: { ...payload } };
          this.records.set(id, created);
          this.audit.push(['crear', id, 1]);
          return created;
        }),
      update: (id, version, payload) =>
        run(`PUT ${id} v${version}`, () => {
          const r = this.records.get(id);
          if (!r) throw new ApiError(404, 'La inscripción no existe', 'NOT_FOUND');
          if (r.version !== version) {
            throw new ApiError(409, `La inscripción fue modificada por ${r.updatedBy}`, 'STALE_VERSION');
          }
          const next: Stored = { id, version: version + 1, updatedBy: username, data: { ...payload } };
          this.records.set(id, next);
          this.audit.push(['editar', id, next.version]);
          return next;
        }),
      read: (id) =>
        run(`GET ${id}`, () => {
          const r = this.records.get(id);
          if (!r) throw new ApiError(404, 'La inscripción no existe', 'NOT_FOUND');
          return r;
        }),
      sameData: (record, payload) => JSON.stringify(record.data) === JSON.stringify(payload),
    };
  }
}

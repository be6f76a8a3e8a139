import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { FakeServer, type Stored } from '../../../test/fake-server.ts';
import { Outbox, RETRY_MAX_MS, retryDelay } from './outbox.ts';
import { type OutboxTransport } from './outbox-types.ts';
import { MemoryOutboxStorage, type OutboxStorage } from './outbox-storage.ts';

/**
 * The outbox against a fake server that behaves like ours (fake-server.ts): idempotent create by id, PUT only
 * at the current version, a network that can be cut and answers that can be lost after the write was applied.
 */

/** Timers the test fires by hand. */
function manualTimers() {
  const timers = new Set<{ fn: () => void; ms: number }>();
  return {
    delays: [] as number[],
    schedule(fn: () => void, ms: number) {
      const timer = { fn, ms };
      timers.add(timer);
      this.delays.push(ms);
      return () => {
        timers.delete(timer);
      };
    },
    get pending() {
      return timers.size;
    },
    fire() {
      const due = [...timers];
      timers.clear();
      for (const t of due) t.fn();
    },
  };
}

const ANA = { id: 'u-ana', username: 'ana' };
const BETO = { id: 'u-beto', username: 'beto' };

function setup(options: { storage?: OutboxStorage; server?: FakeServer; owner?: typeof ANA | null } = {}) {
  const server = options.server ?? new FakeServer();
  const storage = options.storage ?? new MemoryOutboxStorage();
  const timers = manualTimers();
  let key = 0;
  let clock = Date.parse('2025-06-18T12:00:00Z');
  const outbox = new Outbox<Stored>({
    storage,
    transport: server.transport('ana'),
    newKey: () => `k${++key}`,
    now: () => new Date(clock++),
    schedule: (fn, ms) => timers.schedule(fn, ms),
    random: () => 0,
  });
  const sent: [string, number][] = [];
  outbox.onSent(({ record, version }) => sent.push([record.id, version]));
  if (options.owner !== null) outbox.setOwner(options.owner ?? ANA);
  return { server, storage, timers, outbox, sent };
}

const section1 = { nombre1: 'Valentina', apellido1: 'Núñez' };
const section2 = { ...section1, domicilio: 'Av. Italia 1234' };
const section3 = { ...section2, observaciones: 'Llegan en ómnibus' };

describe('outbox: order and version chaining', () => {
  it('two sections saved offline reach the server once each, in order, the second on the first one’s version', async () => {
    const { server, outbox, timers, storage, sent } = setup();
    server.offline = true;
    await outbox.enqueue({ owner: ANA, recordId: 'r1', kind: 'create', version: null, payload: section1, section: 1 });
    await outbox.whenIdle();
    // Recorded as a chained update whatever the form asked: it must wait for the create.
    const second = await outbox.enqueue({
      owner: ANA,
      recordId: 'r1',
      kind: 'create',
      version: null,
      payload: section2,
      section: 2,
    });
    expect(second).toMatchObject({ kind: 'update', baseVersion: null });
    await outbox.whenIdle();
    expect(server.requests).toEqual([]);
    expect(outbox.getSnapshot().items).toHaveLength(2);
    expect(outbox.getSnapshot().lastError).toBe('Error de conexión');

    server.offline = false;
    timers.fire();
    await outbox.whenIdle();

    expect(server.requests).toEqual(['POST r1', 'PUT r1 v1']);
    expect(server.audit).toEqual([
      ['crear', 'r1', 1],
      ['editar', 'r1', 2],
    ]);
    expect(server.records.get('r1')!.data).toEqual(section2);
    expect(sent).toEqual([
      ['r1', 1],
      ['r1', 2],
    ]);
    expect(await storage.list()).toEqual([]);
    expect(outbox.getSnapshot()).toMatchObject({ items: [], sending: false, lastError: null });
  });

  it('an update of a record already on the server carries the version it was based on', async () => {
    const { server, outbox } = setup();
    server.records.set('r2', { id: 'r2', version: 4, updatedBy: 'ana', data: section1 });
    server.offline = true;
    await outbox.enqueue({ owner: ANA, recordId: 'r2', kind: 'update', version: 4, payload: section2, section: 2 });
    await outbox.enqueue({ owner: ANA, recordId: 'r2', kind: 'update', version: 4, payload: section3, section: 3 });
    expect(outbox.getSnapshot().items.map((i) => i.baseVersion)).toEqual([4, null]);
    server.offline = false;
    outbox.retryNow();
    await outbox.whenIdle();
    expect(server.requests).toEqual(['PUT r2 v4', 'PUT r2 v5']);
    expect(server.records.get('r2')).toMatchObject({ version: 6, data: section3 });
  });

  it('a save queued while the previous one is on its way is chained to it', async () => {
    const server = new FakeServer();
    const base = server.transport('ana');
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: OutboxTransport<Stored> = {
      ...base,
      create: async (id, p) => {
        await gate;
        return base.create(id, p);
      },
    };
    const outbox = new Outbox<Stored>({
      storage: new MemoryOutboxStorage(),
      transport: slow,
      newKey: () => crypto.randomUUID(),
    });
    outbox.setOwner(ANA);
    await outbox.enqueue({ owner: ANA, recordId: 'r3', kind: 'create', version: null, payload: section1, section: 1 });
    await outbox.enqueue({ owner: ANA, recordId: 'r3', kind: 'update', version: 7, payload: section2, section: 2 });
    expect(outbox.getSnapshot().items.map((i) => [i.kind, i.baseVersion])).toEqual([
      ['create', null],
      ['update', null],
    ]);
    release();
    await outbox.whenIdle();
    expect(server.requests).toEqual(['POST r3', 'PUT r3 v1']);
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('sends the items of different records in the order they were saved', async () => {
    const { server, outbox } = setup();
    server.offline = true;
    await outbox.enqueue({ owner: ANA, recordId: 'a', kind: 'create', version: null, payload: section1, section: 1 });
    await outbox.enqueue({ owner: ANA, recordId: 'b', kind: 'create', version: null, payload: section1, section: 1 });
    await outbox.enqueue({ owner: ANA, recordId: 'a', kind: 'update', version: 1, payload: section2, section: 2 });
    server.offline = false;
    outbox.retryNow();
    await outbox.whenIdle();
    expect(server.requests).toEqual(['POST a', 'POST b', 'PUT a v1']);
  });

  it('survives a reload: a new outbox on the same storage resumes in order', async () => {
    const storage = new MemoryOutboxStorage();
    const server = new FakeServer();
    const first = setup({ storage, server });
    server.offline = true;
    await first.outbox.enqueue({
      owner: ANA,
      recordId: 'r4',
      kind: 'create',
      version: null,
      payload: section1,
      section: 1,
    });
    await first.outbox.enqueue({
      owner: ANA,
      recordId: 'r4',
      kind: 'update',
      version: null,
      payload: section2,
      section: 2,
    });
    await first.outbox.whenIdle();
    first.timers.fire(); // still offline: the page is "reloaded" before anything is sent
    await first.outbox.whenIdle();

    server.offline = false;
    const second = setup({ storage, server, owner: null });
    await second.outbox.refresh();
    expect(second.outbox.getSnapshot()).toMatchObject({ ready: true });
    expect(second.outbox.getSnapshot().items).toHaveLength(2);
    second.outbox.setOwner(ANA); // the logged-in user at start
    await second.outbox.whenIdle();
    expect(server.audit).toEqual([
      ['crear', 'r4', 1],
      ['editar', 'r4', 2],
    ]);
    expect(await storage.list()).toEqual([]);
  });
});

describe('outbox: retries never duplicate', () => {
  it('a create whose answer was lost is retried with the same id and makes one record', async () => {
    const { server, outbox, timers } = setup();
    server.offline = true;
    await outbox.enqueue({ owner: ANA, recordId: 'r5', kind: 'create', version: null, payload: section1, section: 1 });
    await outbox.enqueue({ owner: ANA, recordId: 'r5', kind: 'update', version: null, payload: section2, section: 2 });
    await outbox.whenIdle();
    server.offline = false;
    server.failNext('lose-answer');
    timers.fire();
    await outbox.whenIdle();
    expect(server.records.size).toBe(1);
    expect(outbox.getSnapshot().items).toHaveLength(2);

    timers.fire();
    await outbox.whenIdle();
    expect(server.requests).toEqual(['POST r5', 'POST r5', 'PUT r5 v1']);
    expect(server.audit).toEqual([
      ['crear', 'r5', 1],
      ['editar', 'r5', 2],
    ]);
  });

  it('an update applied whose answer was lost is recognised on the 409 and not applied twice', async () => {
    const { server, outbox, timers, sent } = setup();
    server.records.set('r6', { id: 'r6', version: 1, updatedBy: 'ana', data: section1 });
    server.failNext('lose-answer');
    await outbox.enqueue({ owner: ANA, recordId: 'r6', kind: 'update', version: 1, payload: section2, section: 2 });
    await outbox.enqueue({ owner: ANA, recordId: 'r6', kind: 'update', version: 1, payload: section3, section: 3 });
    await outbox.whenIdle();
    timers.fire();
    await outbox.whenIdle();
    expect(server.requests).toEqual(['PUT r6 v1', 'PUT r6 v1', 'GET r6', 'PUT r6 v2']);
    expect(server.audit).toEqual([
      ['editar', 'r6', 2],
      ['editar', 'r6', 3],
    ]);
    expect(sent).toEqual([
      ['r6', 2],
      ['r6', 3],
    ]);
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('backs off 1 s, 2 s, 4 s... up to 30 s while the server cannot be reached, and starts over on success', async () => {
    const { server, outbox, timers } = setup();
    server.offline = true;
    await outbox.enqueue({ owner: ANA, recordId: 'r7', kind: 'create', version: null, payload: section1, section: 1 });
    for (let i = 0; i < 7; i++) {
      await outbox.whenIdle();
      timers.fire();
    }
    await outbox.whenIdle();
    expect(timers.delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(outbox.getSnapshot().retryAt).not.toBeNull();
    server.offline = false;
    timers.fire();
    await outbox.whenIdle();
    expect(server.audit).toEqual([['crear', 'r7', 1]]);
    expect(timers.pending).toBe(0);
  });

  it('retryDelay: exponential with up to 20 % less, capped', () => {
    expect(retryDelay(1, 0)).toBe(1000);
    expect(retryDelay(3, 1)).toBe(3200);
    expect(retryDelay(50, 0)).toBe(RETRY_MAX_MS);
  });
});

describe('outbox: conflicts and refusals', () => {
  it('a 409 from someone else’s change is kept as a conflict, with the chain after it, and never retried', async () => {
    const { server, outbox, timers } = setup();
    server.records.set('r8', { id: 'r8', version: 1, updatedBy: 'ana', data: section1 });
    server.offline = true;
    await outbox.enqueue({ owner: ANA, recordId: 'r8', kind: 'update', version: 1, payload: section2, section: 2 });
    await outbox.enqueue({ owner: ANA, recordId: 'r8', kind: 'update', version: 1, payload: section3, section: 3 });
    await outbox.enqueue({
      owner: ANA,
      recordId: 'otro',
      kind: 'create',
      version: null,
      payload: section1,
      section: 1,
    });
    await outbox.whenIdle();
    server.editAsOther('r8', { domicilio: 'Otra dirección' });
    server.offline = false;
    timers.fire();
    await outbox.whenIdle();

    // Nothing of ours was written over the other person's version; the other record went on.
    expect(server.records.get('r8')).toMatchObject({ version: 2, updatedBy: 'otra' });
    expect(server.audit.filter(([, id]) => id === 'r8')).toEqual([['editar', 'r8', 2]]);
    expect(server.records.has('otro')).toBe(true);
    const items = outbox.getSnapshot().items;
    expect(items.map((i) => [i.section, i.status])).toEqual([
      [2, 'conflict'],
      [3, 'conflict'],
    ]);
    expect(items[0]!.message).toBe('La inscripción fue modificada por otra');
    expect(items[1]!.payload).toEqual(section3); // what was typed is kept

    const before = server.requests.length;
    outbox.retryNow();
    await outbox.whenIdle();
    expect(server.requests.length).toBe(before);
    expect(timers.pending).toBe(0);

    // A later save of that record (after reloading it) is independent of the conflict.
    await outbox.enqueue({ owner: ANA, recordId: 'r8', kind: 'update', version: 2, payload: section3, section: 3 });
    await outbox.whenIdle();
    expect(server.records.get('r8')).toMatchObject({ version: 3, updatedBy: 'ana' });

    await outbox.discard(ANA.id, 'r8');
    expect(outbox.getSnapshot().items).toEqual([]);
  });

  it('a refused save (400) is kept as rejected; "Reintentar" sends it again', async () => {
    const { server, outbox } = setup();
    server.failNext(new ApiError(400, 'La fecha de nacimiento debe estar entre...', 'VALIDATION'));
    await outbox.enqueue({ owner: ANA, recordId: 'r9', kind: 'create', version: null, payload: section1, section: 1 });
    await outbox.enqueue({ owner: ANA, recordId: 'r9', kind: 'update', version: null, payload: section2, section: 2 });
    await outbox.whenIdle();
    expect(outbox.getSnapshot().items.map((i) => [i.status, i.message])).toEqual([
      ['rejected', 'La fecha de nacimiento debe estar entre...'],
      ['rejected', 'No se envió porque un cambio anterior de la misma inscripción no pudo enviarse.'],
    ]);
    await outbox.retryRejected(ANA.id, 'r9');
    await outbox.whenIdle();
    expect(server.audit).toEqual([
      ['crear', 'r9', 1],
      ['editar', 'r9', 2],
    ]);
  });
});

describe('outbox: whose items', () => {
  it('sends only the session user’s items; without a session or after a 401 it waits', async () => {
    const { server, outbox } = setup({ owner: null });
    await outbox.enqueue({
      owner: BETO,
      recordId: 'de-beto',
      kind: 'create',
      version: null,
      payload: section1,
      section: 1,
    });
    await outbox.enqueue({
      owner: ANA,
      recordId: 'de-ana',
      kind: 'create',
      version: null,
      payload: section1,
      section: 1,
    });
    await outbox.whenIdle();
    expect(server.requests).toEqual([]);

    server.failNext(new ApiError(401, 'Sesión expirada', 'UNAUTHENTICATED'));
    outbox.setOwner(ANA);
    await outbox.whenIdle();
    expect(server.records.size).toBe(0);
    outbox.setOwner(null);
    outbox.setOwner(ANA); // logged in again
    await outbox.whenIdle();
    expect([...server.records.keys()]).toEqual(['de-ana']);
    expect(outbox.getSnapshot().items.map((i) => i.recordId)).toEqual(['de-beto']);
  });
});

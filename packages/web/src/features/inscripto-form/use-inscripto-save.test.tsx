// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ApiError } from '../../lib/api-client.ts';
import { FakeServer, type Stored } from '../../test/fake-server.ts';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';
import { Outbox } from './outbox/outbox.ts';
import { MemoryOutboxStorage } from './outbox/outbox-storage.ts';
import { useInscriptoSave, type SaveApi, type SaveOutcome } from './use-inscripto-save.ts';

/**
 * The form's save hook against the fake server of the outbox tests (fake-server.ts: idempotent create by
 * id, PUT only at the current version, a network that can be cut), with a real outbox in memory.
 */

afterEach(cleanup);

const ANA = { id: 'u-ana', username: 'ana' };

/** The fake server's record as the API's enrolment (the hook reads id, version, estado, número). */
const asInscripto = (s: Stored) =>
  ({ ...s.data, id: s.id, version: s.version, estado: 'pendiente', numeroInscripcion: null }) as unknown as TInscripto;

function setup() {
  const server = new FakeServer();
  const wire = server.transport('ana');
  const api: SaveApi = {
    create: async (id, body) => asInscripto(await wire.create(id, body)),
    save: async (id, version, body, finalizar) => {
      if (finalizar) throw new Error('the fake server does not finalise');
      return asInscripto(await wire.update(id, version, body));
    },
    read: async (id) => asInscripto(await wire.read(id)),
  };
  const retries: (() => void)[] = [];
  let key = 0;
  const outbox = new Outbox<TInscripto>({
    storage: new MemoryOutboxStorage(),
    transport: {
      create: api.create,
      update: (id, version, payload) => api.save(id, version, payload, false),
      read: (id) => api.read(id),
      sameData: (record, payload) =>
        Object.entries(payload).every(
          ([k, v]) => JSON.stringify((record as Record<string, unknown>)[k]) === JSON.stringify(v),
        ),
    },
    newKey: () => `k${++key}`,
    // Retries run when the test says so.
    schedule: (fn) => {
      retries.push(fn);
      return () => undefined;
    },
    random: () => 0,
  });
  outbox.setOwner(ANA);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const render = async (record: TInscripto | null) => {
    await outbox.refresh();
    return renderHook(() => useInscriptoSave({ record, owner: ANA, outbox, api }), { wrapper });
  };
  /** A record already on the server at version 1. */
  const existing = async () => api.create('rec-1', { nombre1: 'Valentina' });
  return { server, outbox, render, existing };
}

type Hook = { current: ReturnType<typeof useInscriptoSave> };

async function saveSection(result: Hook, body: Record<string, unknown>, section = 1 as const): Promise<SaveOutcome> {
  let outcome: SaveOutcome | undefined;
  await act(async () => {
    outcome = await result.current.saveSection(body, section);
  });
  return outcome!;
}

describe('useInscriptoSave against the fake server', () => {
  it('saves in order, each at the version the previous one produced', async () => {
    const { server, render, existing } = setup();
    const { result } = await render(await existing());
    expect((await saveSection(result, { nombre1: 'Valentina', apellido1: 'Núñez' })).kind).toBe('saved');
    expect(result.current.meta.version).toBe(2);
    expect((await saveSection(result, { nombre1: 'Valentina', apellido1: 'Núñez', sexo: 'F' })).kind).toBe('saved');
    expect(result.current.meta.version).toBe(3);
    expect(server.requests).toEqual(['POST rec-1', 'PUT rec-1 v1', 'PUT rec-1 v2']);
    expect(server.records.get('rec-1')?.data).toEqual({ nombre1: 'Valentina', apellido1: 'Núñez', sexo: 'F' });
  });

  it('a new enrolment is created with the browser id, and the page moves to it', async () => {
    const { server, render } = setup();
    const { result } = await render(null);
    expect(result.current.isNew).toBe(true);
    const outcome = await saveSection(result, { nombre1: 'Lola' });
    expect(outcome.kind).toBe('saved');
    const id = result.current.meta.id!;
    expect(outcome).toMatchObject({ moveTo: id });
    expect(server.requests).toEqual([`POST ${id}`]);
  });

  it('a 409 STALE_VERSION is a conflict: nothing queued, nothing retried, nothing saved over', async () => {
    const { server, outbox, render, existing } = setup();
    const { result } = await render(await existing());
    server.editAsOther('rec-1', { nombre1: 'Otra' });
    const outcome = await saveSection(result, { nombre1: 'Mía' });
    expect(outcome).toEqual({ kind: 'conflict', message: 'La inscripción fue modificada por otra' });
    await outbox.whenIdle();
    expect(outbox.getSnapshot().items).toEqual([]);
    expect(server.requests).toEqual(['POST rec-1', 'PUT rec-1 v1']);
    expect(server.records.get('rec-1')?.data.nombre1).toBe('Otra');
    expect(result.current.meta.version).toBe(1);
  });

  it('when the network fails the save goes to the outbox, which sends it once the server is back', async () => {
    const { server, outbox, render, existing } = setup();
    const { result } = await render(await existing());
    server.offline = true;
    const outcome = await saveSection(result, { nombre1: 'Valentina', apellido1: 'Núñez' });
    expect(outcome).toEqual({ kind: 'queued', message: OUTBOX_MSG.queued, moveTo: null });
    await waitFor(() => expect(result.current.waiting).toBe(1));
    expect(server.requests).toEqual(['POST rec-1']);

    server.offline = false;
    outbox.retryNow();
    await outbox.whenIdle();
    await waitFor(() => expect(result.current.waiting).toBe(0));
    expect(server.records.get('rec-1')?.data).toEqual({ nombre1: 'Valentina', apellido1: 'Núñez' });
    // The form follows the version the outbox's save produced: its next save is not a conflict.
    await waitFor(() => expect(result.current.meta.version).toBe(2));
    expect((await saveSection(result, { nombre1: 'Valentina', apellido1: 'Núñez', sexo: 'F' })).kind).toBe('saved');
    expect(server.audit.map(([action, , version]) => `${action} v${version}`)).toEqual([
      'crear v1',
      'editar v2',
      'editar v3',
    ]);
  });

  it('a save while earlier ones wait goes behind them, never around them', async () => {
    const { server, outbox, render, existing } = setup();
    const { result } = await render(await existing());
    server.offline = true;
    await saveSection(result, { nombre1: 'Primera' });
    await waitFor(() => expect(result.current.waiting).toBe(1));

    // The server is back, but this record still has a save waiting: the next one must not go first.
    server.offline = false;
    const behind = await saveSection(result, { nombre1: 'Segunda' });
    expect(behind).toEqual({ kind: 'queued', message: OUTBOX_MSG.queuedBehind, moveTo: null });

    // Queuing wakes the outbox, which sends both in order: the first at v1, the second at the v2 it produced.
    await outbox.whenIdle();
    expect(server.requests).toEqual(['POST rec-1', 'PUT rec-1 v1', 'PUT rec-1 v2']);
    expect(server.records.get('rec-1')?.data.nombre1).toBe('Segunda');
    await waitFor(() => expect(result.current.meta.version).toBe(3));
  });

  it('a new enrolment made offline is queued as a create with the browser id', async () => {
    const { server, outbox, render } = setup();
    server.offline = true;
    const { result } = await render(null);
    const outcome = await saveSection(result, { nombre1: 'Lola' });
    const [item] = outbox.getSnapshot().items;
    expect(item).toMatchObject({ kind: 'create', recordId: expect.any(String), section: 1 });
    expect(outcome).toEqual({ kind: 'queued', message: OUTBOX_MSG.queued, moveTo: item!.recordId });
  });

  it.each([
    ['an ended session (401) is queued until the same user logs in', new ApiError(401, 'Sesión vencida'), 'queued'],
    ['a refused datum (400) is for the user to fix', new ApiError(400, 'Fecha inválida', 'VALIDATION'), 'invalid'],
    ['a server error (500) is not queued: the backup PDF is offered', new ApiError(500, 'Error', 'INTERNAL'), 'failed'],
  ])('%s', async (_name, error, kind) => {
    const { server, outbox, render, existing } = setup();
    const { result } = await render(await existing());
    server.failNext(error);
    const outcome = await saveSection(result, { nombre1: 'Valentina' });
    expect(outcome.kind).toBe(kind);
    if (kind === 'queued') expect(outcome).toMatchObject({ message: OUTBOX_MSG.queuedSession });
    // Only a queued save reaches the server later (here at once: the same user is still the outbox's owner).
    await outbox.whenIdle();
    expect(server.audit).toHaveLength(kind === 'queued' ? 2 : 1);
    expect(server.records.get('rec-1')?.version).toBe(kind === 'queued' ? 2 : 1);
  });
});

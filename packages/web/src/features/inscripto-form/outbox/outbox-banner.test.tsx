// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { AuthProvider } from '../../../lib/auth-context.tsx';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { FakeServer } from '../../../test/fake-server.ts';
import { OutboxBanner } from './outbox-banner.tsx';
import { OUTBOX_MSG } from './outbox-messages.ts';
import { Outbox } from './outbox.ts';
import { MemoryOutboxStorage } from './outbox-storage.ts';

const ANA = { id: 'u-ana', username: 'ana' };
const BETO = { id: 'u-beto', username: 'beto' };
const datos = { nombre1: 'Valentina', apellido1: 'Núñez', domicilio: 'Av. Italia 1234', madre: true };

beforeEach(() => {
  // The session check of AuthProvider finds no server: the stored session stays.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('sin red')));
  saveSession('token', { ...ANA, role: 'voluntario', nombre: 'Ana Pérez', email: 'ana@escuela.edu.uy' });
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function setup() {
  const server = new FakeServer();
  const outbox = new Outbox({
    storage: new MemoryOutboxStorage(),
    // The banner only reads the outbox; the fake records are typed as enrolments for its props.
    transport: server.transport('ana') as never,
    newKey: () => crypto.randomUUID(),
    schedule: () => () => {},
  }) as unknown as Outbox<TInscripto>;
  outbox.setOwner(ANA);
  const downloadBackup = vi.fn(async (_data: Record<string, unknown>) => {});
  const view = () =>
    render(
      <MemoryRouter>
        <AuthProvider>
          <OutboxBanner outbox={outbox} downloadBackup={downloadBackup} />
        </AuthProvider>
      </MemoryRouter>,
    );
  return { server, outbox, downloadBackup, view };
}

describe('OutboxBanner', () => {
  it('counts the changes waiting to be sent down to nothing, then says they were sent', async () => {
    const { server, outbox, view } = setup();
    server.offline = true;
    await act(async () => {
      await outbox.enqueue({ owner: ANA, recordId: 'r1', kind: 'create', version: null, payload: datos, section: 1 });
      await outbox.enqueue({ owner: ANA, recordId: 'r1', kind: 'update', version: null, payload: datos, section: 2 });
      // Another user's change in this browser is neither shown nor counted.
      await outbox.enqueue({ owner: BETO, recordId: 'r2', kind: 'create', version: null, payload: datos, section: 1 });
      await outbox.whenIdle();
    });
    view();
    // A live region: the count is announced as it changes.
    expect(screen.getByText(OUTBOX_MSG.pending(2)).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByText(/Último intento: Error de conexión/)).toBeTruthy();

    server.offline = false;
    await userEvent.click(screen.getByRole('button', { name: OUTBOX_MSG.retryNow }));
    await act(() => outbox.whenIdle());
    await waitFor(() => expect(screen.queryByText(OUTBOX_MSG.pending(2))).toBeNull());
    expect(screen.queryByText(/esperan? ser enviados? al servidor/)).toBeNull();
    expect(screen.getByText(OUTBOX_MSG.allSent)).toBeTruthy();
    expect(server.audit.map(([a]) => a)).toEqual(['crear', 'editar']);
  });

  it('a conflict shows who changed the record, the typed data and the backup PDF; it can be discarded', async () => {
    const { server, outbox, downloadBackup, view } = setup();
    server.records.set('r8', { id: 'r8', version: 1, updatedBy: 'ana', data: { nombre1: 'Valentina' } });
    server.editAsOther('r8', { observaciones: 'Cambio de otra persona' });
    await act(async () => {
      await outbox.enqueue({ owner: ANA, recordId: 'r8', kind: 'update', version: 1, payload: datos, section: 2 });
      await outbox.whenIdle();
    });
    view();

    const title = screen.getByRole('heading', { name: `${OUTBOX_MSG.blockedTitle('Valentina Núñez')}` });
    expect(title).toBeTruthy();
    expect(screen.getByText(OUTBOX_MSG.conflictExplain)).toBeTruthy();
    expect(screen.getByText(OUTBOX_MSG.serverSaid('La inscripción fue modificada por otra'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: OUTBOX_MSG.retry })).toBeNull();
    expect(screen.getByRole('link', { name: OUTBOX_MSG.open }).getAttribute('href')).toBe('/inscriptos/r8');

    await userEvent.click(screen.getByRole('button', { name: OUTBOX_MSG.showData }));
    expect(screen.getByText('Domicilio:')).toBeTruthy();
    expect(screen.getByText('Av. Italia 1234')).toBeTruthy();
    expect(screen.getByText('Madre:').nextElementSibling?.textContent).toBe('Sí');

    await userEvent.click(screen.getByRole('button', { name: OUTBOX_MSG.backupPdf }));
    expect(downloadBackup).toHaveBeenCalledWith(datos);
    expect(await screen.findByText(OUTBOX_MSG.backupPdfDone)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: OUTBOX_MSG.discard }));
    await userEvent.click(screen.getByRole('button', { name: OUTBOX_MSG.discardConfirm }));
    await waitFor(() => expect(screen.queryByRole('heading')).toBeNull());
    expect(outbox.getSnapshot().items).toEqual([]);
    // Never written over the other person's version.
    expect(server.records.get('r8')).toMatchObject({ version: 2, updatedBy: 'otra' });
  });

  it('a refused create offers "Reintentar" and no link (the record is not on the server)', async () => {
    const { server, outbox, view } = setup();
    server.failNext(new ApiError(403, 'No tenés permiso', 'FORBIDDEN'));
    await act(async () => {
      await outbox.enqueue({ owner: ANA, recordId: 'r9', kind: 'create', version: null, payload: datos, section: 1 });
      await outbox.whenIdle();
    });
    view();
    expect(screen.getByText(OUTBOX_MSG.rejectedExplain)).toBeTruthy();
    expect(screen.getByText(OUTBOX_MSG.serverSaid('No tenés permiso'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: OUTBOX_MSG.open })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: OUTBOX_MSG.retry }));
    await waitFor(() => expect(server.records.has('r9')).toBe(true));
    await act(() => outbox.whenIdle());
    await waitFor(() => expect(screen.queryByText(OUTBOX_MSG.rejectedExplain)).toBeNull());
  });
});

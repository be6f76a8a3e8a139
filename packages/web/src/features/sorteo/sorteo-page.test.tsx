// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { AuthProvider } from '../../lib/auth-context.tsx';
import { clearSession, saveSession } from '../../lib/session.ts';
import {
  ACTIVO_ID,
  activeStatus,
  linea,
  nextFixture,
  participantsFixture,
  statusFixture,
  tableroFixture,
} from '../../test/sorteo-fixtures.ts';
import { SorteoPage } from './sorteo-page.tsx';

/** A stand-in for the browser's EventSource: the test opens, feeds and breaks the stream. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = FakeEventSource.CONNECTING;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  send(tablero: TSorteoTablero) {
    const event = new MessageEvent('tablero', { data: JSON.stringify(tablero) });
    this.dispatchEvent(event);
  }
  fail() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }
}

const ADMIN: TSessionUser = {
  id: 'u1',
  username: 'admin',
  role: 'administrador',
  nombre: 'Ada Admin',
  email: 'admin@escuela.edu.uy',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** fetch answering by "METHOD path"; every call is recorded. */
function mockApi(routes: Record<string, Handler>) {
  const calls: { key: string; init: RequestInit | undefined }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push({ key, init });
    const handler = routes[key];
    if (!handler) return json({ message: `sin respuesta para ${key}` }, 404);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, count: (key: string) => calls.filter((c) => c.key === key).length };
}

function renderPage(user: TSessionUser | null = null) {
  vi.stubGlobal('EventSource', FakeEventSource);
  if (user) saveSession('token-de-prueba', user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/sorteo']}>
          <SorteoPage />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  clearSession();
  FakeEventSource.instances = [];
  vi.unstubAllGlobals();
});

const ANA = linea({ numeroInscripcion: 3, nombreCompleto: 'Ana Pérez', index: 0 });
const LUIS = linea({ numeroInscripcion: 12, nombreCompleto: 'Luis Gómez', lista: 'varones', sexo: 'M', index: 1 });

describe('SorteoPage, public board', () => {
  it('shows the date, time and place before the raffle', async () => {
    mockApi({
      'GET /api/sorteo/status': () => json(statusFixture()),
      'GET /api/sorteo/participants': () => json(participantsFixture([], 0)),
      'GET /api/configuracion/publico': () =>
        json({
          escuelaNombre: 'Escuela',
          sorteoFecha: '2026-11-07',
          sorteoHora: '09:30',
          sorteoLugar: 'la Biblioteca',
          transmisionUrl: '',
          anioIngreso: 2027,
        }),
    });
    renderPage();
    const proximo = await screen.findByRole('region', { name: SORTEO_MSG.proximoSorteo });
    expect(within(proximo).getByText('7 de noviembre')).toBeTruthy();
    expect(within(proximo).getByText('09:30 horas')).toBeTruthy();
    expect(within(proximo).getByText('la Biblioteca')).toBeTruthy();
  });

  it('shows the child drawn last, large, in a polite live region, and the fairness data folded', async () => {
    const drawn = (lines: (typeof ANA)[]) => ({
      ...participantsFixture(lines, 5),
      participantes: lines.map((l) => ({
        index: l.index,
        resultado: l.resultado,
        participante: {
          numeroInscripcion: l.numeroInscripcion,
          nombreCompleto: l.nombreCompleto,
          sexo: l.sexo,
          esGrupo: false,
          grupo: [],
        },
      })),
    });
    mockApi({
      'GET /api/sorteo/status': () => json(activeStatus({ currentIndex: 1, valorPublico: 'dados 3 5 6' })),
      'GET /api/sorteo/participants': () => json(drawn([ANA])),
    });
    renderPage();
    const region = await screen.findByRole('region', { name: SORTEO_MSG.ultimoSorteado });
    const live = within(region).getByTestId('sorteo-ultimo');
    expect(live.getAttribute('aria-live')).toBe('polite');
    await waitFor(() => expect(live.textContent).toBe('003Ana PérezTitular · Nenas'));
    // Once the draws began the hashes are one line: the details element is closed.
    expect(screen.getByText(SORTEO_MSG.garantiaTitulo).closest('details')?.open).toBe(false);

    act(() => FakeEventSource.latest().open());
    act(() => FakeEventSource.latest().send(tableroFixture(activeStatus({ currentIndex: 2 }), drawn([ANA, LUIS]))));
    await waitFor(() => expect(live.textContent).toBe('012Luis GómezTitular · Varones'));
  });

  it('shows the board without controls and follows the live events without reloading', async () => {
    const api = mockApi({
      'GET /api/sorteo/status': () => json(activeStatus({ currentIndex: 1, valorPublico: 'dados 3 5 6' })),
      'GET /api/sorteo/participants': () => json(participantsFixture([ANA], 5)),
    });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Bienvenidos / Ingresos 2027' })).toBeTruthy();
    const nenas = await screen.findByRole('list', { name: /Titulares · Nenas/ });
    expect(
      within(nenas)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['003 Ana Pérez']);
    // The commitment and the public value are on the public board.
    expect(screen.getByText('Compromiso')).toBeTruthy();
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    expect(screen.getByText('dados 3 5 6')).toBeTruthy();
    // No control for the public.
    expect(screen.queryByRole('button', { name: SORTEO_MSG.confirmar })).toBeNull();
    expect(screen.queryByRole('button', { name: SORTEO_MSG.iniciar })).toBeNull();

    const stream = FakeEventSource.latest();
    expect(stream.url).toBe('/api/sorteo/eventos');
    act(() => stream.open());
    expect(screen.getByText('En vivo').getAttribute('role')).toBe('status');

    act(() => stream.send(tableroFixture(activeStatus({ currentIndex: 2 }), participantsFixture([ANA, LUIS], 5))));
    const varones = await screen.findByRole('list', { name: /Titulares · Varones/ });
    expect(within(varones).getByRole('listitem').textContent).toBe('012 Luis Gómez');
    expect(within(varones).getByRole('listitem').className).toContain('sorteo-linea--ultima');
    expect(document.querySelector('.sorteo-totales')?.textContent).toBe('Participantes: 5Titulares: 2Suplentes: 0');
    // Only the first load read the API; the rest came from the stream.
    expect(api.count('GET /api/sorteo/participants')).toBe(1);

    // A dropped connection shows it; the next event (the whole state, on reconnection) clears it.
    act(() => stream.fail());
    expect(screen.getByText('Reconectando...')).toBeTruthy();
    act(() => stream.send(tableroFixture(activeStatus({ currentIndex: 2 }), participantsFixture([ANA, LUIS], 5))));
    expect(screen.queryByText('Reconectando...')).toBeNull();
  });

  it('keeps the stage and statistics panels hidden from everyone', async () => {
    mockApi({
      'GET /api/sorteo/status': () => json(activeStatus()),
      'GET /api/sorteo/participants': () => json(participantsFixture([], 5)),
    });
    const { container } = renderPage();
    await screen.findByRole('heading', { level: 1, name: /Bienvenidos/ });
    const etapa = container.querySelector('[data-panel="etapa"]');
    const stats = container.querySelector('[data-panel="estadisticas"]');
    expect(etapa?.hasAttribute('hidden')).toBe(true);
    expect(stats?.hasAttribute('hidden')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Estadísticas' })).toBeNull();
  });
});

describe('SorteoPage, administrator', () => {
  it('shows the participant on screen and sends one confirmation for a double click', async () => {
    let index = 0;
    const api = mockApi({
      'GET /api/auth/me': () => json({ user: ADMIN }),
      'GET /api/sorteo/status': () => json(activeStatus({ currentIndex: 0 })),
      'GET /api/sorteo/participants': () => json(participantsFixture([], 5)),
      'POST /api/sorteo/next': () =>
        json(
          index === 0
            ? nextFixture()
            : nextFixture({
                index: 1,
                stage: 'comun',
                participante: {
                  numeroInscripcion: 9,
                  nombreCompleto: 'Sol Díaz',
                  sexo: 'F',
                  esGrupo: false,
                  grupo: [],
                },
                asignaciones: [
                  { nombreCompleto: 'Sol Díaz', sexo: 'F', lista: 'nenas', resultado: 'suplente', posicion: 1 },
                ],
              }),
        ),
      'POST /api/sorteo/confirm': async () => {
        await new Promise((r) => setTimeout(r, 30));
        index = 1;
        return json({ selectedCount: 3, suplentesCount: 0, currentIndex: 1, duplicado: false, completado: false });
      },
    });
    renderPage(ADMIN);

    const button = await screen.findByRole('button', { name: SORTEO_MSG.confirmar });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    // Current participant: padded number, names and the siblings, in a polite live region.
    const actual = screen.getByText('007').closest('[aria-live]');
    expect(actual?.getAttribute('aria-live')).toBe('polite');
    expect(within(actual as HTMLElement).getByText('Ana, Luis y Eva Pérez')).toBeTruthy();
    expect(within(actual as HTMLElement).getByRole('heading', { name: 'Hermanos' })).toBeTruthy();
    expect(within(actual as HTMLElement).getAllByRole('listitem')).toHaveLength(3);

    await userEvent.dblClick(button);
    expect(await screen.findByText('Sol Díaz')).toBeTruthy();
    expect(screen.getByText('009')).toBeTruthy();
    expect(api.count('POST /api/sorteo/confirm')).toBe(1);
    const body = JSON.parse(String(api.calls.find((c) => c.key === 'POST /api/sorteo/confirm')!.init!.body));
    expect(body).toEqual({ participante: { numeroInscripcion: 7 }, index: 0 });
  });

  it('shows the server’s message when a confirmation fails, or the SPEC 8 fallback', async () => {
    mockApi({
      'GET /api/auth/me': () => json({ user: ADMIN }),
      'GET /api/sorteo/status': () => json(activeStatus()),
      'GET /api/sorteo/participants': () => json(participantsFixture([], 5)),
      'POST /api/sorteo/next': () => json(nextFixture()),
      'POST /api/sorteo/confirm': () => json({}, 500),
    });
    renderPage(ADMIN);
    const button = await screen.findByRole('button', { name: SORTEO_MSG.confirmar });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain(SORTEO_MSG.errorConfirmar);
  });

  it('shows the pre-flight, asks to confirm a new raffle after an annulment, then retries with confirmarNuevo', async () => {
    const archived = statusFixture({ sorteosArchivados: 1, plazas: { nenas: 20, varones: 22 } });
    const bodies: unknown[] = [];
    mockApi({
      'GET /api/auth/me': () => json({ user: ADMIN }),
      'GET /api/sorteo/status': () => json(archived),
      'GET /api/sorteo/participants': () => json(participantsFixture()),
      'GET /api/sorteo/actas': () => json([]),
      'GET /api/sorteo/preflight': () =>
        json({
          estadisticas: { gruposHermanos: 0, hermanosPrimaria: 0, comunes: 5, total: 5 },
          unidades: 5,
          desfinalizados: [
            {
              inscriptoId: 'i9',
              numeroInscripcion: 9,
              nombreCompleto: 'Rita Gómez',
              modificadoPor: 'voluntaria1',
              modificadoEn: '2026-10-30T15:00:00.000Z',
            },
          ],
          pendientes: 2,
          hermanosSinInscripcion: [],
          duplicadosAbiertos: 0,
        }),
      'POST /api/sorteo/start': (init) => {
        const body = JSON.parse(String(init?.body)) as { confirmarNuevo?: boolean };
        bodies.push(body);
        if (!body.confirmarNuevo) {
          const message = SORTEO_MSG.confirmarNuevo('30/10/2026 15:00', 'Se cortó la luz');
          return json({ message, code: 'CONFIRMATION_REQUIRED', error: message }, 409);
        }
        return json({
          estadisticas: { gruposHermanos: 0, hermanosPrimaria: 0, comunes: 5, total: 5 },
          id: 'x',
          plazas: { nenas: 2, varones: 22 },
          compromiso: 'c'.repeat(64),
          participantesHash: 'd'.repeat(64),
          total: 5,
        });
      },
    });
    renderPage(ADMIN);

    const nenas = (await screen.findByLabelText('Plazas titulares para nenas')) as HTMLInputElement;
    expect(nenas.value).toBe('20');
    expect((screen.getByLabelText('Plazas titulares para varones') as HTMLInputElement).value).toBe('22');
    await userEvent.clear(nenas);
    await userEvent.type(nenas, '2');
    // The operator reviews who is left out before starting: a finalised record that is pendiente now.
    expect(await screen.findByText(/Rita Gómez — guardada por voluntaria1/)).toBeTruthy();
    const iniciar = screen.getByRole('button', { name: SORTEO_MSG.iniciar }) as HTMLButtonElement;
    expect(iniciar.disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('Revisé quiénes participan y quiénes no'));
    await userEvent.click(iniciar);

    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('fue anulado');
    expect(warning.textContent).toContain('Se cortó la luz');
    await userEvent.click(within(warning).getByRole('button', { name: 'Sí, iniciar un sorteo nuevo' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // Three dice unless the operator declares another source (docs/decisions/0027).
    const DADOS = { tipo: 'dados', cantidad: 3 };
    expect(bodies).toEqual([
      { plazasNenas: 2, plazasVarones: 22, fuenteValorPublico: DADOS },
      { plazasNenas: 2, plazasVarones: 22, fuenteValorPublico: DADOS, confirmarNuevo: true },
    ]);
  });

  it('shows the completed panel, asks before finalising, and keeps the results on the board', async () => {
    let ended = false;
    const cerrado = {
      id: ACTIVO_ID,
      estado: 'finalizado' as const,
      iniciadoEn: '2026-10-31T17:00:00.000Z',
      cerradoEn: '2026-10-31T18:00:00.000Z',
      compromiso: 'a'.repeat(64),
      listaPublicaHash: 'b'.repeat(64),
      motivoAnulacion: null,
      sorteosConfirmados: 4,
      totalSorteos: 4,
    };
    const api = mockApi({
      'GET /api/auth/me': () => json({ user: ADMIN }),
      'GET /api/sorteo/status': () =>
        json(
          ended
            ? statusFixture({ sorteosArchivados: 1, resultadosDe: ACTIVO_ID, sorteosDelCiclo: [cerrado] })
            : activeStatus({ currentIndex: 4, completado: true }),
        ),
      'GET /api/sorteo/participants': () => json(participantsFixture([ANA, LUIS], 5)),
      'GET /api/sorteo/participantes-publicos': () => json({ hash: 'b'.repeat(64), participantes: [] }),
      'GET /api/sorteo/actas': () => json([]),
      'POST /api/sorteo/end': () => {
        ended = true;
        return json({ message: SORTEO_MSG.finalizado, actaId: 'x' });
      },
    });
    renderPage(ADMIN);
    expect(await screen.findByRole('heading', { name: SORTEO_MSG.completadoTitulo })).toBeTruthy();
    expect(screen.getByText(SORTEO_MSG.completadoTexto)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: SORTEO_MSG.finalizar }));
    // One click only opens the confirmation, with the notary's and witnesses' names for the acta.
    const dialog = await screen.findByRole('dialog');
    expect(api.count('POST /api/sorteo/end')).toBe(0);
    await userEvent.type(within(dialog).getByLabelText('Escribano/a'), 'Esc. Ana Núñez');
    await userEvent.click(within(dialog).getByRole('button', { name: SORTEO_MSG.finalizar }));
    expect(await screen.findByText(SORTEO_MSG.finalizado)).toBeTruthy();
    // The results stay on the board, with the verify button; the cycle's raffle cannot start again.
    expect(
      await screen.findByText('El sorteo de este ciclo ya se realizó: sus resultados quedan publicados.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: SORTEO_MSG.iniciar })).toBeNull();
    expect(screen.getByRole('button', { name: 'Verificar este sorteo' })).toBeTruthy();
    // A clear end: "Sorteo finalizado", no "En vivo".
    expect(screen.getByRole('heading', { name: SORTEO_MSG.sorteoFinalizado })).toBeTruthy();
    expect(screen.queryByText(SORTEO_MSG.enVivo)).toBeNull();
    expect(screen.getAllByText('Ana Pérez').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Sorteos archivados' })).toBeTruthy();
    expect(api.count('POST /api/sorteo/end')).toBe(1);
    const body = JSON.parse(String(api.calls.find((c) => c.key === 'POST /api/sorteo/end')!.init!.body));
    expect(body).toEqual({ escribano: 'Esc. Ana Núñez' });
  });
});

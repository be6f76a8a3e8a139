import { createBrowserRouter, Navigate, type LazyRouteFunction, type RouteObject } from 'react-router';
import { ErrorPage } from './error-page.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { GuestOnly, RequireAuth, RequireRed } from './route-guards.tsx';

/** Feature pages load on demand, so /login downloads only what it needs. */
type Lazy = LazyRouteFunction<RouteObject>;

// TanStack Query's provider and client: every page but /login queries the API.
const queryShell: Lazy = async () => ({ Component: (await import('./query-shell.tsx')).QueryShell });
// The logged-in shell (sidebar, its queries and permissions) is not part of /login either.
const appLayout: Lazy = async () => ({ Component: (await import('./app-layout.tsx')).AppLayout });
const loginPage: Lazy = async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage });
const homePage: Lazy = async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage });
const usersPage: Lazy = async () => ({ Component: (await import('../features/users/users-page.tsx')).UsersPage });
const inscriptoFormPage: Lazy = async () => ({
  Component: (await import('../features/inscripto-form/inscripto-form-page.tsx')).InscriptoFormPage,
});
const sorteoPage: Lazy = async () => ({ Component: (await import('../features/sorteo/sorteo-page.tsx')).SorteoPage });
const inscriptosListPage: Lazy = async () => ({
  Component: (await import('../features/inscriptos/inscriptos-list-page.tsx')).InscriptosListPage,
});
const consultasPage: Lazy = async () => ({
  Component: (await import('../features/consultas/consultas-page.tsx')).ConsultasPage,
});
const configuracionPage: Lazy = async () => ({
  Component: (await import('../features/configuracion/configuracion-page.tsx')).ConfiguracionPage,
});
const ciclosPage: Lazy = async () => ({
  Component: (await import('../features/ciclos/ciclos-page.tsx')).CiclosPage,
});

const duplicadosPage: Lazy = async () => ({
  Component: (await import('../features/duplicados/duplicados-page.tsx')).DuplicadosPage,
});

const plazasPage: Lazy = async () => ({
  Component: (await import('../features/plazas/plazas-page.tsx')).PlazasPage,
});

const panelPage: Lazy = async () => ({
  Component: (await import('../features/panel/panel-page.tsx')).PanelPage,
});

const estadoPage: Lazy = async () => ({
  Component: (await import('../features/estado/estado-page.tsx')).EstadoPage,
});

const solicitudPage: Lazy = async () => ({
  Component: (await import('../features/solicitud/solicitud-page.tsx')).SolicitudPage,
});

const solicitudesPage: Lazy = async () => ({
  Component: (await import('../features/solicitudes-verificar/solicitudes-page.tsx')).SolicitudesPage,
});

const verificarPage: Lazy = async () => ({
  Component: (await import('../features/solicitudes-verificar/verificar-page.tsx')).VerificarPage,
});

const verificarAsignacionPage: Lazy = async () => ({
  Component: (await import('../features/asignacion/verificar-page.tsx')).VerificarAsignacionPage,
});

const bajaPage: Lazy = async () => ({
  Component: (await import('../features/avisos/baja-page.tsx')).BajaPage,
});

const accesosPage: Lazy = async () => ({
  Component: (await import('../features/accesos/accesos-page.tsx')).AccesosPage,
});

// A school's part of the network's assignment (docs/decisions/0039): its staff record the families' answers.
const asignacionEscuelaPage: Lazy = async () => ({
  Component: (await import('../features/asignacion-escuela/asignacion-escuela-page.tsx')).AsignacionEscuelaPage,
});

// The network's screens (docs/decisions/0036), one lazy folder.
const escuelasPage: Lazy = async () => ({
  Component: (await import('../features/red/escuelas-page.tsx')).EscuelasPage,
});
const redPanelPage: Lazy = async () => ({
  Component: (await import('../features/red/red-panel-page.tsx')).RedPanelPage,
});
const asignacionRedPage: Lazy = async () => ({
  Component: (await import('../features/red/asignacion-page.tsx')).AsignacionPage,
});
const redDuplicadosPage: Lazy = async () => ({
  Component: (await import('../features/red/red-duplicados-page.tsx')).RedDuplicadosPage,
});

/** SPEC 2 "Route table". */
const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { element: <GuestOnly />, children: [{ path: 'login', lazy: loginPage }] },
      // The families' online application (decision 0035): public, behind its own code; no TanStack Query, so
      // its first screen downloads little on a phone.
      { path: 'solicitud', lazy: solicitudPage },
      {
        lazy: queryShell,
        children: [
          { path: 'sorteo', lazy: sorteoPage },
          // The families' status page: public, like the raffle's board.
          { path: 'estado', lazy: estadoPage },
          // The opt-out link of the messages to the families (decision 0029): public too.
          { path: 'avisos/baja', lazy: bajaPage },
          // The replay of the network assignment's public acta (decision 0028): anyone, no login.
          { path: 'asignacion/verificar', lazy: verificarAsignacionPage },
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: appLayout,
                children: [
                  { index: true, lazy: homePage },
                  { path: 'inscriptos', lazy: inscriptosListPage },
                  { path: 'inscriptos/nuevo', lazy: inscriptoFormPage },
                  { path: 'inscriptos/:id', lazy: inscriptoFormPage },
                  { path: 'consultas', lazy: consultasPage },
                  // Administrators resolve, volunteers read (they correct the records); guests are sent home.
                  {
                    element: <RequireAuth role={['administrador', 'voluntario']} />,
                    children: [
                      { path: 'duplicados', lazy: duplicadosPage },
                      // The families' sent applications (decision 0038): staff verify them; never the guest.
                      { path: 'solicitudes', lazy: solicitudesPage },
                      { path: 'solicitudes/:id', lazy: verificarPage },
                    ],
                  },
                  { path: 'plazas', lazy: plazasPage },
                  { path: 'panel', lazy: panelPage },
                  { path: 'asignacion', lazy: asignacionEscuelaPage },
                  {
                    element: <RequireAuth role="administrador" />,
                    children: [
                      { path: 'admin/usuarios', lazy: usersPage },
                      { path: 'admin/configuracion', lazy: configuracionPage },
                      { path: 'admin/ciclos', lazy: ciclosPage },
                      { path: 'admin/accesos', lazy: accesosPage },
                    ],
                  },
                  {
                    element: <RequireRed roles={['administrador_red']} />,
                    children: [
                      { path: 'red/escuelas', lazy: escuelasPage },
                      { path: 'red/duplicados', lazy: redDuplicadosPage },
                      { path: 'red/asignacion', lazy: asignacionRedPage },
                    ],
                  },
                  {
                    element: <RequireRed roles={['administrador_red', 'lector_red']} />,
                    children: [{ path: 'red/panel', lazy: redPanelPage }],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);

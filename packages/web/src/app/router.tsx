import { createBrowserRouter, Navigate, type LazyRouteFunction, type RouteObject } from 'react-router';
import { AppLayout } from './app-layout.tsx';
import { ErrorPage } from './error-page.tsx';
import { LoadingScreen } from './loading-screen.tsx';
import { GuestOnly, RequireAuth } from './route-guards.tsx';

/** Feature pages load on demand, so /login downloads only what it needs. */
type Lazy = LazyRouteFunction<RouteObject>;

const loginPage: Lazy = async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage });
const homePage: Lazy = async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage });
const usersPage: Lazy = async () => ({ Component: (await import('../features/users/users-page.tsx')).UsersPage });
const inscriptoFormPage: Lazy = async () => ({
  Component: (await import('../features/inscripto-form/inscripto-form-page.tsx')).InscriptoFormPage,
});
const inscriptosListPage: Lazy = async () => ({
  Component: (await import('../features/inscriptos/inscriptos-list-page.tsx')).InscriptosListPage,
});

/** Pages of later issues: a heading and "En construcción". */
function placeholder(title: string, standalone = false): Lazy {
  return async () => {
    const { PlaceholderPage } = await import('../features/placeholder/placeholder-page.tsx');
    return { Component: () => <PlaceholderPage title={title} standalone={standalone} /> };
  };
}

/** SPEC 2 "Route table". */
export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { element: <GuestOnly />, children: [{ path: 'login', lazy: loginPage }] },
      { path: 'sorteo', lazy: placeholder('Sorteo', true) },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, lazy: homePage },
              { path: 'inscriptos', lazy: inscriptosListPage },
              { path: 'inscriptos/nuevo', lazy: inscriptoFormPage },
              { path: 'inscriptos/:id', lazy: inscriptoFormPage },
              { path: 'consultas', lazy: placeholder('Consultas') },
              {
                element: <RequireAuth role="administrador" />,
                children: [{ path: 'admin/usuarios', lazy: usersPage }],
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

import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

/** Router fallback page (SPEC 2: "Unexpected Application Error!"). */
export function ErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="container py-5" id="contenido-principal">
      <title>Error · Inscripciones</title>
      <h1 className="h2">Unexpected Application Error!</h1>
      <p>Ocurrió un error inesperado en la aplicación. Probá recargar la página o volvé al inicio.</p>
      <Link to="/" className="btn btn-primary">
        Volver al inicio
      </Link>
    </main>
  );
}

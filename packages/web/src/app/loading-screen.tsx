/** Shown while authentication or a page loads (SPEC 2: "Cargando..."). */
export function LoadingScreen() {
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <p className="mb-0">Cargando...</p>
    </div>
  );
}

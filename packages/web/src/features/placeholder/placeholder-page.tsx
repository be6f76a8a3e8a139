/** Pages that later issues build: a heading and "En construcción". */
export function PlaceholderPage({ title, standalone = false }: { title: string; standalone?: boolean }) {
  const content = (
    <>
      <title>{`${title} · Inscripciones`}</title>
      <h1 className="h2 mb-3">{title}</h1>
      <p className="lead">En construcción</p>
      <p className="text-body-secondary">Esta sección todavía no está disponible. Volvé a mirar pronto.</p>
    </>
  );
  if (!standalone) return content;
  return (
    <main className="container py-5" id="contenido-principal">
      {content}
    </main>
  );
}

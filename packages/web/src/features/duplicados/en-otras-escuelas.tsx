import { useEnOtrasEscuelas } from './duplicados-api.ts';

/**
 * The school's applications whose child (same CI) also applied to another school of the network, with only that
 * school's name (docs/decisions/0036). Nothing shows while there are none, as in a network of one school.
 */
export function EnOtrasEscuelas() {
  const { data } = useEnOtrasEscuelas();
  const items = data?.inscripciones ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="duplicados-otras-escuelas" className="mt-4">
      <h2 id="duplicados-otras-escuelas" className="h4">
        En otras escuelas de la red
      </h2>
      <p className="text-body-secondary">Niños de esta escuela con la misma cédula en una solicitud de otra escuela.</p>
      <ul>
        {items.map((i, k) => (
          <li key={`${i.numeroInscripcion ?? 'sin-numero'}-${k}`}>
            {i.numeroInscripcion !== null ? `Inscripción n.º ${i.numeroInscripcion}` : 'Inscripción sin número todavía'}
            . También se inscribió en: {i.otrasEscuelas.join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}

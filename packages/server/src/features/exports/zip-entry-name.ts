/**
 * The name of an enrolment's PDF inside the ZIP: `inscripcion_<número>.pdf`, or for one without a number
 * `pendiente_<apellido>_<nombre>_<8 caracteres del id>.pdf`. Names are plain ASCII (accents dropped, any
 * other character a hyphen), so every unzip tool and file system takes them. Siblings share a number: a
 * repeated name gets the id's start.
 */
export function zipEntryName(
  record: { id: string; numeroInscripcion?: number | null; nombre1?: unknown; apellido1?: unknown },
  used: Set<string>,
): string {
  const idStart = record.id.slice(0, 8);
  let name = record.numeroInscripcion
    ? `inscripcion_${record.numeroInscripcion}.pdf`
    : `pendiente_${asciiPart(record.apellido1, 'sin-apellido')}_${asciiPart(record.nombre1, 'sin-nombre')}_${idStart}.pdf`;
  if (used.has(name)) name = name.replace(/\.pdf$/, `_${idStart}.pdf`);
  used.add(name);
  return name;
}

function asciiPart(value: unknown, fallback: string): string {
  const text = typeof value === 'string' ? value : '';
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return ascii || fallback;
}

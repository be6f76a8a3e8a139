import fs from 'node:fs';
import { verificarRegistro } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { ZActa } from '@inscripciones/shared/sorteo/acta-schema.ts';

/**
 * `npm run sorteo:verificar -- acta.json --plazas registro.json` (issue 17, docs/decisions/0015): after the
 * acta is verified, recomputes the suplentes roll-up from the acta's results and the answer log, and checks the
 * offers the server made. Returns the line to print and whether it verified.
 */
export function verifyPlazasFile(acta: unknown, file: string): { ok: boolean; line: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return { ok: false, line: `No se pudo leer ${file}: ${(e as Error).message}` };
  }
  const r = verificarRegistro(raw, ZActa.parse(acta));
  if (!r.ok) return { ok: false, line: `Plazas NO verificadas: ${r.error}` };
  return {
    ok: true,
    line:
      `Plazas verificadas: ${r.eventos} respuestas, ${r.ofertas} ofertas (${r.corrimientos} por corrimiento), ` +
      `${r.aceptadas} aceptadas, ${r.libres} libres`,
  };
}

import fs from 'node:fs';
import { verificarRegistro } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { REGISTRO_PUBLICO_FORMATO } from '@inscripciones/shared/plazas/registro-publico.ts';
import { verificarRegistroPublico } from '@inscripciones/shared/plazas/verificar-registro-publico.ts';
import { ZActa, ZActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';

/**
 * `npm run sorteo:verificar -- acta.json --plazas registro.json` (docs/decisions/0015): after the
 * acta is verified, recomputes the suplentes roll-up from the acta's results and the answer log, and checks the
 * offers the server made. The public register (registro-publico.json) verifies with either acta, the
 * public one included; the staff log needs the staff acta. Returns the line to print and whether it verified.
 */
export function verifyPlazasFile(acta: unknown, file: string): { ok: boolean; line: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return { ok: false, line: `No se pudo leer ${file}: ${(e as Error).message}` };
  }
  const publico = (raw as { formato?: unknown } | null)?.formato === REGISTRO_PUBLICO_FORMATO;
  const completa = ZActa.safeParse(acta);
  if (!publico && !completa.success) {
    return {
      ok: false,
      line:
        'Plazas NO verificadas: registro.json necesita el acta completa; con el acta pública usá ' +
        'registro-publico.json (GET /api/plazas/registro-publico.json).',
    };
  }
  const r = publico
    ? verificarRegistroPublico(raw, completa.success ? completa.data : ZActaPublica.parse(acta))
    : verificarRegistro(raw, completa.data!);
  if (!r.ok) return { ok: false, line: `Plazas NO verificadas: ${r.error}` };
  return {
    ok: true,
    line:
      `Plazas verificadas: ${r.eventos} respuestas, ${r.ofertas} ofertas (${r.corrimientos} por corrimiento), ` +
      `${r.aceptadas} aceptadas, ${r.libres} libres`,
  };
}

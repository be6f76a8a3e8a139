import { ESCUELA_PRINCIPAL } from '../../data/escuelas/escuelas-repository.ts';
import type { AppContext } from '../context.ts';

/**
 * What a public link of a school carries to reach that school (decision 0036): its code, except for the first
 * school, whose links (constancias and messages already out there) never carried one and keep working.
 */
export function parametroEscuela(escuela: AppContext['escuela']): Record<string, string> {
  return escuela.id === ESCUELA_PRINCIPAL ? {} : { escuela: escuela.codigo };
}

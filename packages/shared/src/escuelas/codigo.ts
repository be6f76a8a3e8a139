import { safeText } from '../text-rule.ts';

/** A school's code as URLs carry it (docs/decisions/0036). */
export const ZCodigoEscuela = safeText('Escuela', { error: 'Escuela: este campo es obligatorio' })
  .min(2, { error: 'El código de la escuela debe tener al menos 2 caracteres' })
  .max(40, { error: 'El código de la escuela puede tener como máximo 40 caracteres' })
  .regex(/^[a-z0-9-]+$/, { error: 'El código de la escuela solo puede tener minúsculas sin tilde, números y guiones' });

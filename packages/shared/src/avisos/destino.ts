/**
 * Where a message goes (docs/decisions/0029): an e-mail address or a phone number, written one way so the
 * opt-out list matches however staff typed it, and shown to staff with most of it hidden.
 */
export const AVISO_CANALES = ['email', 'telefono'] as const;
export type AvisoCanal = (typeof AVISO_CANALES)[number];

/** "Ana.Perez@Correo.UY " → "ana.perez@correo.uy". */
export function normalizarEmail(valor: string): string {
  return valor.trim().toLowerCase();
}

/**
 * "+598 99 123 456", "00598 99123456", "099 123 456" → "+59899123456". Separators (spaces, dots, dashes,
 * parentheses) go; a 00 prefix becomes +; a Uruguayan mobile written the national way (09 and 7 digits) gets
 * the country code. Anything else keeps its digits (and a leading +) as written.
 */
export function normalizarTelefono(valor: string): string {
  let t = valor.trim().replace(/[\s().-]/g, '');
  if (t.startsWith('00')) t = `+${t.slice(2)}`;
  if (/^09\d{7}$/.test(t)) t = `+598${t.slice(1)}`;
  return t;
}

export function normalizarDestino(canal: AvisoCanal, valor: string): string {
  return canal === 'email' ? normalizarEmail(valor) : normalizarTelefono(valor);
}

/** A destination a message can be sent to, once normalised. */
export function destinoValido(canal: AvisoCanal, normalizado: string): boolean {
  if (canal === 'telefono') return /^\+?\d{8,15}$/.test(normalizado);
  return normalizado.length <= 254 && /^[^\s@<>()",;]+@[^\s@<>()",;]+\.[^\s@<>()",;]+$/.test(normalizado);
}

/**
 * What staff see of a destination: enough to tell two apart, not enough to copy it ("an***@correo.uy",
 * "••• ••• 456").
 */
export function enmascararDestino(canal: AvisoCanal, valor: string): string {
  if (canal === 'telefono') return `••• ••• ${valor.replace(/\D/g, '').slice(-3)}`;
  const at = valor.lastIndexOf('@');
  if (at < 0) return '•••';
  return `${valor.slice(0, Math.min(2, at))}•••${valor.slice(at)}`;
}

/** Texts of the possible duplicates (ours, in the voice of SPEC.md): entry warning, review and raffle. */
export const DUPLICADO_MSG = {
  noAbierto: 'El posible duplicado no existe o ya fue resuelto.',
  /** POST /api/sorteo/start while pairs are open, without a written reason. */
  sorteoBloqueado: (n: number) =>
    n === 1
      ? 'Hay 1 posible duplicado sin resolver. Resolvelo o indicá un motivo para iniciar igual.'
      : `Hay ${n} posibles duplicados sin resolver. Resolvelos o indicá un motivo para iniciar igual.`,
  /** At entry: a warning, never a refusal. */
  aviso: (nombre: string, numero: number | null, motivoTexto: string) =>
    `Posible duplicado de ${nombre}${numero !== null ? `, N° ${numero}` : ''}: ${motivoTexto}`,
} as const;

import './avisos.css';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import {
  AVISO_CANAL_LABELS,
  AVISO_MOTIVO_LABELS,
  AVISO_TIPO_LABELS,
  ZAviso,
  type TAviso,
} from '@inscripciones/shared/avisos/avisos-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { apiRequest, errorMessage } from './api-client.ts';

/** One message as staff see it (decision 0029): what it was about, where, its state, attempts and times. */

const VARIANTE: Record<TAviso['estado'], string> = {
  pendiente: 'secondary',
  enviando: 'info',
  enviado: 'success',
  fallido: 'danger',
  descartado: 'warning',
};

/** "Enviado", "Fallido (sin más intentos)", "Descartado por baja", "Pendiente (sale el 12/12/2026 18:00)". */
function estadoTexto(a: TAviso, ahora: Date): string {
  if (a.estado === 'descartado' && a.motivo === 'baja') return 'Descartado por baja';
  const base = {
    pendiente: 'Pendiente',
    enviando: 'Enviándose',
    enviado: 'Enviado',
    fallido: 'Fallido',
    descartado: 'Descartado',
  }[a.estado];
  if (a.estado === 'pendiente' && a.proximoIntento && Date.parse(a.proximoIntento) > ahora.getTime()) {
    return `${base} (sale el ${fechaHoraTexto(a.proximoIntento)})`;
  }
  return a.motivo ? `${base} (${AVISO_MOTIVO_LABELS[a.motivo]})` : base;
}

export function AvisoItem({
  aviso,
  puedeReenviar,
  invalidar,
  extra,
}: {
  aviso: TAviso;
  puedeReenviar: boolean;
  /** The query keys to read again after Reenviar. */
  invalidar: readonly unknown[];
  extra?: React.ReactNode;
}) {
  const client = useQueryClient();
  const [ahora] = useState(() => new Date());
  const reenviar = useMutation({
    mutationFn: () =>
      apiRequest(`/api/avisos/${encodeURIComponent(aviso.id)}/reenviar`, { method: 'POST', schema: ZAviso }),
    onSuccess: () => client.invalidateQueries({ queryKey: invalidar }),
  });
  const enCurso = aviso.estado === 'pendiente' || aviso.estado === 'enviando';
  return (
    <li className="avisos-lista__item">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong className="me-auto">{AVISO_TIPO_LABELS[aviso.tipo]}</strong>
        <Badge bg={VARIANTE[aviso.estado]} text={aviso.estado === 'descartado' ? 'dark' : undefined}>
          {estadoTexto(aviso, ahora)}
        </Badge>
      </div>
      <p className="mb-1 small">
        {AVISO_CANAL_LABELS[aviso.canal]} · <span className="text-break">{aviso.destino}</span>
        {!aviso.informativo && ' · necesario para no perder el lugar'}
      </p>
      <p className="mb-0 small text-body-secondary">
        Creado el {fechaHoraTexto(aviso.creadoEn)}
        {aviso.enviadoEn && ` · enviado el ${fechaHoraTexto(aviso.enviadoEn)}`} · {aviso.intentos}{' '}
        {aviso.intentos === 1 ? 'intento' : 'intentos'}
        {aviso.ultimoError && ` · último error: ${aviso.ultimoError}`}
        {aviso.reenvioDe && ` · reenvío${aviso.creadoPor ? ` de ${aviso.creadoPor}` : ''}`}
      </p>
      {extra}
      {puedeReenviar && !enCurso && (
        <div className="mt-2">
          <Button
            size="sm"
            variant="outline-primary"
            disabled={reenviar.isPending || reenviar.isSuccess}
            onClick={() => reenviar.mutate()}
          >
            {reenviar.isSuccess ? 'Reenviado' : reenviar.isPending ? 'Reenviando...' : 'Reenviar'}
          </Button>
          {reenviar.isError && (
            <p className="text-danger small mb-0 mt-1" role="alert">
              {errorMessage(reenviar.error, 'No se pudo reenviar el aviso.')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

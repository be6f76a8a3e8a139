import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPreflight,
  TSorteoEndBody,
  TSorteoStatus,
  TSorteoTablero,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useTimedAlert } from '../../lib/timed-alert.tsx';
import {
  confirmSorteo,
  downloadListaParticipantes,
  endSorteo,
  fetchNext,
  saveValorPublico,
  startSorteo,
  type StartInput,
} from './sorteo-api.ts';
import type { ValorPublico } from './sorteo-preparacion-panel.tsx';
import { mergeTablero, needsConfirmation, sorteoErrorMessage, withConfirmation, withPlan } from './sorteo-view.ts';

type SetTablero = (update: (t: TSorteoTablero) => TSorteoTablero) => void;

/** A failed save of the public value before the first draw (its message differs from a failed draw). */
class ValorError extends Error {
  constructor(cause: unknown) {
    super('valor público', { cause });
    this.name = 'ValorError';
  }
}

/**
 * The administrator's calls on /sorteo (docs/decisions/0008): start (with the confirmation after an
 * annulment and the written reason when duplicates are open), the public value and its origin, the draw on
 * screen, confirm, end; plus the messages they leave. The page only renders.
 */
export function useSorteoControls(
  status: TSorteoStatus | undefined,
  panel: string,
  setTablero: SetTablero,
  refresh: () => void,
) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { alert, show: showAlert, dismiss } = useTimedAlert();

  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const [askMotivoDuplicados, setAskMotivoDuplicados] = useState(false);
  const start = useMutation({
    mutationFn: startSorteo,
    onMutate: () => setError(null),
    onSuccess: () => {
      setConfirmMessage(null);
      setAskMotivoDuplicados(false);
      refresh();
    },
    onError: (e) => {
      const message = sorteoErrorMessage(e, SORTEO_MSG.errorIniciar);
      if (needsConfirmation(e)) return setConfirmMessage(message);
      setConfirmMessage(null);
      // A conflict while the pre-flight shows open pairs: the duplicates hold the draw.
      const preflight = queryClient.getQueryData<TPreflight>(queryKeys.sorteo.preflight);
      if (e instanceof ApiError && e.code === 'CONFLICT' && (preflight?.duplicadosAbiertos ?? 0) > 0) {
        setAskMotivoDuplicados(true);
      }
      setError(message);
    },
  });
  const onStart = (input: Omit<StartInput, 'confirmarNuevo'>, confirmarNuevo: boolean) =>
    start.mutate({ ...input, ...(confirmarNuevo ? { confirmarNuevo: true } : {}) });

  const valor = useMutation({
    mutationFn: saveValorPublico,
    onMutate: () => setError(null),
    onSuccess: (fresh: TSorteoStatus) => {
      setTablero((t) => mergeTablero(t, { ...t, status: fresh }));
      showAlert('success', SORTEO_MSG.valorPublicoGuardado);
    },
    onError: (e) => setError(sorteoErrorMessage(e, SORTEO_MSG.errorValorPublico)),
  });
  const first = useMutation({
    mutationFn: async (pendiente: ValorPublico | null) => {
      if (pendiente !== null) {
        const fresh = await saveValorPublico(pendiente).catch((e: unknown) => {
          throw new ValorError(e);
        });
        setTablero((t) => mergeTablero(t, { ...t, status: fresh }));
      }
      return fetchNext();
    },
    onMutate: () => setError(null),
    onSuccess: (next) => {
      const id = queryClient.getQueryData<TSorteoTablero>(queryKeys.sorteo.tablero)?.status.id;
      if (id) queryClient.setQueryData(queryKeys.sorteo.next(id, next.index), next);
      setTablero(withPlan);
    },
    onError: (e) =>
      setError(
        e instanceof ValorError
          ? sorteoErrorMessage(e.cause, SORTEO_MSG.errorValorPublico)
          : sorteoErrorMessage(e, SORTEO_MSG.errorObtenerParticipante),
      ),
  });

  const next = useQuery({
    queryKey: queryKeys.sorteo.next(status?.id ?? '', status?.currentIndex ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await fetchNext(signal);
      // Every draw was confirmed (here or in another browser): the completed panel shows.
      if (!answer.participante) setTablero((t) => ({ ...t, status: { ...t.status, completado: true } }));
      return answer;
    },
    enabled: panel === 'activo',
    staleTime: Infinity,
  });

  // A ref as well as isPending: a double click must not send two confirmations (the server ignores a second
  // one anyway, answering duplicado).
  const confirming = useRef(false);
  const confirm = useMutation({
    mutationFn: ({ numero, index }: { numero: number; index: number }) => confirmSorteo(numero, index),
    onMutate: () => setError(null),
    onSuccess: (answer) => setTablero((t) => withConfirmation(t, answer)),
    onError: (e) => {
      setError(sorteoErrorMessage(e, SORTEO_MSG.errorConfirmar));
      refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.sorteo.nextAll });
    },
    onSettled: () => {
      confirming.current = false;
    },
  });
  const onConfirm = () => {
    const participante = next.data?.participante;
    if (confirming.current || !participante || next.isFetching) return;
    confirming.current = true;
    confirm.mutate({ numero: participante.numeroInscripcion, index: next.data!.index });
  };

  const [askEnd, setAskEnd] = useState(false);
  const end = useMutation({
    mutationFn: (body: TSorteoEndBody) => endSorteo(body),
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      setAskEnd(false);
      showAlert('success', answer.message);
      refresh();
    },
    onError: (e) => setError(sorteoErrorMessage(e, SORTEO_MSG.errorFinalizar)),
  });

  const [downloading, setDownloading] = useState(false);
  const downloadLista = async () => {
    setDownloading(true);
    try {
      await downloadListaParticipantes(status?.anio ?? 0);
    } catch (e) {
      setError(sorteoErrorMessage(e, SORTEO_MSG.errorDescarga));
    } finally {
      setDownloading(false);
    }
  };

  return {
    error,
    setError,
    alert,
    dismiss,
    start: {
      pending: start.isPending,
      confirmMessage,
      askMotivoDuplicados,
      onStart,
      cancel: () => setConfirmMessage(null),
    },
    valor: { saving: valor.isPending, save: (v: ValorPublico) => valor.mutate(v) },
    first: { drawing: first.isPending, draw: (v: ValorPublico | null) => first.mutate(v) },
    next,
    confirm: { pending: confirm.isPending, onConfirm },
    end: { pending: end.isPending, ask: askEnd, setAsk: setAskEnd, end: (body: TSorteoEndBody) => end.mutate(body) },
    lista: { downloading, download: () => void downloadLista() },
  };
}

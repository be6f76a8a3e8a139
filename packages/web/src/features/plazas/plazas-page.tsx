import { ESTADO_LABELS, PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ESTADOS_PLAZA, type TRespuestaBody } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { DOCUMENTOS, descargar, enviarRespuesta, fetchPlazas } from './plazas-api.ts';
import { PlazasCola } from './plazas-cola.tsx';
import { PlazasOfertas } from './plazas-ofertas.tsx';
import { RespuestaModal, type RespuestaPedida } from './plazas-respuesta-modal.tsx';
import { PlazasResumen } from './plazas-resumen.tsx';
import { SIN_FILTROS, filtrarCola, filtrarOfertas, type FiltrosPlazas } from './plazas-view.ts';
import './plazas.css';

/**
 * /plazas: after the raffle, the offers and the suplentes roll-up. Administrators and volunteers
 * record the families' answers (with confirmation); the guest reads. Read again every minute, since offers
 * expire with the clock.
 */
export function PlazasPage() {
  const { user } = useAuth();
  const allowed = can(user, 'plazas:leer');
  const puedeResponder = can(user, 'plazas:responder');
  const puedeExportar = can(user, 'plazas:exportar');
  const queryClient = useQueryClient();
  const [filtros, setFiltros] = useState<FiltrosPlazas>(SIN_FILTROS);
  const [pedida, setPedida] = useState<RespuestaPedida | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [docError, setDocError] = useState<string | null>(null);
  const { alert, show, dismiss } = useTimedAlert();

  const plazas = useQuery({
    queryKey: queryKeys.plazas,
    queryFn: ({ signal }) => fetchPlazas(signal),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  const respuesta = useMutation({
    mutationFn: ({ id, body }: { id: string; body: TRespuestaBody }) => enviarRespuesta(id, body),
    onMutate: () => setModalError(null),
    onSuccess: (r) => {
      setPedida(null);
      show('success', r.repetida ? PLAZA_MSG.yaRegistrada : PLAZA_MSG.registrada);
      void queryClient.invalidateQueries({ queryKey: queryKeys.plazas });
    },
    onError: (e) => setModalError(errorMessage(e, PLAZA_MSG.errorRegistrar)),
  });

  if (!allowed) {
    return (
      <Alert variant="danger" role="alert">
        {AUTH_MSG.forbidden}
      </Alert>
    );
  }
  const set = (key: keyof FiltrosPlazas) => (e: { target: { value: string } }) =>
    setFiltros((f) => ({ ...f, [key]: e.target.value }));
  const data = plazas.data;

  return (
    <>
      <title>Plazas · Inscripciones</title>
      <h1 className="h3 mb-2">Plazas</h1>
      {plazas.isPending && <Spinner animation="border" role="status" aria-label="Cargando" />}
      {plazas.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(plazas.error, PLAZA_MSG.errorCargar)}
        </Alert>
      )}
      <TimedAlert alert={alert} onClose={dismiss} />
      {data && !data.sorteo && <p>El ciclo actual todavía no tiene un sorteo finalizado.</p>}
      {data?.sorteo && (
        <>
          <p className="text-body-secondary">
            Sorteo de ingresos {data.sorteo.anio}, finalizado el {fechaHoraTexto(data.sorteo.publicadoEn)}. Cada oferta
            vence a los {data.sorteo.plazoDias} días; la que vence sin respuesta pasa al siguiente suplente.
          </p>
          <PlazasResumen listas={data.listas} />

          {puedeExportar && (
            <section aria-labelledby="plazas-documentos" className="mb-4">
              <h2 id="plazas-documentos" className="h5">
                Documentos
              </h2>
              <div className="d-flex flex-wrap gap-2">
                {DOCUMENTOS.map((d) => (
                  <Button
                    key={d.path}
                    variant="outline-primary"
                    size="sm"
                    onClick={() => {
                      setDocError(null);
                      descargar(d.path).catch((e: unknown) => setDocError(errorMessage(e, PLAZA_MSG.errorDescargar)));
                    }}
                  >
                    {d.label}
                  </Button>
                ))}
              </div>
              {docError && (
                <Alert variant="danger" role="alert" className="mt-2">
                  {docError}
                </Alert>
              )}
            </section>
          )}

          <Form className="row g-2 align-items-end mb-3" role="search" aria-label="Buscar y filtrar">
            <Form.Group className="col-12 col-md-5" controlId="plazas-texto">
              <Form.Label>Buscar por número o nombre</Form.Label>
              <Form.Control type="search" value={filtros.texto} onChange={set('texto')} autoComplete="off" />
            </Form.Group>
            <Form.Group className="col-6 col-md-3" controlId="plazas-lista">
              <Form.Label>Lista</Form.Label>
              <Form.Select value={filtros.lista} onChange={set('lista')}>
                <option value="">Todas</option>
                {LISTAS.map((l) => (
                  <option key={l} value={l}>
                    {LISTA_LABELS[l]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="col-6 col-md-3" controlId="plazas-estado">
              <Form.Label>Estado de la oferta</Form.Label>
              <Form.Select value={filtros.estado} onChange={set('estado')}>
                <option value="">Todos</option>
                {ESTADOS_PLAZA.map((s) => (
                  <option key={s} value={s}>
                    {ESTADO_LABELS[s]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Form>

          <section aria-labelledby="plazas-ofertas" className="mb-4">
            <h2 id="plazas-ofertas" className="h5">
              Ofertas
            </h2>
            <PlazasOfertas
              estado={data}
              ofertas={filtrarOfertas(data.ofertas, filtros)}
              puedeResponder={puedeResponder}
              onResponder={(p) => {
                setModalError(null);
                setPedida(p);
              }}
            />
          </section>

          <section aria-labelledby="plazas-cola">
            <h2 id="plazas-cola" className="h5">
              Cola de suplentes
            </h2>
            <PlazasCola
              colas={{ nenas: filtrarCola(data, 'nenas', filtros), varones: filtrarCola(data, 'varones', filtros) }}
            />
          </section>
        </>
      )}
      {pedida && (
        <RespuestaModal
          pedida={pedida}
          busy={respuesta.isPending}
          error={modalError}
          onConfirm={(body) => respuesta.mutate({ id: pedida.oferta.id, body })}
          onClose={() => setPedida(null)}
        />
      )}
    </>
  );
}

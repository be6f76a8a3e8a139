import { ESTADO_LABELS, PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  ESTADOS_PLAZA,
  type TPlazaOferta,
  type TPlazoBody,
  type TRespuestaBody,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { DOCUMENTOS, cambiarPlazo, descargar, enviarRespuesta, fetchPlazas } from './plazas-api.ts';
import { PlazasCola } from './plazas-cola.tsx';
import { PlazasCiclo } from './plazas-ciclo.tsx';
import { PlazasOfertas } from './plazas-ofertas.tsx';
import { PlazoModal } from './plazas-plazo-modal.tsx';
import { RespuestaModal, type RespuestaPedida } from './plazas-respuesta-modal.tsx';
import { PlazasResumen } from './plazas-resumen.tsx';
import { PlazasAviso, type Aviso } from './plazas-aviso.tsx';
import {
  SIN_FILTROS,
  avisoDeRespuesta,
  colasVisibles,
  filtrarOfertas,
  lineaDeCola,
  type FiltrosPlazas,
} from './plazas-view.ts';
import './plazas.css';

/**
 * /plazas: after the raffle, the offers and the suplentes roll-up. Administrators and volunteers
 * record the families' answers (with confirmation); administrators change an open offer's deadline; the guest
 * reads. Read again every minute, since offers expire with the clock (the server's job advances the season).
 */
export function PlazasPage() {
  const { user } = useAuth();
  const allowed = can(user, 'plazas:leer');
  const puedeResponder = can(user, 'plazas:responder');
  const puedeExportar = can(user, 'plazas:exportar');
  const puedeCambiarPlazo = can(user, 'plazas:plazo');
  const queryClient = useQueryClient();
  const [filtros, setFiltros] = useState<FiltrosPlazas>(SIN_FILTROS);
  const [pedida, setPedida] = useState<RespuestaPedida | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [plazoDe, setPlazoDe] = useState<TPlazaOferta | null>(null);
  const [docError, setDocError] = useState<string | null>(null);
  // What the last answer did to the place: stays until closed or the next answer.
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const cicloPedido = searchParams.get('ciclo');

  const plazas = useQuery({
    queryKey: [...queryKeys.plazas, 'ciclo', cicloPedido ?? ''],
    queryFn: ({ signal }) => fetchPlazas(cicloPedido, signal),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  const respuesta = useMutation({
    mutationFn: ({ id, body }: { id: string; body: TRespuestaBody }) => enviarRespuesta(id, body),
    onMutate: () => setModalError(null),
    onSuccess: (r, { body }) => {
      setPedida(null);
      setAviso(avisoDeRespuesta(r, body.respuesta));
      void queryClient.invalidateQueries({ queryKey: queryKeys.plazas });
    },
    onError: (e) => setModalError(errorMessage(e, PLAZA_MSG.errorRegistrar)),
  });

  const plazo = useMutation({
    mutationFn: ({ id, body }: { id: string; body: TPlazoBody }) => cambiarPlazo(id, body),
    onMutate: () => setModalError(null),
    onSuccess: () => {
      setPlazoDe(null);
      setAviso({ texto: PLAZA_MSG.plazoCambiado, nuevas: [] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.plazas });
    },
    onError: (e) => setModalError(errorMessage(e, PLAZA_MSG.errorPlazo)),
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
  const colas = data ? colasVisibles(data, filtros) : [];

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
      {data && (
        <PlazasCiclo
          ciclo={data.ciclo}
          ciclos={data.ciclos}
          onChange={(id) => {
            setFiltros(SIN_FILTROS);
            setSearchParams({ ciclo: id });
          }}
        />
      )}
      {data && !data.sorteo && <p>{PLAZA_MSG.sinSorteoDe(data.ciclo.nombre)}</p>}
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
                      descargar(d.path, data.ciclo.id).catch((e: unknown) =>
                        setDocError(errorMessage(e, PLAZA_MSG.errorDescargar)),
                      );
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
          <p className="plazas-cola-linea fw-semibold mb-3">{lineaDeCola(colas, filtros)}</p>

          <section aria-labelledby="plazas-ofertas" className="mb-4">
            <h2 id="plazas-ofertas" className="h5">
              Ofertas
            </h2>
            <PlazasOfertas
              estado={data}
              ofertas={filtrarOfertas(data.ofertas, filtros)}
              puedeResponder={puedeResponder}
              nuevas={aviso?.nuevas ?? []}
              onResponder={(p) => {
                setModalError(null);
                setPedida(p);
              }}
              puedeCambiarPlazo={puedeCambiarPlazo}
              onCambiarPlazo={(o) => {
                setModalError(null);
                setPlazoDe(o);
              }}
            />
          </section>

          <section aria-labelledby="plazas-cola">
            <h2 id="plazas-cola" className="h5">
              Cola de suplentes
            </h2>
            <PlazasCola colas={colas} />
          </section>
        </>
      )}
      <PlazasAviso aviso={aviso} onClose={() => setAviso(null)} />
      {pedida && (
        <RespuestaModal
          pedida={pedida}
          busy={respuesta.isPending}
          error={modalError}
          onConfirm={(body) => respuesta.mutate({ id: pedida.oferta.id, body })}
          onClose={() => setPedida(null)}
        />
      )}
      {plazoDe && (
        <PlazoModal
          oferta={plazoDe}
          busy={plazo.isPending}
          error={modalError}
          onConfirm={(body) => plazo.mutate({ id: plazoDe.id, body })}
          onClose={() => setPlazoDe(null)}
        />
      )}
    </>
  );
}

import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import {
  EJEMPLO_VARIABLES,
  PLANTILLAS,
  PLANTILLA_LABELS,
  VARIABLES_DE,
  VARIABLE_LABELS,
  ZPlantillasEstado,
  completarPlantilla,
  type Plantilla,
  type TPlantillasAvisos,
  type TPlantillasEstado,
} from '@inscripciones/shared/avisos/plantillas.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import '../../lib/avisos.css';

/**
 * Configuración › "Textos de los avisos" (decision 0029): the administrator picks a step, edits its subject and
 * text with the placeholders it may use, sees the message as a family would, and saves every text at once.
 */
export function AvisosTextos({ escuela }: { escuela: string }) {
  // Above the editor: a save remounts it on the new version.
  const [guardado, setGuardado] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.avisosTextos,
    queryFn: ({ signal }) => apiRequest('/api/avisos/textos', { schema: ZPlantillasEstado, signal }),
    staleTime: 0,
  });
  return (
    <section className="card mt-4" aria-labelledby="avisos-textos-titulo">
      <div className="card-body">
        <h2 id="avisos-textos-titulo" className="h5">
          Textos de los avisos a las familias
        </h2>
        <p className="text-body-secondary">
          Cada paso de la inscripción manda un aviso por correo y al celular a las familias que aceptaron recibirlos.
          Los avisos llevan el número, las iniciales y un enlace; nunca el nombre completo, la cédula ni la dirección.
        </p>
        {query.isPending && (
          <div className="d-flex align-items-center gap-2 mb-0" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Cargando los textos...
          </div>
        )}
        {query.isError && (
          <p className="text-danger mb-0" role="alert">
            No se pudieron cargar los textos: {errorMessage(query.error, '')}
          </p>
        )}
        {guardado && (
          <Alert variant="success" role="status">
            Textos guardados.
          </Alert>
        )}
        {query.isSuccess && (
          <Editor
            key={query.data.version}
            estado={query.data}
            escuela={escuela}
            onSaved={() => setGuardado(true)}
            onEdit={() => setGuardado(false)}
          />
        )}
      </div>
    </section>
  );
}

function Editor({
  estado,
  escuela,
  onSaved,
  onEdit,
}: {
  estado: TPlantillasEstado;
  escuela: string;
  onSaved: () => void;
  onEdit: () => void;
}) {
  const ids = useId();
  const client = useQueryClient();
  const [textos, setTextos] = useState<TPlantillasAvisos>(estado.textos);
  const [elegida, setElegida] = useState<Plantilla>('oferta');
  const guardar = useMutation({
    mutationFn: () =>
      apiRequest('/api/avisos/textos', {
        method: 'PUT',
        body: { textos, version: estado.version },
        schema: ZPlantillasEstado,
      }),
    onSuccess: (data) => {
      onSaved();
      client.setQueryData(queryKeys.avisosTextos, data);
    },
  });
  const actual = textos[elegida];
  const cambiar = (campo: 'asunto' | 'texto', valor: string) => {
    onEdit();
    setTextos((t) => ({ ...t, [elegida]: { ...t[elegida], [campo]: valor } }));
  };
  const vars = { ...EJEMPLO_VARIABLES, escuela };
  const cambiado = PLANTILLAS.some(
    (p) => textos[p].asunto !== estado.textos[p].asunto || textos[p].texto !== estado.textos[p].texto,
  );
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        guardar.mutate();
      }}
    >
      <Form.Group className="mb-3" controlId={`${ids}-paso`}>
        <Form.Label>Aviso</Form.Label>
        <Form.Select value={elegida} onChange={(e) => setElegida(e.target.value as Plantilla)}>
          {PLANTILLAS.map((p) => (
            <option key={p} value={p}>
              {PLANTILLA_LABELS[p]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${ids}-asunto`}>
        <Form.Label>Asunto del correo</Form.Label>
        <Form.Control value={actual.asunto} onChange={(e) => cambiar('asunto', e.target.value)} />
      </Form.Group>
      <Form.Group className="mb-2" controlId={`${ids}-texto`}>
        <Form.Label>Texto (correo y celular)</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={actual.texto}
          aria-describedby={`${ids}-variables`}
          onChange={(e) => cambiar('texto', e.target.value)}
        />
      </Form.Group>
      <p id={`${ids}-variables`} className="small text-body-secondary">
        Podés usar:{' '}
        {VARIABLES_DE[elegida].map((v, i) => (
          <span key={v}>
            {i > 0 && ', '}
            <code>{`{${v}}`}</code> ({VARIABLE_LABELS[v]})
          </span>
        ))}
        .
      </p>
      <Button
        size="sm"
        variant="link"
        className="p-0 mb-3"
        onClick={() => {
          onEdit();
          setTextos((t) => ({ ...t, [elegida]: estado.porDefecto[elegida] }));
        }}
      >
        Volver al texto original de este aviso
      </Button>
      <div className="border rounded p-3 mb-3 bg-body-tertiary" aria-labelledby={`${ids}-vista`} role="region">
        <h3 id={`${ids}-vista`} className="h6">
          Vista previa (con datos de ejemplo)
        </h3>
        <p className="mb-1">
          <strong>{completarPlantilla(actual.asunto, vars)}</strong>
        </p>
        <p className="mb-0 avisos-textos__vista">{completarPlantilla(actual.texto, vars)}</p>
      </div>
      {guardar.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(guardar.error, 'No se pudieron guardar los textos.')}
        </Alert>
      )}
      <Button type="submit" disabled={guardar.isPending || !cambiado}>
        {guardar.isPending ? 'Guardando...' : 'Guardar textos'}
      </Button>
    </Form>
  );
}

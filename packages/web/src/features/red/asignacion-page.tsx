import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { TRedCiclo } from '@inscripciones/shared/asignacion/api-schema.ts';
import { Cargando, ErrorDeCarga } from './red-estado.tsx';
import { useRedCiclos, useRedSorteo } from './asignacion-api.ts';
import { AsignacionModo } from './asignacion-modo.tsx';
import { AsignacionResultado } from './asignacion-resultado.tsx';
import { ASIGNACION_RED_TEXTOS as T } from './asignacion-textos.ts';
import { RedSorteoPanel } from './red-sorteo-panel.tsx';
import './red.css';

/** The year shown first: the latest the network decided, or next year's intake. */
function anioInicial(anios: readonly number[]): number {
  return anios.length > 0 ? Math.max(...anios) : new Date().getFullYear() + 1;
}

/**
 * /red/asignacion (the network's administrator; docs/decisions/0028): the year's mode, the network raffle, the
 * assignment and its result per school, with the public acta and its Verificar.
 */
export function AsignacionPage() {
  const ciclos = useRedCiclos();
  return (
    <>
      <title>{`${T.titulo} · Inscripciones`}</title>
      <h1 className="h2 mb-3">{T.titulo}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      {ciclos.isPending ? (
        <Cargando texto="Cargando la asignación..." />
      ) : ciclos.isError ? (
        <ErrorDeCarga error={ciclos.error} onRetry={() => void ciclos.refetch()} />
      ) : (
        <DelAnio ciclos={ciclos.data.ciclos} />
      )}
    </>
  );
}

function DelAnio({ ciclos }: { ciclos: readonly TRedCiclo[] }) {
  const [anio, setAnio] = useState(() => anioInicial(ciclos.map((c) => c.anio)));
  const ciclo = ciclos.find((c) => c.anio === anio) ?? null;
  const sorteo = useRedSorteo(anio);
  const actual = sorteo.data?.sorteo ?? null;
  return (
    <>
      <Form.Group controlId="asignacion-anio" className="mb-3 asignacion-anio">
        <Form.Label>{T.anio}</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={2000}
          max={2100}
          value={anio}
          onChange={(e) => {
            const n = Number(e.target.value);
            if (Number.isInteger(n) && n >= 2000 && n <= 2100) setAnio(n);
          }}
        />
      </Form.Group>
      <AsignacionModo key={`${anio}-${ciclo?.modo}`} anio={anio} ciclo={ciclo} cerrado={actual !== null} />
      {ciclo?.modo === 'red' ? (
        sorteo.isPending ? (
          <Cargando texto="Cargando el sorteo de la red..." />
        ) : sorteo.isError ? (
          <ErrorDeCarga error={sorteo.error} onRetry={() => void sorteo.refetch()} />
        ) : (
          <>
            <RedSorteoPanel anio={anio} sorteo={actual} />
            <AsignacionResultado anio={anio} sorteoTerminado={actual?.estado === 'terminado'} />
          </>
        )
      ) : (
        <p>{T.enModoEscuela(anio)}</p>
      )}
    </>
  );
}

import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PREFERENCIAS_LABEL } from '@inscripciones/shared/escuelas/preferencias.ts';
import './preferencias.css';

/** The ranked choices control (the field's label is PREFERENCIAS_LABEL, shared with the server's 400s). */
const T = {
  ayuda: (max: number) =>
    `Elegí hasta ${max} escuelas de la red, la que más querés primero. Ordenalas como de verdad las preferís: ` +
    'cambiar el orden nunca te consigue una escuela que prefieras más.',
  ninguna: 'Todavía no elegiste ninguna escuela.',
  opcion: (n: number) => `Opción ${n}:`,
  subirCorto: 'Subir',
  bajarCorto: 'Bajar',
  quitarCorto: 'Quitar',
  subir: (nombre: string) => `Subir ${nombre}`,
  bajar: (nombre: string) => `Bajar ${nombre}`,
  quitar: (nombre: string) => `Quitar ${nombre}`,
  agregarEtiqueta: 'Agregar una escuela',
  elegir: 'Elegí una escuela',
  agregar: 'Agregar',
  maximo: (max: number) => `Ya elegiste ${max} escuelas, el máximo de la red. Para cambiar una, quitá otra.`,
  movida: (nombre: string, n: number) => `${nombre} ahora es la opción ${n}.`,
  quitada: (nombre: string) => `${nombre} se quitó de la lista.`,
  agregada: (nombre: string, n: number) => `${nombre} agregada como opción ${n}.`,
} as const;

export interface OpcionEscuela {
  codigo: string;
  nombre: string;
}

interface Props {
  /** Prefix of the control's ids (two forms on a page must not share them). */
  id: string;
  /** The network's schools a family may rank. */
  escuelas: readonly OpcionEscuela[];
  /** The ranked codes, first choice first. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The network's N. */
  max: number;
  disabled?: boolean;
  /** The server's message for the field, if a save was refused. */
  error?: string | undefined;
  /** The legend is read but not shown: the page's heading already says it. */
  legendOculta?: boolean;
}

type Foco = { codigo: string; boton: 'subir' | 'bajar' | 'quitar' } | { agregar: true };

/**
 * The schools a family ranks for the network's assignment (docs/decisions/0028): an ordered list with buttons to
 * move each school up or down or take it out, and a select to add another, up to the network's N. Plain buttons
 * and a native select, so a keyboard and a screen reader use it like the rest of the form; every change is said
 * in a polite live region, and the focus stays on the school that moved.
 */
export function PreferenciasPicker(props: Props) {
  const { id, escuelas, value, onChange, max, disabled = false, error, legendOculta = false } = props;
  const [agregar, setAgregar] = useState('');
  const [anuncio, setAnuncio] = useState('');
  const botones = useRef(new Map<string, HTMLButtonElement | null>());
  const select = useRef<HTMLSelectElement>(null);
  const nombre = (codigo: string) => escuelas.find((e) => e.codigo === codigo)?.nombre ?? codigo;
  const libres = escuelas.filter((e) => !value.includes(e.codigo));
  const lleno = value.length >= max;

  /** After React paints the new order, the focus goes back to the button that was pressed (or its neighbour). */
  const enfocar = (foco: Foco) =>
    requestAnimationFrame(() => {
      if ('agregar' in foco) return select.current?.focus();
      const el = botones.current.get(`${foco.codigo}:${foco.boton}`);
      if (el && !el.disabled) return el.focus();
      const otro = botones.current.get(`${foco.codigo}:${foco.boton === 'subir' ? 'bajar' : 'subir'}`);
      if (otro && !otro.disabled) return otro.focus();
      botones.current.get(`${foco.codigo}:quitar`)?.focus();
    });

  const mover = (i: number, paso: -1 | 1) => {
    const nuevo = [...value];
    const [codigo] = nuevo.splice(i, 1);
    nuevo.splice(i + paso, 0, codigo!);
    onChange(nuevo);
    setAnuncio(T.movida(nombre(codigo!), i + paso + 1));
    enfocar({ codigo: codigo!, boton: paso < 0 ? 'subir' : 'bajar' });
  };

  const quitar = (i: number) => {
    const codigo = value[i]!;
    onChange(value.filter((c) => c !== codigo));
    setAnuncio(T.quitada(nombre(codigo)));
    const vecino = value[i + 1] ?? value[i - 1];
    enfocar(vecino ? { codigo: vecino, boton: 'quitar' } : { agregar: true });
  };

  const sumar = () => {
    if (!agregar || lleno) return;
    onChange([...value, agregar]);
    setAnuncio(T.agregada(nombre(agregar), value.length + 1));
    setAgregar('');
    enfocar({ agregar: true });
  };

  const ayudaId = `${id}-ayuda`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="preferencias mb-3"
      aria-describedby={error ? `${ayudaId} ${errorId}` : ayudaId}
      aria-invalid={error ? true : undefined}
    >
      <legend className={legendOculta ? 'visually-hidden' : 'form-label fs-6 mb-1'}>{PREFERENCIAS_LABEL}</legend>
      <p id={ayudaId} className="form-text mt-0">
        {T.ayuda(max)}
      </p>
      {value.length === 0 ? (
        <p className="text-body-secondary">{T.ninguna}</p>
      ) : (
        <ol className="preferencias__lista list-unstyled mb-2">
          {value.map((codigo, i) => {
            const n = nombre(codigo);
            const ref = (boton: string) => (el: HTMLButtonElement | null) => {
              botones.current.set(`${codigo}:${boton}`, el);
            };
            return (
              <li key={codigo} className="preferencias__item">
                <span className="preferencias__orden" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="preferencias__nombre">
                  <span className="visually-hidden">{T.opcion(i + 1)} </span>
                  {n} <span className="text-body-secondary">({codigo})</span>
                </span>
                <span className="preferencias__botones">
                  <Button
                    ref={ref('subir')}
                    size="sm"
                    variant="outline-secondary"
                    disabled={disabled || i === 0}
                    aria-label={T.subir(n)}
                    onClick={() => mover(i, -1)}
                  >
                    <span aria-hidden="true">↑</span> {T.subirCorto}
                  </Button>
                  <Button
                    ref={ref('bajar')}
                    size="sm"
                    variant="outline-secondary"
                    disabled={disabled || i === value.length - 1}
                    aria-label={T.bajar(n)}
                    onClick={() => mover(i, 1)}
                  >
                    <span aria-hidden="true">↓</span> {T.bajarCorto}
                  </Button>
                  <Button
                    ref={ref('quitar')}
                    size="sm"
                    variant="outline-danger"
                    disabled={disabled}
                    aria-label={T.quitar(n)}
                    onClick={() => quitar(i)}
                  >
                    {T.quitarCorto}
                  </Button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {lleno ? (
        <p className="small mb-0">{T.maximo(max)}</p>
      ) : (
        <div className="preferencias__agregar">
          <Form.Label htmlFor={`${id}-agregar`} className="mb-1">
            {T.agregarEtiqueta}
          </Form.Label>
          <div className="d-flex flex-wrap gap-2">
            <Form.Select
              id={`${id}-agregar`}
              ref={select}
              value={agregar}
              disabled={disabled || libres.length === 0}
              onChange={(e) => setAgregar(e.target.value)}
              className="preferencias__select"
            >
              <option value="">{T.elegir}</option>
              {libres.map((e) => (
                <option key={e.codigo} value={e.codigo}>
                  {e.nombre} ({e.codigo})
                </option>
              ))}
            </Form.Select>
            <Button variant="outline-primary" disabled={disabled || !agregar} onClick={sumar}>
              {T.agregar}
            </Button>
          </div>
        </div>
      )}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
      <div className="visually-hidden" role="status" aria-live="polite">
        {anuncio}
      </div>
    </fieldset>
  );
}

import Form from 'react-bootstrap/Form';
import { rondaDespuesDe } from '@inscripciones/shared/sorteo/drand.ts';
import {
  FUENTE_VALOR_PUBLICO_LABELS as L,
  TIPO_FUENTE_VALOR_PUBLICO_LABELS,
  TIPOS_FUENTE_VALOR_PUBLICO,
  ZFuenteValorPublico,
  describirFuente,
  fuenteDrand,
  type TFuenteValorPublico,
  type TTipoFuenteValorPublico,
} from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';

/** What the operator types for the public value's source (docs/decisions/0027), as text until parsed. */
export interface FuenteDraft {
  tipo: TTipoFuenteValorPublico;
  cantidad: string;
  sorteo: string;
  cifras: string;
  /** `datetime-local` value, in the browser's time. */
  despuesDe: string;
}

/** `YYYY-MM-DDTHH:mm` in the browser's time, for a datetime-local field. */
function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** Three dice by default; drand's round defaults to the first one after five minutes from now. */
export function fuenteDraftInicial(now = new Date()): FuenteDraft {
  return {
    tipo: 'dados',
    cantidad: '3',
    sorteo: '',
    cifras: '3',
    despuesDe: localInput(new Date(now.getTime() + 300_000)),
  };
}

/** The declared source, or null while the draft is not a valid one. */
export function fuenteDe(draft: FuenteDraft): TFuenteValorPublico | null {
  const n = (s: string) => (s.trim() === '' ? NaN : Number(s));
  if (draft.tipo === 'drand') {
    const at = new Date(draft.despuesDe);
    return Number.isNaN(at.getTime()) ? null : fuenteDrand(at.toISOString());
  }
  const raw =
    draft.tipo === 'dados'
      ? { tipo: 'dados', cantidad: n(draft.cantidad) }
      : { tipo: 'loteria', sorteo: draft.sorteo.trim(), cantidad: n(draft.cantidad), cifras: n(draft.cifras) };
  const parsed = ZFuenteValorPublico.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The source of the public value, declared before the start: dice (how many), a lottery draw (which, how many
 * numbers, how many digits) or a drand round (the first after a time, shown with its number).
 */
export function FuenteField(props: {
  draft: FuenteDraft;
  onChange: (draft: FuenteDraft) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const { draft, onChange, invalid, disabled } = props;
  const set = (patch: Partial<FuenteDraft>) => onChange({ ...draft, ...patch });
  const fuente = fuenteDe(draft);
  const at = new Date(draft.despuesDe);
  const ronda = Number.isNaN(at.getTime()) ? null : rondaDespuesDe(at.toISOString());
  return (
    <fieldset className="sorteo-fuente mt-3" disabled={disabled}>
      <Form.Group controlId="sorteo-fuente-tipo">
        <Form.Label>{L.tipo}</Form.Label>
        <Form.Select value={draft.tipo} onChange={(e) => set({ tipo: e.target.value as TTipoFuenteValorPublico })}>
          {TIPOS_FUENTE_VALOR_PUBLICO.map((t) => (
            <option key={t} value={t}>
              {TIPO_FUENTE_VALOR_PUBLICO_LABELS[t]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {draft.tipo === 'loteria' && (
        <Form.Group controlId="sorteo-fuente-sorteo" className="mt-2">
          <Form.Label>{L.sorteo}</Form.Label>
          <Form.Control value={draft.sorteo} maxLength={200} onChange={(e) => set({ sorteo: e.target.value })} />
        </Form.Group>
      )}
      {draft.tipo !== 'drand' && (
        <Form.Group controlId="sorteo-fuente-cantidad" className="mt-2">
          <Form.Label>{draft.tipo === 'dados' ? 'Cantidad de dados' : 'Cantidad de números'}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.cantidad}
            onChange={(e) => set({ cantidad: e.target.value })}
          />
        </Form.Group>
      )}
      {draft.tipo === 'loteria' && (
        <Form.Group controlId="sorteo-fuente-cifras" className="mt-2">
          <Form.Label>{L.cifras}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={6}
            step={1}
            value={draft.cifras}
            onChange={(e) => set({ cifras: e.target.value })}
          />
        </Form.Group>
      )}
      {draft.tipo === 'drand' && (
        <Form.Group controlId="sorteo-fuente-despues" className="mt-2">
          <Form.Label>{L.despuesDe}</Form.Label>
          <Form.Control
            type="datetime-local"
            min={localInput(new Date())}
            value={draft.despuesDe}
            onChange={(e) => set({ despuesDe: e.target.value })}
          />
          {ronda !== null && <Form.Text>{`${L.ronda}: ${ronda}`}</Form.Text>}
        </Form.Group>
      )}
      <p className="small mt-2 mb-0" role={invalid && !fuente ? 'alert' : undefined}>
        {fuente ? describirFuente(fuente) : invalid ? 'Completá la fuente del valor público.' : ''}
      </p>
    </fieldset>
  );
}

import { Link } from 'react-router';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import { FILTRO_TARJETA, type FiltroLista } from '@inscripciones/shared/panel/panel-links.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';

type Tarjeta = keyof typeof FILTRO_TARJETA;

const TARJETAS = Object.keys(FILTRO_TARJETA) as Tarjeta[];

interface PanelCardsProps {
  tarjetas: TPanel['tarjetas'];
  /** The list for a filter, or null when this reader may not filter by it. */
  href: (filtro: FiltroLista) => string | null;
}

/** The season in six numbers; each opens the list filtered the same way. */
export function PanelCards({ tarjetas, href }: PanelCardsProps) {
  return (
    <ul className="panel-cards">
      {TARJETAS.map((key) => {
        const label = PANEL_MSG.cards[key];
        const to = href(FILTRO_TARJETA[key]);
        const extra = key === 'estratoBajo' ? ` (${tarjetas.porcentajeEstratoBajo.toLocaleString('es-UY')} %)` : '';
        const body = (
          <>
            <span className="panel-card__value">{tarjetas[key].toLocaleString('es-UY')}</span>
            <span className="panel-card__label">
              {label}
              {extra}
            </span>
          </>
        );
        return (
          <li key={key}>
            {to ? (
              <Link to={to} className="panel-card panel-card--link">
                {body}
              </Link>
            ) : (
              <div className="panel-card">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

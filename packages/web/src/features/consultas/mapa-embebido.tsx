import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import { origenHttps } from '@inscripciones/shared/configuracion/contenido-schema.ts';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's idea of the connection: false after an 'offline' event, true again after 'online'. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** True once the page's CSP refused to frame `url` (the map changed after this page was loaded). */
function useFrameBlocked(url: string): boolean {
  const [blocked, setBlocked] = useState<string | null>(null);
  useEffect(() => {
    const origen = origenHttps(url);
    if (!origen) return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      const directive = event.effectiveDirective || event.violatedDirective;
      if (directive.startsWith('frame-src') && event.blockedURI.toLowerCase().startsWith(origen)) setBlocked(url);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);
  return blocked === url;
}

function Aviso({ children }: { children: ReactNode }) {
  return (
    <div className="ratio ratio-4x3 mapa-embebido">
      <div className="mapa-embebido__aviso" role="status">
        <div>{children}</div>
      </div>
    </div>
  );
}

interface MapaEmbebidoProps {
  /** https address to embed; '' when not configured. */
  url: string;
  /** Accessible name of the frame. */
  titulo: string;
  /** Administrators get a link to the settings screen when the map is missing. */
  puedeConfigurar: boolean;
}

/**
 * An embedded map (SPEC 2 "Consultas"), or a clear Spanish notice instead of a broken frame when its address is
 * not configured, the browser is offline, or the page's CSP (fixed when the page loaded) does not allow it yet.
 * A frame that loads the provider's own error page cannot be told apart from here (another origin): the link
 * under the map is the way out then.
 */
export function MapaEmbebido({ url, titulo, puedeConfigurar }: MapaEmbebidoProps) {
  const online = useOnline();
  const blocked = useFrameBlocked(url);

  if (!url) {
    return (
      <Aviso>
        <p className="fw-semibold mb-1">Mapa no disponible</p>
        <p className="mb-0">
          Todavía no se configuró la dirección de este mapa.{' '}
          {puedeConfigurar ? (
            <Link to="/admin/configuracion">Configurarlo en Administración › Configuración</Link>
          ) : (
            'Pedile a un administrador que lo configure.'
          )}
        </p>
      </Aviso>
    );
  }
  if (!online) {
    return (
      <Aviso>
        <p className="fw-semibold mb-1">Sin conexión a internet</p>
        <p className="mb-0">El mapa no se puede mostrar ahora. Va a aparecer cuando vuelva la conexión.</p>
      </Aviso>
    );
  }
  if (blocked) {
    return (
      <Aviso>
        <p className="fw-semibold mb-1">El mapa cambió</p>
        <p className="mb-2">
          La dirección del mapa se cambió después de abrir esta página. Recargá la página para verlo.
        </p>
        <Button variant="outline-primary" size="sm" onClick={() => window.location.reload()}>
          Recargar la página
        </Button>
      </Aviso>
    );
  }
  return (
    <>
      <div className="ratio ratio-4x3 mapa-embebido">
        <iframe
          src={url}
          title={titulo}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          allowFullScreen
        />
      </div>
      <p className="small mt-2 mb-0">
        ¿No se ve el mapa?{' '}
        <a href={url} target="_blank" rel="noopener noreferrer">
          Abrilo en una pestaña nueva<span className="visually-hidden"> ({titulo})</span>
        </a>
        .
      </p>
    </>
  );
}

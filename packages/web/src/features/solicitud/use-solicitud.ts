import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDocumentoSubido, TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { ApiError } from '../../lib/api-client.ts';
import { guardarSolicitud, leerSolicitud, type Llave } from './solicitud-api.ts';
import { datosLocales, olvidar, recordarDatos, recordarLlave } from './solicitud-storage.ts';
import { validar } from './validar.ts';

/**
 * The family's application in this browser (its id and code found by the page: just created, from the private
 * link or from what the browser remembers), its form kept here on every change and saved to the server a moment after typing stops (and at
 * once when the page is hidden), so neither a reload nor a dropped connection loses anything.
 */

export type EstadoGuardado = 'guardado' | 'guardando' | 'pendiente' | 'sin-conexion' | 'error';

/** Time after the last change before the draft is saved. */
const PAUSA_GUARDADO_MS = 800;

export function useSolicitud(llave: Llave, onPerdida: () => void) {
  const [solicitud, setSolicitud] = useState<TSolicitud | null>(null);
  const [datos, setDatos] = useState<Record<string, unknown>>({});
  const [cargando, setCargando] = useState(true);
  const [guardado, setGuardado] = useState<EstadoGuardado>('guardado');
  const [erroresServidor, setErroresServidor] = useState<Record<string, string>>({});
  const sucio = useRef(false);
  const enCurso = useRef<Promise<void> | null>(null);
  const ultimo = useRef<{ llave: Llave; datos: Record<string, unknown> }>({ llave, datos });
  ultimo.current = { llave, datos };
  const perdida = useRef(onPerdida);
  perdida.current = onPerdida;

  const abrir = useCallback(async (l: Llave) => {
    setCargando(true);
    try {
      const s = await leerSolicitud(l);
      recordarLlave(l);
      setSolicitud(s);
      const locales = s.estado === 'borrador' || s.estado === 'devuelta' ? datosLocales(s.id) : null;
      // The ranked schools travel beside the sections' data; in the form they are one more value.
      setDatos(locales ?? (s.preferencias ? { ...s.datos, preferencias: s.preferencias } : s.datos));
      sucio.current = !!locales;
    } catch (e) {
      // A link or a remembered application that no longer opens (wrong, expired): start over.
      if (e instanceof ApiError && e.status === 404) {
        olvidar();
        perdida.current();
      } else setGuardado('sin-conexion');
    } finally {
      setCargando(false);
    }
  }, []);

  useEffect(() => {
    void abrir(llave);
  }, [abrir, llave]);

  const guardarAhora = useCallback(async (): Promise<void> => {
    if (enCurso.current) await enCurso.current;
    const { llave: l, datos: d } = ultimo.current;
    if (!sucio.current) return;
    sucio.current = false;
    setGuardado('guardando');
    const tarea = (async () => {
      try {
        const s = await guardarSolicitud(l, validar(d, new Date()).guardable);
        setSolicitud(s);
        setErroresServidor({});
        setGuardado(sucio.current ? 'pendiente' : 'guardado');
      } catch (e) {
        sucio.current = true;
        if (e instanceof ApiError && e.status === 400 && e.fields) {
          setErroresServidor(Object.fromEntries(e.fields.map((f) => [f.field.split('.')[0]!, f.message])));
          setGuardado('error');
        } else if (e instanceof ApiError && e.status === 409) {
          setSolicitud(await leerSolicitud(l).catch(() => null));
          sucio.current = false;
          setGuardado('guardado');
        } else setGuardado(e instanceof ApiError && e.isNetworkError ? 'sin-conexion' : 'error');
      }
    })();
    enCurso.current = tarea;
    await tarea;
    enCurso.current = null;
  }, []);

  const cambiar = useCallback((campo: string, valor: unknown) => {
    setDatos((antes) => {
      const nuevos = { ...antes, [campo]: valor };
      recordarDatos(ultimo.current.llave.id, nuevos);
      return nuevos;
    });
    sucio.current = true;
    setGuardado('pendiente');
  }, []);

  // Saves a moment after the last change.
  useEffect(() => {
    if (!sucio.current) return;
    const t = window.setTimeout(() => void guardarAhora(), PAUSA_GUARDADO_MS);
    return () => window.clearTimeout(t);
  }, [datos, llave, guardarAhora]);

  // Hidden (tab switched, phone locked) or back online: save what is pending now.
  useEffect(() => {
    const ahora = () => {
      if (document.visibilityState === 'hidden' || navigator.onLine) void guardarAhora();
    };
    document.addEventListener('visibilitychange', ahora);
    window.addEventListener('online', ahora);
    return () => {
      document.removeEventListener('visibilitychange', ahora);
      window.removeEventListener('online', ahora);
    };
  }, [guardarAhora]);

  const documentoSubido = useCallback((doc: TDocumentoSubido) => {
    setSolicitud((s) => s && { ...s, documentos: [...s.documentos.filter((d) => d.clase !== doc.clase), doc] });
  }, []);

  return {
    llave,
    solicitud,
    setSolicitud,
    datos,
    cargando,
    guardado,
    erroresServidor,
    cambiar,
    guardarAhora,
    documentoSubido,
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDocumentoSubido, TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { ApiError } from '../../lib/api-client.ts';
import { guardarSolicitud, leerSolicitud, type Llave } from './solicitud-api.ts';
import {
  datosLocales,
  llaveDelEnlace,
  llaveGuardada,
  olvidar,
  recordarDatos,
  recordarLlave,
} from './solicitud-storage.ts';
import { validar } from './validar.ts';

/**
 * The family's application in this browser: found again from the private link or from what the browser
 * remembers, its form kept here on every change and saved to the server a moment after typing stops (and at
 * once when the page is hidden), so neither a reload nor a dropped connection loses anything.
 */

export type EstadoGuardado = 'guardado' | 'guardando' | 'pendiente' | 'sin-conexion' | 'error';

/** Time after the last change before the draft is saved. */
const PAUSA_GUARDADO_MS = 800;

export function useSolicitud() {
  const [llave, setLlave] = useState<Llave | null>(null);
  const [solicitud, setSolicitud] = useState<TSolicitud | null>(null);
  const [datos, setDatos] = useState<Record<string, unknown>>({});
  const [cargando, setCargando] = useState(true);
  const [perdida, setPerdida] = useState(false);
  const [guardado, setGuardado] = useState<EstadoGuardado>('guardado');
  const [erroresServidor, setErroresServidor] = useState<Record<string, string>>({});
  const sucio = useRef(false);
  const enCurso = useRef<Promise<void> | null>(null);
  const ultimo = useRef<{ llave: Llave | null; datos: Record<string, unknown> }>({ llave: null, datos: {} });
  ultimo.current = { llave, datos };

  const abrir = useCallback(async (l: Llave) => {
    setCargando(true);
    try {
      const s = await leerSolicitud(l);
      recordarLlave(l);
      setLlave(l);
      setSolicitud(s);
      const locales = s.estado === 'borrador' || s.estado === 'devuelta' ? datosLocales(s.id) : null;
      // The ranked schools travel beside the sections' data; in the form they are one more value.
      setDatos(locales ?? (s.preferencias ? { ...s.datos, preferencias: s.preferencias } : s.datos));
      sucio.current = !!locales;
    } catch (e) {
      // A link or a remembered application that no longer opens (wrong, expired): start over.
      if (e instanceof ApiError && e.status === 404) {
        olvidar();
        setPerdida(true);
      } else setGuardado('sin-conexion');
    } finally {
      setCargando(false);
    }
  }, []);

  useEffect(() => {
    const delEnlace = llaveDelEnlace();
    // The code leaves the address bar once read, so a shared phone's history does not keep it.
    if (delEnlace) window.history.replaceState(null, '', window.location.pathname + window.location.search);
    const l = delEnlace ?? llaveGuardada();
    if (l) void abrir(l);
    else setCargando(false);
  }, [abrir]);

  const guardarAhora = useCallback(async (): Promise<void> => {
    if (enCurso.current) await enCurso.current;
    const { llave: l, datos: d } = ultimo.current;
    if (!l || !sucio.current) return;
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
      const id = ultimo.current.llave?.id;
      if (id) recordarDatos(id, nuevos);
      return nuevos;
    });
    sucio.current = true;
    setGuardado('pendiente');
  }, []);

  // Saves a moment after the last change.
  useEffect(() => {
    if (!sucio.current || !llave) return;
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

  const empezar = useCallback(
    (l: Llave) => {
      recordarLlave(l);
      setPerdida(false);
      void abrir(l);
    },
    [abrir],
  );

  const documentoSubido = useCallback((doc: TDocumentoSubido) => {
    setSolicitud((s) => s && { ...s, documentos: [...s.documentos.filter((d) => d.clase !== doc.clase), doc] });
  }, []);

  return {
    llave,
    solicitud,
    setSolicitud,
    datos,
    cargando,
    perdida,
    guardado,
    erroresServidor,
    cambiar,
    guardarAhora,
    empezar,
    documentoSubido,
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp } from './test/helper.ts';
import { CODIGOS, montarRed, type Codigo, type RedDePrueba } from './test/red-test-data.ts';
import { buildInscripto, uniqueCi } from './test/inscriptos-fixtures.ts';
import { CODIGO_HEADER, solicitudEnviada, type SolicitudDePrueba } from './test/solicitudes-fixtures.ts';

/**
 * A family's online application and its documents stay in the school it applied to (decisions 0036, 0038): the
 * other school's staff, naming their own school, none, or the family's school (where they have no role), get
 * 404 for it and its documents, with none of its words or bytes; the family's code opens it only at its school.
 */

/** Words of each school's application found nowhere else. */
const FAMILIA: Record<Codigo, { nombre1: string; apellido1: string; contacto: string }> = {
  principal: { nombre1: 'Eduviges', apellido1: 'Solicitaprin', contacto: 'eduviges.solicitaprin@correo.uy' },
  norte: { nombre1: 'Hermenegilda', apellido1: 'Solicitanor', contacto: 'hermenegilda.solicitanor@correo.uy' },
};

interface Enviada {
  s: SolicitudDePrueba;
  /** The version staff read: a return with it would be taken. */
  version: number;
  /** Each document's id and its bytes as the school's own staff get them. */
  documentos: { id: string; bytes: Buffer }[];
  /** What no answer of the other school may hold: the family's words, the CI, the ids, the code. */
  marcas: string[];
}

const otraDe = (codigo: Codigo) => CODIGOS.find((c) => c !== codigo)!;

describe.each(DIALECTS)("one school's online applications, out of another school's reach (%s)", (dialect) => {
  let t: TestApp;
  let red: RedDePrueba;
  const enviadas = {} as Record<Codigo, Enviada>;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    red = await montarRed(t.app);
    for (const [i, codigo] of CODIGOS.entries()) {
      const { contacto, ...nombres } = FAMILIA[codigo];
      const datos = buildInscripto(new Date(), { ...nombres, nombre2: undefined, ci: uniqueCi() });
      const s = await solicitudEnviada(t.app, `10.9.0.${i + 1}`, datos, { escuela: codigo, contacto });
      // The school's own staff see it and its documents: what the other school must not.
      const token = red.escuelas[codigo].tokens.voluntario;
      const ver = await get(`/api/solicitudes/${s.id}/verificacion?escuela=${codigo}`, bearer(token));
      expect(ver.statusCode, ver.body).toBe(200);
      const documentos = [];
      for (const { id } of ver.json().documentos as { id: string }[]) {
        const doc = await get(`/api/solicitudes/${s.id}/documentos/${id}?escuela=${codigo}`, bearer(token));
        expect(doc.statusCode).toBe(200);
        documentos.push({ id, bytes: doc.rawPayload });
      }
      expect(documentos).toHaveLength(2);
      const marcas = [...Object.values(FAMILIA[codigo]), datos.ci!, s.id, s.codigo, ...documentos.map((d) => d.id)];
      enviadas[codigo] = { s, version: ver.json().version, documentos, marcas };
    }
  }, 90_000);
  afterAll(() => t?.close());

  /** The application's words and document bytes found in an answer. */
  function fugas(cuerpo: Buffer, de: Enviada): string[] {
    const texto = cuerpo.toString('latin1').toLowerCase();
    const palabras = de.marcas.filter((m) => texto.includes(m.toLowerCase()));
    // A run of each document's bytes past its header (which every file of its kind shares).
    const bytes = de.documentos.filter((d) => cuerpo.includes(d.bytes.subarray(16, 80))).map((d) => `bytes ${d.id}`);
    return [...palabras, ...bytes];
  }

  it.each(CODIGOS)(
    "%s's application and documents, asked by the other school's administrator and volunteer: 404, nothing of them",
    async (codigo) => {
      const suya = enviadas[codigo];
      const otra = otraDe(codigo);
      const { id } = suya.s;
      const rutas = [
        `/api/solicitudes/${id}/verificacion`,
        ...suya.documentos.map((d) => `/api/solicitudes/${id}/documentos/${d.id}`),
      ];
      const wrong: string[] = [];
      for (const role of ['administrador', 'voluntario'] as const) {
        const headers = bearer(red.escuelas[otra].tokens[role]);
        // Their school named, none (their only school), and the family's school, where they have no role.
        for (const q of [`?escuela=${otra}`, '', `?escuela=${codigo}`]) {
          for (const ruta of rutas) {
            const res = await get(ruta + q, headers);
            const halladas = fugas(res.rawPayload, suya);
            if (res.statusCode !== 404 || halladas.length) {
              wrong.push(`${role} ${ruta}${q}: ${res.statusCode} ${halladas.join(', ')}`);
            }
          }
          // Returning it to the family is refused the same way, and changes nothing.
          const devolver = await t.app.inject({
            method: 'POST',
            url: `/api/solicitudes/${id}/devolver${q}`,
            headers,
            payload: { version: suya.version, nota: 'Intento desde otra escuela' },
          });
          if (devolver.statusCode !== 404) wrong.push(`${role} devolver${q}: ${devolver.statusCode}`);
          // Their list has none of it.
          for (const estado of ['', '&estado=enviada']) {
            const lista = await get(`/api/solicitudes?escuela=${otra}${estado}`, headers);
            expect(lista.statusCode).toBe(200);
            const halladas = fugas(lista.rawPayload, suya);
            if (halladas.length) wrong.push(`${role} lista${estado}: ${halladas.join(', ')}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      const propia = await get(
        `/api/solicitudes/${id}/verificacion?escuela=${codigo}`,
        bearer(red.escuelas[codigo].tokens.administrador),
      );
      expect(propia.json()).toMatchObject({ estado: 'enviada', nota: null });
    },
    60_000,
  );

  it.each(CODIGOS)(
    "%s's family code, asked of the other school's public route: 404, as for no application",
    async (codigo) => {
      const suya = enviadas[codigo];
      const { id, codigo: clave } = suya.s;
      const conCodigo = { [CODIGO_HEADER]: clave };
      const ajena = await get(`/api/solicitudes/${id}?escuela=${otraDe(codigo)}`, conCodigo);
      expect(ajena.statusCode).toBe(404);
      expect(ajena.json()).toMatchObject({ message: SOLICITUD_TEXTOS.noEncontrada });
      expect(fugas(ajena.rawPayload, suya)).toEqual([]);
      // The same id and code at its own school open it.
      const propia = await get(`/api/solicitudes/${id}?escuela=${codigo}`, conCodigo);
      expect(propia.statusCode).toBe(200);
      expect(propia.json()).toMatchObject({ estado: 'enviada', contacto: FAMILIA[codigo].contacto });
    },
  );
});

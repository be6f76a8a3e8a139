import { describe, expect, it } from 'vitest';
import { INSCRIPTO_MSG } from '../inscriptos/messages.ts';
import { zodIssuesToFields } from '../validation-errors.ts';
import {
  CAMPOS_POR_CAMBIAR,
  CONTENIDO_LABELS,
  camposDeEjemplo,
  contenidoDesdeGuardado,
  contenidoPorDefecto,
  origenHttps,
  origenesDeMapas,
  parseArchivoContenido,
  srcDeIframe,
  ZContenido,
  ZContenidoUpdate,
  type TContenido,
} from './contenido-schema.ts';
import { enlaceTelefono, fechaEnPalabras, lineasDeHorario, textosSorteo } from './textos.ts';
import { ACTIVIDADES, preguntasFrecuentes } from './preguntas.ts';
import archivo from './contenido-inicial.json' with { type: 'json' };

const HOY = new Date('2026-06-18T15:00:00Z');
const base = (): TContenido => contenidoPorDefecto(HOY);

function fieldsOf(input: unknown) {
  const r = ZContenido.safeParse(input);
  return r.success ? [] : zodIssuesToFields(r.error.issues, CONTENIDO_LABELS);
}

describe('the data file and the defaults', () => {
  it('is valid, and its defaults are the SPEC values (31 October, 14:00, Comedor de Secundaria)', () => {
    const c = base();
    expect(ZContenido.parse(c)).toEqual(c);
    expect(c).toMatchObject({
      sorteoFecha: '2026-10-31',
      sorteoHora: '14:00',
      sorteoLugar: 'Comedor de Secundaria (presencial)',
      anioIngreso: 2027,
      plazasNenas: 28,
      plazasVarones: 28,
      mapaZonasUrl: '',
      mapaCalleUrl: '',
    });
    expect(lineasDeHorario(c.horarios)).toEqual(['Lunes a viernes de 8:00 a 18:00', 'Sábados de 9:00 a 13:00']);
  });

  it('uses the year in Montevideo: at 23:30 of 31 December there it is still that year', () => {
    expect(contenidoPorDefecto(new Date('2027-01-01T02:30:00Z')).sorteoFecha).toBe('2026-10-31');
  });

  it('marks the example values to be changed until they are', () => {
    expect(CAMPOS_POR_CAMBIAR).toEqual(['escuelaNombre', 'telefono', 'email', 'contactoNombre', 'direccion']);
    expect(camposDeEjemplo(base())).toEqual(['escuelaNombre', 'telefono', 'email', 'contactoNombre', 'direccion']);
    expect(
      camposDeEjemplo({
        ...base(),
        escuelaNombre: 'Escuela N.º 123',
        telefono: '2900 1234',
        direccion: 'Av. Italia 1234',
        email: 'info@escuela.edu.uy',
      }),
    ).toEqual(['contactoNombre']);
  });

  it('refuses a malformed data file with a message naming the problem', () => {
    expect(() => parseArchivoContenido({ ...archivo, sorteoDiaMes: '31-10' })).toThrow(/sorteoDiaMes/);
    expect(() => parseArchivoContenido({ ...archivo, contenido: { ...archivo.contenido, telefono: '' } })).toThrow(
      /contenido\.telefono/,
    );
    expect(() => parseArchivoContenido({ ...archivo, porCambiar: ['nada'] })).toThrow(/porCambiar/);
  });
});

describe('ZContenido', () => {
  it('has the school address and the opening hours the offers fall in', () => {
    expect(base()).toMatchObject({ horarioApertura: '08:00', horarioCierre: '18:00', diasAtencion: 'lunes-a-viernes' });
    expect(fieldsOf({ ...base(), horarioApertura: '16:00', horarioCierre: '08:00' })).toEqual([
      expect.objectContaining({
        field: 'horarioCierre',
        message: 'Cierra a las: tiene que ser después de la hora de apertura (16:00)',
      }),
    ]);
    expect(fieldsOf({ ...base(), horarioApertura: '8', diasAtencion: 'domingos', direccion: '' })).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'horarioApertura', label: 'Abre a las' }),
        expect.objectContaining({ field: 'diasAtencion', label: 'Días de atención' }),
        expect.objectContaining({ field: 'direccion', message: 'Dirección de la escuela: este campo es obligatorio' }),
      ]),
    );
  });

  it('names each invalid field by its Spanish label', () => {
    const fields = fieldsOf({
      ...base(),
      escuelaNombre: 'x'.repeat(151),
      telefono: 'llamar',
      email: 'sin-arroba',
      contactoNombre: '  ',
      sorteoFecha: '2026-02-30',
      sorteoHora: '25:00',
      anioIngreso: 1999,
      plazasNenas: 2.5,
      plazasVarones: -1,
      mapaZonasUrl: 'http://mapas.example.org/x',
      transmisionUrl: 'javascript:alert(1)',
    });
    const byField = Object.fromEntries(fields.map((f) => [f.field, f]));
    expect(Object.keys(byField).sort()).toEqual(
      [
        'escuelaNombre',
        'telefono',
        'email',
        'contactoNombre',
        'sorteoFecha',
        'sorteoHora',
        'anioIngreso',
        'plazasNenas',
        'plazasVarones',
        'mapaZonasUrl',
        'transmisionUrl',
      ].sort(),
    );
    expect(byField.telefono!.label).toBe('Teléfono');
    expect(byField.escuelaNombre!.message).toBe('Nombre de la escuela: como máximo 150 caracteres');
    expect(fieldsOf({ ...base(), escuelaNombre: ' ' })).toEqual([
      expect.objectContaining({ field: 'escuelaNombre', message: 'Nombre de la escuela: este campo es obligatorio' }),
    ]);
    expect(byField.sorteoFecha!.message).toBe('Fecha del sorteo: ingresá una fecha válida');
    expect(byField.mapaZonasUrl!.message).toMatch(
      /^Mapa de límites de zona: tiene que ser una dirección que empiece con https:\/\//,
    );
    expect(byField.plazasNenas!.message).toBe('Plazas para nenas: tiene que ser un número entero entre 0 y 1000');
  });

  it('rejects unknown fields and requires the version on PUT', () => {
    expect(ZContenido.safeParse({ ...base(), extra: 1 }).success).toBe(false);
    expect(ZContenidoUpdate.safeParse(base()).success).toBe(false);
    expect(ZContenidoUpdate.safeParse({ ...base(), version: 0 }).success).toBe(true);
    expect(ZContenidoUpdate.safeParse({ ...base(), version: 0, extra: 1 }).success).toBe(false);
  });

  it('trims text and takes the address out of a pasted <iframe> snippet', () => {
    const snippet =
      '<iframe src="https://www.google.com/maps/d/embed?mid=1AbC&amp;ehbc=2E312F" width="640" height="480"></iframe>';
    const c = ZContenido.parse({ ...base(), telefono: '  2900 1234 ', mapaZonasUrl: snippet });
    expect(c.telefono).toBe('2900 1234');
    expect(c.mapaZonasUrl).toBe('https://www.google.com/maps/d/embed?mid=1AbC&ehbc=2E312F');
    expect(srcDeIframe('https://ya.es/una-url')).toBe('https://ya.es/una-url');
  });
});

describe('map origins (CSP frame-src)', () => {
  it('keeps only https origins, lower case, without the default port and without repeats', () => {
    expect(origenHttps('https://WWW.Google.com/maps/embed?pb=1')).toBe('https://www.google.com');
    expect(origenHttps('https://mapas.example.org:8443/x')).toBe('https://mapas.example.org:8443');
    expect(origenHttps('https://mapas.example.org:443/x')).toBe('https://mapas.example.org');
    expect(origenHttps('http://mapas.example.org/')).toBeNull();
    expect(origenHttps('https://a.example.org/x y')).toBeNull();
    expect(origenHttps("https://a.example.org/'; script-src *")).toBeNull();
    expect(origenHttps('https://user:pw@a.example.org/')).toBeNull();
    expect(
      origenesDeMapas({
        mapaZonasUrl: 'https://www.google.com/maps/d/embed?mid=1',
        mapaCalleUrl: 'https://www.google.com/maps/embed?pb=2',
      }),
    ).toEqual(['https://www.google.com']);
    expect(origenesDeMapas({ mapaZonasUrl: '', mapaCalleUrl: '' })).toEqual([]);
  });
});

describe('stored content read back', () => {
  it('fills fields a later schema added and replaces fields that no longer validate', () => {
    const { telefono: _t, ...sinTelefono } = { ...base(), email: 'info@escuela.edu.uy' };
    const leido = contenidoDesdeGuardado({ ...sinTelefono, sorteoHora: 'mediodía', viejo: true }, base());
    expect(leido).toEqual({ ...base(), email: 'info@escuela.edu.uy' });
    expect(contenidoDesdeGuardado(null, base())).toEqual(base());
  });

  it('reads content saved before the school name existed: the name is the default example', () => {
    const { escuelaNombre: _e, ...antiguo } = { ...base(), telefono: '2900 1234' };
    const leido = contenidoDesdeGuardado(antiguo, base());
    expect(leido).toEqual({ ...base(), telefono: '2900 1234' });
    expect(camposDeEjemplo(leido)).toContain('escuelaNombre');
  });
});

describe('texts', () => {
  it('with the defaults, says exactly what the finalised modal said (SPEC 2)', () => {
    const t = textosSorteo(base());
    expect(t.fecha).toBe(INSCRIPTO_MSG.lotteryDate);
    expect(t.hora).toBe(INSCRIPTO_MSG.lotteryTime);
    expect(t.lugar).toBe(INSCRIPTO_MSG.lotteryPlace);
    expect(t.info).toBe(INSCRIPTO_MSG.lotteryInfo);
  });

  it('follows the configured date, time and place', () => {
    const t = textosSorteo({ ...base(), sorteoFecha: '2026-11-07', sorteoHora: '09:30', sorteoLugar: 'la Biblioteca' });
    expect(t.info).toBe(
      'El sorteo se realizará el 7 de noviembre a las 09:30 horas en la Biblioteca. ' +
        'También se transmitirá en vivo por redes sociales.',
    );
    expect(fechaEnPalabras('2026-09-01')).toBe('1 de setiembre');
  });

  it('makes tel: links from phones as written', () => {
    expect(enlaceTelefono('2900 1234 int. 5')).toBe('tel:290012345');
    expect(enlaceTelefono('+598 2900-1234')).toBe('tel:+59829001234');
  });
});

describe('FAQ (SPEC 2 "Consultas")', () => {
  it('has the two groups and every answer of the spec', () => {
    const grupos = preguntasFrecuentes(base());
    expect(grupos.map((g) => g.titulo)).toEqual(['Inscriptores', 'Adultos Referentes']);
    const todo = JSON.stringify(grupos);
    for (const esperado of [
      'Secundaria',
      'hermanos que se inscriben el mismo año se sortean primero',
      'documento argentino',
      '6 años cumplidos al 1 de enero de 2027',
      'cédula de identidad',
      'pruebas de aptitud',
      'formación religiosa',
      'fuera del horario escolar',
      'de lunes a viernes de 9:00 a 18:00 y los sábados de 9:00 a 13:00',
      'zona definida',
      'marzo',
      'comedor y transporte escolar',
      'necesidades educativas especiales',
      'gratuita',
      'uniforme se entrega gratis',
      'lista de espera',
      '31 de octubre a las 14:00 horas',
    ]) {
      expect(todo).toContain(esperado);
    }
    expect(grupos[1]!.preguntas.find((p) => p.id === 'actividades')!.lista).toEqual([...ACTIVIDADES]);
    const ids = grupos.flatMap((g) => g.preguntas.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the out-of-zone contact and links the broadcast when configured', () => {
    const c = {
      ...base(),
      contactoNombre: 'Laura Pérez (Dirección)',
      transmisionUrl: 'https://www.youtube.com/@escuela',
    };
    const grupos = preguntasFrecuentes(c);
    expect(JSON.stringify(grupos)).toContain('consultá con Laura Pérez (Dirección)');
    const sorteo = grupos[1]!.preguntas.find((p) => p.id === 'fecha-sorteo')!;
    expect(sorteo.enlace).toEqual({ texto: 'Ver la transmisión en vivo', url: 'https://www.youtube.com/@escuela' });
    expect(preguntasFrecuentes(base())[1]!.preguntas.find((p) => p.id === 'fecha-sorteo')!.enlace).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  DOCUMENTO_ACCEPT,
  DOCUMENTO_CLASE_LABELS,
  DOCUMENTO_EXTENSION,
  DOCUMENTO_EXTENSIONES_ACEPTADAS,
  DOCUMENTO_MAX_BYTES,
  DOCUMENTO_MIME,
  DOCUMENTO_MIMES_ACEPTADOS,
  DOCUMENTO_TIPOS_ARCHIVO,
  ZDocumentoClase,
} from './documentos.ts';
import { SOLICITUD_MSG } from './messages.ts';

describe('documentos de la solicitud', () => {
  it('caps a file at 5 MB and says so', () => {
    expect(DOCUMENTO_MAX_BYTES).toBe(5_242_880);
    expect(SOLICITUD_MSG.documentoPesado).toMatch(/^El archivo pesa más de 5 MB\. /);
  });

  it('accepts its own MIME type and stored extension for each type', () => {
    for (const tipo of DOCUMENTO_TIPOS_ARCHIVO) {
      expect(DOCUMENTO_MIMES_ACEPTADOS[tipo]).toContain(DOCUMENTO_MIME[tipo]);
      expect(DOCUMENTO_EXTENSIONES_ACEPTADAS[tipo]).toContain(DOCUMENTO_EXTENSION[tipo]);
    }
    expect(DOCUMENTO_ACCEPT).toBe('application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.jpe,.jfif,.png');
  });

  it('knows the two documents by their Spanish labels', () => {
    expect(ZDocumentoClase.parse('ci')).toBe('ci');
    expect(ZDocumentoClase.safeParse('pasaporte').success).toBe(false);
    expect(DOCUMENTO_CLASE_LABELS).toEqual({
      ci: 'Cédula de identidad del niño o niña',
      domicilio: 'Constancia de domicilio',
    });
  });

  it('words each refusal for the family, naming the extension it saw', () => {
    expect(SOLICITUD_MSG.documentoTipoDesconocido).toMatch(/^El archivo no es un PDF, JPEG ni PNG\./);
    expect(SOLICITUD_MSG.documentoExtension('pdf')).toMatch(
      /^El contenido del archivo no coincide con su extensión \(\.pdf\)\./,
    );
    expect(SOLICITUD_MSG.documentoNoPermitido).toMatch(
      /^El archivo tiene contenido no permitido \(otro formato escondido o código\)\./,
    );
  });
});

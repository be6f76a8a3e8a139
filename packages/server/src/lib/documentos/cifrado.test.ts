import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { claveDerivada } from '../codigos.ts';
import { claveDocumentos, cifrarDocumento, contextoDocumento, descifrarDocumento } from './cifrado.ts';

const SECRETO = 'un secreto de servidor de al menos treinta y dos caracteres';
const clave = claveDocumentos(SECRETO);
const contexto = contextoDocumento({ escuelaId: 'escuela-1', solicitudId: 'solicitud-7', documentoId: 'doc-3' });
const documento = crypto.randomBytes(100_000);

describe('cifrarDocumento / descifrarDocumento', () => {
  it('round-trips a document, under the key derived for documents only', () => {
    expect(clave.equals(claveDerivada(SECRETO, 'documentos'))).toBe(true);
    expect(clave.equals(claveDerivada(SECRETO, 'codigos-estado'))).toBe(false);
    const cifrado = cifrarDocumento(clave, documento, contexto);
    expect(cifrado.length).toBe(1 + 12 + 16 + documento.length);
    expect(cifrado[0]).toBe(1);
    expect(descifrarDocumento(clave, cifrado, contexto)?.equals(documento)).toBe(true);
    expect(descifrarDocumento(clave, cifrarDocumento(clave, new Uint8Array(0), contexto), contexto)?.length).toBe(0);
  });

  it('uses a fresh IV each time', () => {
    const a = cifrarDocumento(clave, documento, contexto);
    const b = cifrarDocumento(clave, documento, contexto);
    expect(a.subarray(1, 13).equals(b.subarray(1, 13))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('detects tampering with any part: version, IV, tag, data, length', () => {
    const cifrado = cifrarDocumento(clave, documento, contexto);
    for (const i of [0, 1, 12, 13, 28, 29, 5000, cifrado.length - 1]) {
      const alterado = Buffer.from(cifrado);
      alterado[i]! ^= 0x01;
      expect(descifrarDocumento(clave, alterado, contexto), `byte ${i}`).toBeNull();
    }
    expect(descifrarDocumento(clave, cifrado.subarray(0, cifrado.length - 1), contexto)).toBeNull();
    expect(descifrarDocumento(clave, Buffer.concat([cifrado, Buffer.from([0])]), contexto)).toBeNull();
    expect(descifrarDocumento(clave, cifrado.subarray(0, 20), contexto)).toBeNull();
  });

  it('refuses a document copied to another application, school or document', () => {
    const cifrado = cifrarDocumento(clave, documento, contexto);
    for (const otro of [
      { escuelaId: 'escuela-1', solicitudId: 'solicitud-8', documentoId: 'doc-3' },
      { escuelaId: 'escuela-2', solicitudId: 'solicitud-7', documentoId: 'doc-3' },
      { escuelaId: 'escuela-1', solicitudId: 'solicitud-7', documentoId: 'doc-4' },
    ]) {
      expect(descifrarDocumento(clave, cifrado, contextoDocumento(otro))).toBeNull();
    }
  });

  it('keeps the context unambiguous whatever the ids contain', () => {
    const a = contextoDocumento({ escuelaId: 'a|b', solicitudId: 'c', documentoId: 'd' });
    const b = contextoDocumento({ escuelaId: 'a', solicitudId: 'b|c', documentoId: 'd' });
    expect(a).not.toBe(b);
  });

  it('refuses another key (the server secret changed) and a key of the wrong size', () => {
    const cifrado = cifrarDocumento(clave, documento, contexto);
    expect(descifrarDocumento(claveDocumentos(`${SECRETO}!`), cifrado, contexto)).toBeNull();
    expect(() => cifrarDocumento(clave.subarray(0, 16), documento, contexto)).toThrow(/32 bytes/);
  });
});

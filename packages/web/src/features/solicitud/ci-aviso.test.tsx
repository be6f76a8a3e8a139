// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { Campo } from './campo.tsx';
import { RevisarPaso } from './revisar-paso.tsx';

afterEach(cleanup);

const FIRST7 = '6512345';
const valida = `${FIRST7}${ciCheckDigit(FIRST7)}`;
const otroDigito = `${FIRST7}${(ciCheckDigit(FIRST7) + 1) % 10}`;

const CI = INSCRIPTO_FIELDS.find((f) => f.name === 'ci')!;

const solicitud: TSolicitud = {
  id: 's1',
  estado: 'borrador',
  contacto: 'familia@correo.uy',
  datos: {},
  preferencias: null,
  documentos: [],
  version: 1,
  venceEn: null,
  enviadaEn: null,
  nota: null,
  numeroInscripcion: null,
  codigoEstado: null,
};

describe("the online form warns of a CI's check digit as staff entry does, without stopping the family", () => {
  it('under the field, described by it, and never as an error', () => {
    const { rerender } = render(<Campo campo={CI} valor={otroDigito} error={undefined} onChange={() => undefined} />);
    const campo = screen.getByRole('textbox');
    expect(screen.getByText(INSCRIPTO_MSG.ciCheckDigit).id).toBe('solicitud-ci-aviso');
    expect(campo.getAttribute('aria-describedby')).toBe('solicitud-ci-aviso');
    expect(campo.getAttribute('aria-invalid')).toBeNull();

    rerender(<Campo campo={CI} valor={valida} error={undefined} onChange={() => undefined} />);
    expect(screen.queryByText(INSCRIPTO_MSG.ciCheckDigit)).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBeNull();
  });

  it('again before sending, with a way back to the CI; sending stays possible', () => {
    const irA = vi.fn();
    render(
      <RevisarPaso
        llave={{ id: 's1', codigo: 'X' }}
        solicitud={solicitud}
        datos={{ ci: otroDigito }}
        antesDeEnviar={async () => undefined}
        onEnviada={() => undefined}
        irA={irA}
      />,
    );
    expect(screen.getByText(INSCRIPTO_MSG.ciCheckDigit, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revisar la cédula' }));
    expect(irA).toHaveBeenCalledWith(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ayudaDuplicado, candidatoDuplicado } from './duplicado-aviso.tsx';

const vacio = { nombre1: '', apellido1: '', apellido2: '', fechaNacimiento: '', ci: '', hermanosInscriben: [] };

describe('candidatoDuplicado (the body of POST /api/duplicados/verificar)', () => {
  it('waits for a first name, a first surname and a whole birth date or CI', () => {
    expect(candidatoDuplicado(vacio, null)).toBeNull();
    expect(candidatoDuplicado({ ...vacio, nombre1: 'Lucía', apellido1: 'Pérez' }, null)).toBeNull();
    // A birth date or CI still being typed is no match to check yet.
    expect(
      candidatoDuplicado({ ...vacio, nombre1: 'Lucía', apellido1: 'Pérez', fechaNacimiento: '05/03' }, null),
    ).toBeNull();
    expect(candidatoDuplicado({ ...vacio, nombre1: 'Lucía', apellido1: 'Pérez', ci: '7123' }, null)).toBeNull();
    expect(
      candidatoDuplicado({ ...vacio, nombre1: ' Lucía ', apellido1: 'Pérez', fechaNacimiento: '2020-03-05' }, null),
    ).toEqual({ nombre1: 'Lucía', apellido1: 'Pérez', fechaNacimiento: '2020-03-05' });
  });

  it('sends the record id, a usable CI, and the listed siblings with a name (their CI only when usable)', () => {
    const body = candidatoDuplicado(
      {
        nombre1: 'Lucía',
        apellido1: 'Pérez',
        apellido2: 'García',
        fechaNacimiento: '2020-03-05x',
        ci: '71234563',
        hermanosInscriben: [
          { nombre: 'Mateo Pérez', ci: '7123' },
          { nombre: ' ', ci: '71234563' },
        ],
      },
      '0193a3c0-0000-7000-8000-000000000001',
    );
    expect(body).toEqual({
      id: '0193a3c0-0000-7000-8000-000000000001',
      nombre1: 'Lucía',
      apellido1: 'Pérez',
      apellido2: 'García',
      ci: '71234563',
      hermanosInscriben: [{ nombre: 'Mateo Pérez' }],
    });
  });
});

describe('ayudaDuplicado (the advice under the warning)', () => {
  it('never tells a volunteer to delete, and never says "guardar igual" once the record is saved', () => {
    for (const guardada of [false, true]) {
      expect(ayudaDuplicado('voluntario', guardada)).not.toMatch(/eliminá/i);
    }
    for (const role of ['voluntario', 'administrador'] as const) {
      expect(ayudaDuplicado(role, true)).toMatch(/ya está guardada/);
      expect(ayudaDuplicado(role, true)).not.toMatch(/guardar igual|podés seguir/i);
      expect(ayudaDuplicado(role, false)).toMatch(/no lo cargues de nuevo/);
    }
    expect(ayudaDuplicado('administrador', true)).toMatch(/eliminá la que sobra/);
    expect(ayudaDuplicado('voluntario', true)).toMatch(/avisale a un administrador/);
  });
});

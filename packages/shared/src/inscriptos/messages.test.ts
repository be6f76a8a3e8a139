import { describe, expect, it } from 'vitest';
import { INSCRIPTO_MSG as M } from './messages.ts';

describe('INSCRIPTO_MSG (texts copied from SPEC 8 and 5)', () => {
  it.each([
    [
      M.cannotAdvance('Primer Nombre, Sexo'),
      '❌ No podés avanzar a la siguiente sección. Por favor completá los siguientes campos obligatorios: Primer Nombre, Sexo.',
    ],
    [
      M.cannotFinalize('Barrio, Domicilio'),
      'No se puede finalizar la inscripción. Faltan los siguientes campos obligatorios: Barrio, Domicilio',
    ],
    [M.notCompleteFinalize, 'La inscripción no está completa. Faltan campos obligatorios.'],
    [M.ciDuplicate('Valentina', 'Rodríguez'), 'Esta cédula ya está registrada (Valentina Rodríguez)'],
    [M.ciHint, 'Ingresá 7 dígitos (mayor a 6.000.000) + dígito verificador. El guión se agrega automáticamente.'],
    [
      M.saveFailedBackupPdf('timeout'),
      'Error al guardar en la base de datos. Se ha generado un PDF de respaldo con los datos ingresados. Error: timeout',
    ],
    [M.saveFailedNoBackup('x'), 'Error al guardar la sección y al generar PDF de respaldo: x'],
    [M.sectionSaveFailed('x'), 'Error al guardar la sección: x'],
    [M.finalizeFailed('x'), 'Error al finalizar la inscripción: x'],
    [M.pdfGenerateFailed('Not Found'), 'Error generating PDF: Not Found'],
    [M.importSuccess(10, 2), 'Importación exitosa: 10 registros importados, 2 registros omitidos'],
    [M.importSuccess(1, 1), 'Importación exitosa: 1 registro importado, 1 registro omitido'],
    [M.importSuccess(0, 0), 'Importación exitosa: 0 registros importados, 0 registros omitidos'],
    [M.selected(1), '1 inscripción seleccionada'],
    [
      M.importResumen(1, 0, 1, true),
      'Vista previa: 1 registro se importaría, 0 registros se omitirían, 1 fila se rechazaría por errores o cédulas ya inscriptas',
    ],
    [
      M.importResumen(1, 0, 1),
      'Importación exitosa: 1 registro importado, 0 registros omitidos, 1 fila rechazada por errores o cédulas ya inscriptas',
    ],
    [
      M.importResumen(0, 2, 0),
      'Importación exitosa: 0 registros importados, 2 registros omitidos (número de inscripción ya existente)',
    ],
    [
      M.importResumen(0, 0, 1),
      'No se importó ningún registro: 0 registros importados, 0 registros omitidos, 1 fila rechazada por errores o cédulas ya inscriptas',
    ],
    [
      M.importOpcionInvalida('Barrio', 'Centroo', ['Centro', 'Cordón']),
      'Barrio: «Centroo» no es una opción válida (opciones: Centro, Cordón)',
    ],
    [M.errorsCaption(1), 'Filas con errores (1 fila)'],
    [M.importFailed('archivo dañado'), 'Error al importar: archivo dañado'],
    [M.importFailed(), 'Error al importar: Error al importar archivo Excel'],
    [M.importFailed(''), 'Error al importar: Error al importar archivo Excel'],
    [M.deleted, 'Inscripto eliminado correctamente.'],
    [M.deleteFailed, 'Error al eliminar el inscripto.'],
    [M.showing(1, 10, 25), 'Mostrando 1-10 de 25 inscriptos'],
    [M.page(1, 3), 'Página 1 de 3'],
    [M.andMore(4), 'y 4 más...'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

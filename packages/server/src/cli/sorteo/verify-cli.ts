/**
 * `npm run sorteo:verificar -- <acta.json> [--compromiso <hex>] [--hash <hex>]`: replays a raffle from its JSON
 * acta and confirms every result (docs/decisions/0008). Needs no database. The optional values are the ones
 * shown on the public board at the start: the acta must carry the same. Exit 0 verified, 1 otherwise.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { verifyActa } from '@inscripciones/shared/sorteo/verify-acta.ts';
import { verifyPlazasFile } from './plazas-verify.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { compromiso: { type: 'string' }, hash: { type: 'string' }, plazas: { type: 'string' } },
});
const file = positionals[0];
if (!file) {
  console.error(
    'Uso: npm run sorteo:verificar -- <acta.json> [--compromiso <hex>] [--hash <hex>] [--plazas <registro-publico.json | registro.json>]',
  );
  process.exit(2);
}
let raw: unknown;
try {
  raw = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch (e) {
  console.error(`No se pudo leer ${file}: ${(e as Error).message}`);
  process.exit(1);
}
const result = verifyActa(raw, { compromiso: values.compromiso, participantesHash: values.hash });
if (result.ok) {
  console.log(
    `Acta verificada: ${result.sorteos} sorteos, ${result.titulares} titulares, ${result.suplentes} suplentes` +
      (result.completo ? '' : ' (el sorteo se finalizó antes de terminar)'),
  );
  const plazas = values.plazas ? verifyPlazasFile(raw, values.plazas) : null;
  if (plazas) (plazas.ok ? console.log : console.error)(plazas.line);
  if (plazas && !plazas.ok) process.exitCode = 1;
} else {
  console.error(`Acta NO verificada: ${result.error}`);
  process.exitCode = 1;
}

/**
 * `npm run asignacion:verificar -- <acta.json | https://…/api/asignacion/acta-publica.json> [--compromiso <hex>]
 * [--hash <hex>] [--registro <registro.json | URL>]`: replays a network assignment from its public acta
 * (docs/decisions/0028, 0039) with the same verifier as the browser, and prints the verdict in Spanish. Needs no
 * database. The optional values are the ones announced before the draw: the acta must carry the same. With
 * `--registro`, the roll-up after the assignment is replayed too from the public register of answers. Exit 0
 * verified, 1 otherwise.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { verificarAsignacion } from '@inscripciones/shared/asignacion/verify-asignacion.ts';
import { verificarRegistro } from '@inscripciones/shared/asignacion/verify-registro.ts';

const USO =
  'Uso: npm run asignacion:verificar -- <acta.json | URL del acta> [--compromiso <hex>] [--hash <hex de la lista>] ' +
  '[--registro <registro.json | URL del registro público>]';

async function leer(origen: string): Promise<unknown> {
  if (!/^https?:\/\//i.test(origen)) return JSON.parse(fs.readFileSync(origen, 'utf8'));
  const res = await fetch(origen, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`el servidor respondió ${res.status}`);
  return res.json();
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { compromiso: { type: 'string' }, hash: { type: 'string' }, registro: { type: 'string' } },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USO}`);
    return 1;
  }
  const origen = args.positionals[0];
  if (!origen) {
    console.error(USO);
    return 1;
  }
  let acta: unknown;
  try {
    acta = await leer(origen);
  } catch (e) {
    console.error(`No se pudo leer ${origen}: ${(e as Error).message}`);
    return 1;
  }
  const r = verificarAsignacion(acta, { compromiso: args.values.compromiso, listaHash: args.values.hash });
  if (!r.ok) {
    console.error(`Asignación NO verificada: ${r.error}`);
    for (const d of r.diferencias.slice(1)) console.error(`  ${d}`);
    return 1;
  }
  console.log(
    `Asignación verificada: ${r.postulaciones} postulaciones (${r.ninos} niños), ${r.asignadas} con escuela, ` +
      `${r.sinEscuela} sin escuela. El sorteo y cada resultado coinciden con el acta.`,
  );
  const origenRegistro = args.values.registro;
  if (!origenRegistro) return 0;
  let registro: unknown;
  try {
    registro = await leer(origenRegistro);
  } catch (e) {
    console.error(`No se pudo leer ${origenRegistro}: ${(e as Error).message}`);
    return 1;
  }
  const c = verificarRegistro(acta, registro);
  if (!c.ok) {
    console.error(`Corrimiento NO verificado: ${c.error}`);
    for (const d of c.diferencias.slice(1)) console.error(`  ${d}`);
    return 1;
  }
  console.log(
    `Corrimiento verificado: ${c.respuestas} respuestas y ${c.cambios} cambios de lugar, cada uno como lo da el motor.`,
  );
  return 0;
}

process.exitCode = await main();

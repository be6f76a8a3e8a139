import type { Conservar } from '@inscripciones/shared/sorteo/anonimizar.ts';
import { RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { eventosConMotivo, replaceMotivos } from '../../data/temporadas/temporadas-repository.ts';
import { auditEntriesOfPrefix } from '../../data/auditoria/audit-repository.ts';
import { forgetRecordKeys } from '../../data/auditoria/claves-repository.ts';
import { clearNotas } from '../../data/duplicados/duplicados-repository.ts';
import { claveDeDuplicado, claveDeMotivo } from '../auditoria/personal-changes.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';

/**
 * What staff typed about children a cycle's anonymisation covers (docs/decisions/0017): the reasons given with
 * the offers' answers and the notes of the duplicate pairs resolved as two children. Each answer concerns one
 * child or a whole unit; its reason is replaced unless a child it concerns keeps its data (admitted). A note
 * goes when either child of its pair is anonymised. With them go the keys of their audit digests. Runs before
 * the raffle's frozen list is rewritten (it reads who each answer concerned from it).
 */
export async function anonimizarTextosDelCiclo(
  tx: Transaction<DB>,
  cicloId: string,
  conservar: (sorteoId: string) => Conservar,
  anonimizados: ReadonlySet<string>,
): Promise<void> {
  const claves: string[] = [];
  for (const sorteo of await sorteosDelCiclo(tx, cicloId)) {
    const keep = conservar(sorteo.id);
    const byNumero = new Map(sorteo.units.map((u) => [u.numero, u]));
    const eventos = await eventosConMotivo(tx, sorteo.id, RETENCION_MSG.motivoBorrado);
    const borrar = eventos.filter((e) => {
      const unidad = byNumero.get(Number(e.numero));
      if (!unidad) return false;
      const indices = e.miembro === null ? unidad.miembros.map((_, i) => i) : [Number(e.miembro)];
      return !indices.some((i) => unidad.miembros[i] && keep(unidad.numero, i, unidad.miembros[i]));
    });
    for (let i = 0; i < borrar.length; i += 500) {
      const ids = borrar.slice(i, i + 500).map((e) => e.id);
      await replaceMotivos(tx, ids, RETENCION_MSG.motivoBorrado);
      claves.push(...ids.map(claveDeMotivo));
    }
  }

  // A resolution keeps only the pair's or group's id; its audit entry names the records.
  const resoluciones = await auditEntriesOfPrefix(tx, 'duplicado:');
  const pares = new Set<string>();
  for (const r of resoluciones) {
    const cambios = JSON.parse(r.cambios) as Partial<Record<'a' | 'b' | 'inscriptos', { despues?: string }>>;
    const ids = [cambios.a?.despues, cambios.b?.despues, ...(cambios.inscriptos?.despues?.split(' ') ?? [])];
    if (ids.some((id) => id && anonimizados.has(id))) {
      pares.add(r.inscripto_id.slice('duplicado:'.length));
    }
  }
  const parIds = [...pares];
  for (let i = 0; i < parIds.length; i += 500) {
    const ids = parIds.slice(i, i + 500);
    await clearNotas(tx, ids);
    claves.push(...ids.map(claveDeDuplicado));
  }
  await forgetRecordKeys(tx, claves);
}

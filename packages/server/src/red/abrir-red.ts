import type { Kysely } from 'kysely';
import type { DB, EscuelasTable } from '../db/schema.ts';
import type { Red } from '../domain/context.ts';
import type { Escuelas } from './despacho.ts';
import type { PuertoRed } from '../domain/red/puerto-red.ts';
import { hashPassword } from '../lib/password.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { insertEscuela, nextEscuelaId, setCodigo } from '../data/escuelas/escuelas-repository.ts';
import { insertUser, setMembership } from '../data/users/users-repository.ts';
import { iniciarSondeoDeRed, type DependenciasSondeo } from './sondeo-avisos.ts';
import {
  abrirBaseDeEscuela,
  abrirInstancia,
  opcionesDeBase,
  ubicacionNueva,
  type Instancia,
  type OpcionesInstancia,
} from './instancia.ts';

/**
 * The network's schools as this process serves them (decision 0036): each one's instance, found by code for the
 * dispatch, listed for the network's endpoints, created by them.
 */
export function abrirRed(db: Kysely<DB>) {
  const instancias = new Map<number, Instancia>();
  const todas = () => [...instancias.values()];
  const red: Red = {
    db,
    escuelas: () =>
      todas().map((i) => ({
        id: i.escuela.id,
        codigo: i.escuela.codigo,
        nombre: i.app.escuela.identidad().escuelaNombre,
        database: i.ctx.heavyJobs.database,
      })),
  };
  const escuelas: Escuelas = { todas, porCodigo: (codigo) => todas().find((i) => i.escuela.codigo === codigo) };
  let sondeo: { detener: () => Promise<void> } | undefined;

  async function abrir(fila: EscuelasTable, opciones: OpcionesInstancia): Promise<Instancia> {
    const dbOptions = opcionesDeBase(opciones.config, fila, opciones.pgSchema);
    const database = await abrirBaseDeEscuela(dbOptions, opciones.config, opciones.poolDeLaRed);
    const instancia = await abrirInstancia({ id: fila.id, codigo: fila.codigo }, database, dbOptions, opciones, {
      red: puerto(opciones),
    });
    await instancia.app.ready();
    instancias.set(fila.id, instancia);
    return instancia;
  }

  /** A new school: its row, its guest account (each school has its own), its database. */
  async function crear(codigo: string, opciones: OpcionesInstancia): Promise<Instancia> {
    const principal = todas()[0]!;
    const fila = await db.transaction().execute(async (tx) => {
      const id = await nextEscuelaId(tx);
      const now = principal.ctx.clock().toISOString();
      const nueva = {
        id,
        codigo,
        ubicacion: ubicacionNueva(id, principal.ctx.dialect, opciones.pgSchema),
        creada_en: now,
      };
      await insertEscuela(tx, nueva);
      const guest = newId();
      await insertUser(tx, {
        id: guest,
        username: `${GUEST_CREDENTIALS.username}.${codigo}`,
        password_hash: await hashPassword(GUEST_CREDENTIALS.password),
        nombre: 'Visitante',
        email: `${GUEST_CREDENTIALS.username}.${codigo}@inscripciones.local`,
        rol_red: null,
        activo: 1,
        session_version: 1,
        sistema: 1,
        created_at: now,
        updated_at: now,
      });
      await setMembership(tx, guest, id, 'visitado');
      return nueva;
    });
    return abrir(fila, opciones);
  }

  function puerto(opciones: OpcionesInstancia): PuertoRed {
    return {
      abiertas: () => todas().map((i) => i.app.escuela),
      crear: async (codigo) => (await crear(codigo, opciones)).app.escuela,
      recodificar: async (id, codigo) => {
        await setCodigo(db, id, codigo);
        const instancia = instancias.get(id);
        if (instancia) instancia.escuela.codigo = codigo;
      },
    };
  }

  return {
    red,
    escuelas,
    puerto,
    abrir,
    agregar: (instancia: Instancia) => instancias.set(instancia.escuela.id, instancia),
    /** Starts the one poll of every school's outbox, the schools opened later included. */
    iniciarSondeo(deps: Omit<DependenciasSondeo, 'red' | 'escuelas'>, sondeoMs: number) {
      const outboxes = () =>
        todas().map((i) => ({ id: i.escuela.id, db: i.ctx.db, esquema: i.esquema, avisos: i.avisos }));
      sondeo = iniciarSondeoDeRed({ ...deps, red: db, escuelas: outboxes }, sondeoMs);
    },
    /** Stops the poll and closes every school but the first (whose app closes the process's server). */
    async cerrarOtras() {
      await sondeo?.detener();
      for (const i of todas().slice(1)) await i.app.close();
    },
  };
}

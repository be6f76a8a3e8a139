import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { usersMigration } from './migration-0001-users.ts';
import { inscriptosMigration } from './migration-0002-inscriptos.ts';
import { sorteoMigration } from './migration-0003-sorteo.ts';
import { configuracionMigration } from './migration-0004-configuracion.ts';
import { inscriptosBusquedaMigration } from './migration-0005-inscriptos-busqueda.ts';
import { inscriptosListadoMigration } from './migration-0006-inscriptos-listado.ts';
import { usuarioSistemaMigration } from './migration-0007-usuario-sistema.ts';
import { rateLimitsMigration } from './migration-0008-rate-limits.ts';
import { ciclosMigration, type EntornoSorteo0009 } from './migration-0009-ciclos.ts';
import { accesosMigration } from './migration-0010-accesos.ts';
import { duplicadosMigration } from './migration-0011-duplicados.ts';
import { busquedaMigration } from './migration-0012-busqueda.ts';
import { sorteoConfianzaMigration } from './migration-0013-sorteo-confianza.ts';
import { plazasMigration } from './migration-0014-plazas.ts';
import { retencionMigration } from './migration-0015-retencion.ts';
import { panelMigration } from './migration-0018-panel.ts';
import { unContadorMigration } from './migration-0019-un-contador.ts';
import { codigosEstadoMigration } from './migration-0020-codigos-estado.ts';
import { plazosOfertaMigration } from './migration-0022-plazos-oferta.ts';
import { busquedaPgMigration } from './migration-0023-busqueda-pg.ts';
import { sinRastrosMigration } from './migration-0025-sin-rastros.ts';
import { hermanosCicloMigration } from './migration-0026-hermanos-ciclo.ts';
import { sesionesCerradasMigration } from './migration-0027-sesiones-cerradas.ts';
import { avisosMigration } from './migration-0028-avisos.ts';
import { fuenteValorPublicoMigration } from './migration-0033-fuente-valor-publico.ts';
import { horarioOfertasMigration } from './migration-0035-horario-ofertas.ts';
import { temporadaAvanceMigration } from './migration-0036-temporada-avance.ts';
import { avisosEventosMigration } from './migration-0037-avisos-eventos.ts';
import { duplicadosEliminadosMigration } from './migration-0038-duplicados-eliminados.ts';
import { solicitudesMigration } from './migration-0039-solicitudes.ts';
import { solicitudesVerificacionMigration } from './migration-0043-solicitudes-verificacion.ts';
import { respuestaEnLineaMigration } from './migration-0040-respuesta-en-linea.ts';
import { escuelasMigration } from './migration-0041-escuelas.ts';
import { preferenciasMigration } from './migration-0044-preferencias.ts';
import { asignacionRedMigration } from './migration-0045-asignacion-red.ts';
import { documentosBinariosMigration } from './migration-0046-documentos-binarios.ts';

/**
 * One ordered set of migrations for both dialects, run at start-up. Only portable column types are
 * used (text, integer); see schema.ts. Never edit a migration that has shipped: add a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/**
 * Every migration, by name, each in its own module (migration-NNNN-*.ts) with the literals and copies it wrote:
 * never imported from live code, so changing today's code never changes what an old migration did.
 */
const migrations: Record<string, Migration> = {
  '0001_users': usersMigration,
  '0002_inscriptos': inscriptosMigration,
  '0003_sorteo': sorteoMigration,
  '0004_configuracion': configuracionMigration,
  '0005_inscriptos_busqueda': inscriptosBusquedaMigration,
  '0006_inscriptos_listado': inscriptosListadoMigration,
  '0007_usuario_sistema': usuarioSistemaMigration,
  '0008_rate_limits': rateLimitsMigration,
  '0010_accesos': accesosMigration,
  '0011_duplicados': duplicadosMigration,
  '0012_busqueda': busquedaMigration,
  '0013_sorteo_confianza': sorteoConfianzaMigration,
  '0014_plazas': plazasMigration,
  '0015_retencion': retencionMigration,
  '0018_panel': panelMigration,
  '0019_un_contador': unContadorMigration,
  '0020_codigos_estado': codigosEstadoMigration,
  '0022_plazos_oferta': plazosOfertaMigration,
  '0023_busqueda_pg': busquedaPgMigration,
  '0025_sin_rastros': sinRastrosMigration,
  '0026_hermanos_ciclo': hermanosCicloMigration,
  '0027_sesiones_cerradas': sesionesCerradasMigration,
  '0028_avisos': avisosMigration,
  '0033_fuente_valor_publico': fuenteValorPublicoMigration,
  '0035_horario_ofertas': horarioOfertasMigration,
  '0036_temporada_avance': temporadaAvanceMigration,
  '0037_avisos_eventos': avisosEventosMigration,
  '0038_duplicados_eliminados': duplicadosEliminadosMigration,
  '0039_solicitudes': solicitudesMigration,
  '0040_respuesta_en_linea': respuestaEnLineaMigration,
  '0041_escuelas': escuelasMigration,
  '0043_solicitudes_verificacion': solicitudesVerificacionMigration,
  '0044_preferencias': preferenciasMigration,
  '0045_asignacion_red': asignacionRedMigration,
  '0046_documentos_binarios': documentosBinariosMigration,
};

/**
 * The SORTEO_* values of the configuration in force when a database is upgraded to cycles (a migration gets
 * no config of its own: the caller passes them in).
 */
export interface MigrationInputs {
  sorteo?: EntornoSorteo0009;
}

const providerFor = (inputs: MigrationInputs): MigrationProvider => ({
  getMigrations: async () => ({ ...migrations, '0009_ciclos': ciclosMigration(inputs.sorteo ?? {}) }),
});

/** The schema version a database is at after start-up; SQL backups record it. */
export const LATEST_MIGRATION = [...Object.keys(migrations), '0009_ciclos'].sort().at(-1)!;

const TODAS = [...Object.keys(migrations), '0009_ciclos'].sort().join();

/**
 * Whether every migration is applied already, read from Kysely's own table. Kysely's Migrator looks for its
 * tables by listing every column of every table of the whole database: with a schema per school (decision
 * 0036) that listing grows with the network, and every school's start and creation paid it several times.
 */
async function alDia(db: AnyDb, pgSchema: string | undefined): Promise<boolean> {
  const tabla = pgSchema ? `${pgSchema}.kysely_migration` : 'kysely_migration';
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(tabla)}`.execute(db);
    return (
      rows
        .map((r) => r.name)
        .sort()
        .join() === TODAS
    );
  } catch {
    return false; // a new database: no table yet
  }
}

/** `pgSchema`: the PostgreSQL schema in use when it is not the default (tests isolate suites that way). */
export async function migrateToLatest(db: AnyDb, pgSchema?: string, inputs: MigrationInputs = {}): Promise<void> {
  if (await alDia(db, pgSchema)) return;
  return migrateTo(db, LATEST_MIGRATION, pgSchema, inputs);
}

/** Up (or down) to the named migration: tests build a database as an older version left it. */
export async function migrateTo(
  db: AnyDb,
  target: string,
  pgSchema?: string,
  inputs: MigrationInputs = {},
): Promise<void> {
  const provider = providerFor(inputs);
  const migrator = new Migrator({ db, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, {
      cause: error,
    });
  }
}

import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.ts';

/** What a repository function runs on: the database, or the transaction its service opened. */
export type Executor = Kysely<DB> | Transaction<DB>;

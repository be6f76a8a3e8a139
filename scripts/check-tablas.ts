/**
 * `npm run check:tablas`: each table and the folder of packages/server/src that owns it (docs/ARCHITECTURE.md,
 * "Un dueño por tabla"). Exits 1, listing what breaks the rule, when a table is reached outside data/ or from
 * two of its folders. The scan is packages/server/src/test/table-owners.ts; data/table-owners.test.ts runs it too.
 */
import { tableOwners } from '../packages/server/src/test/table-owners.ts';

const { owners, problems } = tableOwners();
const width = Math.max(...[...owners.keys()].map((t) => t.length));
console.log(`${'table'.padEnd(width)}  owner (packages/server/src/…)`);
for (const [table, folders] of owners) {
  console.log(
    `${table.padEnd(width)}  ${folders.size ? [...folders].sort().join(', ') : '— (only db/: a table of old migrations)'}`,
  );
}
if (problems.length) {
  console.error(`\nOne owner per table is broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`\n${owners.size} tables; none reached from two folders or outside data/ (db/ aside).`);

/**
 * Fails when package-lock.json leaves out an optional platform package that a locked package declares.
 * `npm install` skips optional packages it cannot fetch (the registry this project is built against
 * sometimes lags a release behind for some platforms) and writes such a lock, which `npm ci` then
 * rejects on a clean machine. See docs/decisions/0005-lockfile-and-registry.md.
 */
import fs from 'node:fs';
import path from 'node:path';

type Locked = { version?: string; optionalDependencies?: Record<string, string> };
const lockPath = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { packages: Record<string, Locked> };
const locked = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, '')));

const problems = Object.entries(lock.packages).flatMap(([key, pkg]) => {
  const missing = Object.keys(pkg.optionalDependencies ?? {}).filter((name) => !locked.has(name));
  return missing.length
    ? [`${key}@${pkg.version}: ${missing.length} optional packages not locked (${missing[0]}, ...)`]
    : [];
});
if (problems.length) {
  console.error(`package-lock.json is incomplete; npm ci will fail on a clean machine:\n  ${problems.join('\n  ')}`);
  console.error('Pin the package (package.json "overrides") to a version whose platform packages all exist.');
  process.exit(1);
}
console.log('package-lock.json: every optional platform package is locked');

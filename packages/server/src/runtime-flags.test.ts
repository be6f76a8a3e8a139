import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './runtime-flags.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const scripts = (file: string) =>
  (JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('runtime flags', () => {
  it.each([
    ['package.json', 'start'],
    ['packages/server/package.json', 'start'],
    ['packages/server/package.json', 'dev'],
  ])('%s "%s" starts node with every NODE_FLAGS entry', (file, script) => {
    const command = scripts(file)[script]!;
    expect(command).toMatch(/^node /);
    for (const flag of NODE_FLAGS) expect(command.split(' ')).toContain(flag);
  });
});

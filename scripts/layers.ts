import fs from 'node:fs';
import path from 'node:path';

/**
 * The import rules of docs/ARCHITECTURE.md, generated from the folders (eslint.config.js turns them into
 * `import-x/no-restricted-paths` zones; packages/server/src/lint-zones.test.ts shows each one firing). Only the
 * order of the layers is written by hand: the features, the data owners and the web's features are read from
 * disk, so a new folder gets its rules without anyone listing it.
 */

/** The server's layers, from the bottom: each imports only the layers below it. */
export const SERVER_LAYERS = ['lib', 'db', 'data', 'domain', 'features'] as const;
/** On top of every layer: the composition roots (they wire the features in) and the CLIs. Nothing imports them. */
export const SERVER_ROOTS = ['app.ts', 'server.ts', 'main.ts', 'red', 'cli'] as const;
/** Test support (src/test/ of each package): only tests import it. */
const TEST_SUPPORT = 'test';

export interface Zone {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}

/** A folder's sub-folders, sorted. */
export function foldersIn(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The top level of server/src: folders and files (tests left out: they belong to what they test). */
export interface Layout {
  folders: string[];
  files: string[];
}

export function layoutOf(src: string): Layout {
  const entries = fs.readdirSync(src, { withFileTypes: true });
  return {
    folders: entries.filter((e) => e.isDirectory()).map((e) => e.name),
    files: entries.filter((e) => e.isFile() && !/\.test\.tsx?$/.test(e.name)).map((e) => e.name),
  };
}

/**
 * Every top-level folder and file of server/src is a layer, a root or test support. Anything else throws, so a
 * new folder is a decision (which layer?) and never a place no rule covers.
 */
export function assertServerLayout(layout: Layout): void {
  const known = new Set<string>([...SERVER_LAYERS, ...SERVER_ROOTS, TEST_SUPPORT]);
  const unknown = [...layout.folders.map((f) => `${f}/`), ...layout.files].filter(
    (f) => !known.has(f.replace(/\/$/, '')),
  );
  if (unknown.length) {
    throw new Error(
      `packages/server/src/${unknown.join(', packages/server/src/')} belongs to no layer. Move it into one of ` +
        `${SERVER_LAYERS.join(' < ')} (docs/ARCHITECTURE.md), or add it to SERVER_LAYERS or SERVER_ROOTS in ` +
        'scripts/layers.ts at its place in the order.',
    );
  }
}

const ORDER = `${SERVER_LAYERS.join(' < ')} < ${SERVER_ROOTS.join(', ')}`;

/** Zones of the server at `src` (a path relative to the ESLint root, like './packages/server/src'). */
export function serverZones(src: string, root = process.cwd()): Zone[] {
  const abs = path.resolve(root, src);
  assertServerLayout(layoutOf(abs));
  const at = (p: string) => `${src}/${p}`;
  // (a) Strictly downward: a layer never imports a layer above it, nor a root or a CLI.
  const downward = SERVER_LAYERS.map((layer, i) => {
    const above = [...SERVER_LAYERS.slice(i + 1), ...SERVER_ROOTS];
    return {
      target: at(layer),
      from: above.map(at),
      message: `Lower layers never import higher ones (${ORDER}): ${layer}/ may not import ${above.join(', ')}.`,
    };
  });
  // (b) Features never import each other; (c) nor do the data layer's owners.
  const isolated = (layer: string, message: string) =>
    foldersIn(path.join(abs, layer)).map((folder) => ({
      target: at(`${layer}/${folder}`),
      from: at(layer),
      except: [`./${folder}`],
      message,
    }));
  return [
    ...downward,
    ...isolated('features', 'Features never import each other: move what both need down (lib, data or domain).'),
    ...isolated(
      'data',
      "Data owners never import each other: compose a query over two owners one layer up (domain or a service), in the caller's transaction.",
    ),
    // (d) A route calls its service, never the data layer (route → service → data).
    {
      target: at('features/*/*-routes.ts'),
      from: at('data'),
      message: 'Routes never import the data layer: call a service (route → service → data).',
    },
  ];
}

/** Zones of the web app at `src`: lib/ never imports a feature, and features never import each other. */
export function webZones(src: string, root = process.cwd()): Zone[] {
  const abs = path.resolve(root, src);
  return [
    { target: `${src}/lib`, from: `${src}/features`, message: 'lib/ never imports a feature.' },
    ...foldersIn(path.join(abs, 'features')).map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'Features never import each other: move what both need to shared or lib.',
    })),
  ];
}

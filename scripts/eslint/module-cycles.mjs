import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * `siteledger/no-module-cycle`: the server's modules (apps/server/src/modules/<module>/) must not
 * import each other in a cycle (issue 41). import-x/no-cycle sees files only: deliveries importing
 * purchasing's receipts while purchasing imported deliveries' repo passed it. This rule builds the
 * graph of module folders once per lint run (value imports only: `import type` erases) and
 * reports an import of another module from which this module can be reached again. Cross-module
 * effects go through platform/tx-events.ts instead.
 */

const IMPORT = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

/** The module folder a file is in, or null outside `modulesDir`. */
export function moduleOf(modulesDir, file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first : null;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Module → the modules its files import (values only), with one file and specifier per edge. */
export function moduleGraph(modulesDir) {
  const graph = new Map();
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const [, , typeOnly, spec] = match;
      if (typeOnly || !spec.startsWith('.')) continue;
      const to = moduleOf(modulesDir, path.resolve(path.dirname(file), spec));
      if (!to || to === from) continue;
      const edges = graph.get(from) ?? new Map();
      if (!edges.has(to)) edges.set(to, `${path.relative(modulesDir, file)} → ${spec}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** A path of modules from `start` to `goal` (both included), or null. */
export function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const route = [];
      for (let step = goal; step !== null; step = previous.get(step)) route.unshift(step);
      return route;
    }
    for (const next of graph.get(at)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every cycle edge `from → to` (to reaches from again), for the test and the docs. */
export function cycleEdges(graph) {
  const found = [];
  for (const [from, edges] of graph) {
    for (const [to, where] of edges) {
      const back = pathBetween(graph, to, from);
      if (back) found.push({ from, to, where, back });
    }
  }
  return found;
}

export function noModuleCycle(modulesDir) {
  let graph = null;
  return {
    meta: {
      type: 'problem',
      docs: { description: 'Server modules must not import each other in a cycle' },
      schema: [],
      messages: {
        cycle:
          'Module cycle: {{route}}. Publish an event (platform/tx-events.ts) or move the shared piece below both modules.',
      },
    },
    create(context) {
      const from = moduleOf(modulesDir, context.filename);
      if (!from) return {};
      const check = (node) => {
        if (!node.source || node.importKind === 'type' || node.exportKind === 'type') return;
        const spec = String(node.source.value);
        if (!spec.startsWith('.')) return;
        const to = moduleOf(modulesDir, path.resolve(path.dirname(context.filename), spec));
        if (!to || to === from) return;
        // Built on first use, from the files on disk (one lint run sees one tree).
        graph ??= moduleGraph(modulesDir);
        const back = pathBetween(graph, to, from);
        if (back) {
          context.report({
            node,
            messageId: 'cycle',
            data: { route: [from, ...back].join(' → ') },
          });
        }
      };
      return {
        ImportDeclaration: check,
        ExportNamedDeclaration: check,
        ExportAllDeclaration: check,
      };
    },
  };
}

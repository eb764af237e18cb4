// node --test: ESLint enforces the import boundaries (eslint.config.js) on fixture sources that
// are linted under virtual paths in the tree, so nothing is left behind.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids (with messages) ESLint reports for `text` as if it lived at `file`. */
async function problems(file, text) {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const restricted = (list) => list.filter((line) => line.startsWith('import-x/no-restricted-paths'));

describe('import boundaries', () => {
  it('stops lib/ importing components/, features/ or app/', async () => {
    for (const from of ['../components/ui/button', '../features/vendors/api', '../app/routes']) {
      const found = await problems(
        'apps/web/src/lib/__fixture__.ts',
        `import * as other from '${from}';\nexport const value = other;\n`,
      );
      assert.equal(restricted(found).length, 1, `${from}: ${found.join('; ')}`);
      assert.match(found[0], /lib\/ sits below components/);
    }
  });

  it('stops components/ importing features/', async () => {
    const found = await problems(
      'apps/web/src/components/__fixture__.tsx',
      "import * as other from '../features/vendors/api';\nexport const value = other;\n",
    );
    assert.equal(restricted(found).length, 1, found.join('; '));
  });

  it('stops a feature importing a sibling feature, but not itself or lib/', async () => {
    const file = 'apps/web/src/features/items/__fixture__.ts';
    const sibling = await problems(
      file,
      "import * as other from '../vendors/api';\nexport const value = other;\n",
    );
    assert.equal(restricted(sibling).length, 1, sibling.join('; '));
    assert.match(sibling[0], /Features must not import each other/);

    const allowed = await problems(
      file,
      "import * as own from './api';\nimport * as lib from '../../lib/format';\nexport const value = [own, lib];\n",
    );
    assert.deepEqual(allowed, []);
  });

  it('stops the domain package importing an app, and a server module importing app.ts', async () => {
    const domain = await problems(
      'packages/domain/src/__fixture__.ts',
      "import * as other from '../../../apps/server/src/config.js';\nexport const value = other;\n",
    );
    assert.equal(restricted(domain).length, 1, domain.join('; '));

    const server = await problems(
      'apps/server/src/modules/sites/__fixture__.ts',
      "import * as other from '../../app.js';\nexport const value = other;\n",
    );
    assert.equal(restricted(server).length, 1, server.join('; '));
  });

  it('stops the server documents library importing a module', async () => {
    const found = await problems(
      'apps/server/src/documents/__fixture__.ts',
      "import * as other from '../modules/exports/format.js';\nexport const value = other;\n",
    );
    assert.equal(restricted(found).length, 1, found.join('; '));
    assert.match(found[0], /documents library/);
  });

  describe('cycles', () => {
    // no-cycle follows imports on disk, so this pair must exist for a moment; a dot folder keeps
    // it out of TypeScript's and Vitest's globs, and it is removed afterwards.
    let folder;
    before(() => {
      folder = fs.mkdtempSync(path.join(root, 'apps/web/src/lib/.cycle-fixture-'));
      fs.writeFileSync(
        path.join(folder, 'first.ts'),
        "import { second } from './second';\nexport const first = () => second();\n",
      );
      fs.writeFileSync(
        path.join(folder, 'second.ts'),
        "import { first } from './first';\nexport const second = () => first;\n",
      );
    });
    after(() => fs.rmSync(folder, { recursive: true, force: true }));

    it('reports an import cycle', async () => {
      const file = path.relative(root, path.join(folder, 'first.ts'));
      const found = await problems(file, fs.readFileSync(path.join(root, file), 'utf8'));
      assert.ok(
        found.some((line) => line.startsWith('import-x/no-cycle')),
        found.join('; ') || 'no problems reported',
      );
    });
  });
});

import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ConfigError } from '../../src/errors.ts';
import { loadSpecFromText } from '../../src/load/load.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

// The errors of a `$ref` that leads nowhere: one line naming the `$ref` where it is written, exit 2.
const SPECS = join(FIXTURES, 'specs');
const BASE = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n  schemas:\n';

async function refError(text: string, file: string): Promise<string> {
  try {
    await loadSpecFromText(text, join(SPECS, file), { projectRoot: SPECS });
  } catch (error) {
    assert.instance(error, ConfigError);
    assert.is((error as ConfigError).exitCode, 2);
    const located = (error as ConfigError).located;
    assert.not.match(located, '\n', 'one line');
    return located;
  }
  throw new Error(`${file} loaded without an error`);
}

test('a pointer that passes through its own $ref is refused, not followed forever', async () => {
  const located = await refError(`${BASE}    A: {$ref: '#/components/schemas/A/properties/x'}\n`, 'self-through.yaml');
  assert.is(located, "self-through.yaml:6: $ref '#/components/schemas/A/properties/x' is broken: the reference chain is too long");
});

test('a pointer through two $refs that lead into each other is refused', async () => {
  const text = `${BASE}    A: {$ref: '#/components/schemas/B/properties/x'}\n    B: {$ref: '#/components/schemas/A/properties/y'}\n`;
  assert.match(await refError(text, 'mutual-through.yaml'), /^mutual-through\.yaml:[67]: \$ref '#\/components\/schemas\/[AB]\/properties\/[xy]' is broken: the reference chain is too long$/);
});

test('a missing $anchor names the anchor and the file it was looked for in', async () => {
  const located = await refError(`${BASE}    A: {$ref: '#nowhere'}\n`, 'anchor.yaml');
  assert.is(located, "anchor.yaml:6: $ref '#nowhere' is broken: no $anchor 'nowhere' in anchor.yaml");
});

test('a pointer into a $ref that leads nowhere names the place it looked', async () => {
  const text = `${BASE}    A: {$ref: '#/components/schemas/B/properties/x'}\n    B: {$ref: '#/components/schemas/C'}\n    C: {type: object}\n`;
  assert.is(await refError(text, 'through-missing.yaml'), "through-missing.yaml:6: $ref '#/components/schemas/B/properties/x' is broken: through-missing.yaml has nothing at '#/components/schemas/C/properties'");
});

test.run();

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { infoVersionOf } from '../../src/versioning/info-version-guard.ts';
import { parseSource } from '../../src/load/parse-source.ts';

/** info.version as a parse of the whole spec reads it: what reading its line alone must agree with. */
function wholeSpec(text: string): string | undefined {
  const data = parseSource(text, 'api.yaml').data as { info?: { version?: unknown } };
  return typeof data.info?.version === 'string' ? data.info.version : undefined;
}

test("info.version read from its line is the whole spec's, in every way it can be written", () => {
  const texts = [
    'openapi: 3.0.3\ninfo:\n  title: T\n  version: 1.4.2 # released\npaths: {}\n',
    "info:\n  version: '2.0.0'\n",
    'info:\n  "version": "3.0.0-rc.1"\n',
    'info:\n  version: 1.10\n', // a number, not a version string
    'info:\n  version: !!str 1.10\n',
    'x-versions:\n  current: &current 4.1.0\ninfo:\n  version: *current\n', // an anchor written elsewhere
    'v: 9.9.9\ninfo:\n  version: 5.0.0\n', // a top-level key named like the one-line mapping's
    'info: {title: T, version: 6.0.0}\n', // flow style: parsed whole
    'info:\n  version: >-\n    7.0.0\n', // a block scalar: parsed whole
    'info:\n  title: T\n',
  ];
  for (const text of texts) assert.is(infoVersionOf(text, 'api.yaml'), wholeSpec(text), JSON.stringify(text));
  assert.is(infoVersionOf('x-versions:\n  current: &current 4.1.0\ninfo:\n  version: *current\n', 'api.yaml'), '4.1.0');
  assert.is(infoVersionOf('{"info": {"version": "8.0.0"}}', 'api.json'), '8.0.0');
  assert.is(infoVersionOf('info: [\n', 'api.yaml'), undefined, 'a spec that does not parse has no info.version');
});

test.run();

/** `rules.overrides` and `lint.overrides`: scoped severities through diff, breaking and lint. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runSpecver } from '../helpers/run-cli.ts';
import { emptyProject, type TempProject } from '../helpers/temp-project.ts';

const SPEC = `openapi: 3.0.3
info: { title: Svc, version: '1' }
paths:
  /internal/jobs/{jobId}:
    get:
      parameters:
        - { name: jobId, in: path, required: true, schema: { type: string } }
        - { name: state, in: query, schema: { type: string, enum: [queued, done] } }
      responses:
        '200': { description: ok }
  /pets:
    get:
      parameters:
        - { name: status, in: query, schema: { type: string, enum: [sold, free] } }
      responses:
        '200': { description: ok }
`;

/** A project at 0.0.0 whose spec then lost one enum value on each path. */
async function project(extra: string): Promise<TempProject> {
  const p = emptyProject();
  p.write('api/svc.yaml', SPEC);
  assert.is((await runSpecver(['init'], { cwd: p.dir })).exitCode, 0);
  p.write('specver.yaml', `${p.read('specver.yaml')}${extra}`);
  p.write('api/svc.yaml', SPEC.replace('[queued, done]', '[queued]').replace('[sold, free]', '[sold]'));
  return p;
}

async function severities(p: TempProject): Promise<string[]> {
  const r = await runSpecver(['diff', '--json'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  return JSON.parse(r.stdout).contracts[0].changes.map((c: any) => `${c.severity} ${c.path}`);
}

const RULE = 'request-parameter-enum-value-removed';

test('a block scoped to a path prefix relaxes a rule there only; breaking passes when nothing else breaks', async () => {
  const p = await project(`rules:\n  overrides:\n    - paths: ['/internal/**']\n      severity: { ${RULE}: non-breaking }\n`);
  assert.equal(await severities(p), ['non-breaking /internal/jobs/{jobId}', 'breaking /pets']);
  p.write('specver.yaml', p.read('specver.yaml').replace("['/internal/**']", "['GET /internal/**', 'DELETE /pets']"));
  assert.equal(await severities(p), ['non-breaking /internal/jobs/{jobId}', 'breaking /pets']);
  p.write('specver.yaml', p.read('specver.yaml').replace("'DELETE /pets'", "'* /pets'"));
  assert.equal(await severities(p), ['non-breaking /internal/jobs/{jobId}', 'non-breaking /pets']);
  assert.is((await runSpecver(['breaking'], { cwd: p.dir })).exitCode, 0);
  p.remove();
});

test('parameter names do not matter in path templates; pointers, categories, contracts and off', async () => {
  const cases: [string, string[]][] = [
    [`    - paths: ['/internal/jobs/{id}']\n      severity: { ${RULE}: patch }\n`, ['patch /internal/jobs/{jobId}', 'breaking /pets']],
    [`    - pointers: ['/paths/~1pets/**']\n      severity: { parameter: off }\n`, ['breaking /internal/jobs/{jobId}']],
    [`    - categories: [schema]\n      severity: { ${RULE}: off }\n`, ['breaking /internal/jobs/{jobId}', 'breaking /pets']],
    [`    - contracts: ['other-*']\n      severity: { ${RULE}: off }\n`, ['breaking /internal/jobs/{jobId}', 'breaking /pets']],
    [`    - contracts: ['sv*']\n      severity: { ${RULE}: off }\n`, []],
  ];
  for (const [block, expected] of cases) {
    const p = await project(`rules:\n  overrides:\n${block}`);
    assert.equal(await severities(p), expected, block);
    p.remove();
  }
});

test('later blocks win, and a rule id wins over its category within a block', async () => {
  const p = await project([
    'rules:', `  severity: { ${RULE}: patch }`, '  overrides:',
    `    - severity: { parameter: off, ${RULE}: non-breaking }`,
    "    - paths: ['/pets']", '      severity: { parameter: breaking }', '',
  ].join('\n'));
  assert.equal(await severities(p), ['non-breaking /internal/jobs/{jobId}', 'breaking /pets']);
  p.remove();
});

test('an unknown rule id or category in a block: exit 2 naming specver.yaml and its line', async () => {
  for (const key of ['request-parameter-enum-valu-removed', 'parameters']) {
    const p = await project(`rules:\n  overrides:\n    - paths: ['/internal/**']\n      severity:\n        ${key}: off\n`);
    const line = p.read('specver.yaml').split('\n').findIndex((l) => l.includes(`${key}: off`)) + 1;
    for (const command of ['diff', 'breaking']) {
      const r = await runSpecver([command], { cwd: p.dir });
      assert.is(r.exitCode, 2, r.stderr);
      assert.match(r.stderr, new RegExp(`^specver: \\S*specver\\.yaml:${line}: rules\\.overrides\\[0\\]\\.severity names an unknown rule or category '${key}'`));
      assert.not.match(r.stderr, /\n\s+at /);
    }
    p.remove();
  }
});

test('a block with an unknown matcher field is a config error at its line', async () => {
  const p = await project(`rules:\n  overrides:\n    - path: ['/internal/**']\n      severity: { ${RULE}: off }\n`);
  const r = await runSpecver(['diff'], { cwd: p.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, /specver\.yaml:\d+: unknown field 'path' in rules\.overrides\[0\]/);
  p.remove();
});

test('a paths entry that is not an operation, or a pointer without its leading slash: config error at its line', async () => {
  const p = await project(`rules:\n  overrides:\n    - paths: ['/pets', 'internal/**']\n      severity: { ${RULE}: off }\n`);
  const line = p.read('specver.yaml').split('\n').findIndex((l) => l.includes('internal/**')) + 1;
  const r = await runSpecver(['diff'], { cwd: p.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, new RegExp(`specver\\.yaml:${line}: rules\\.overrides\\[0\\]\\.paths\\[1\\]: "internal/\\*\\*" is not an operation\nhint: write a path template glob starting with '/'`));
  p.write('specver.yaml', p.read('specver.yaml').replace("paths: ['/pets', 'internal/**']", "pointers: ['paths/**']"));
  assert.match((await runSpecver(['diff'], { cwd: p.dir })).stderr, /rules\.overrides\[0\]\.pointers\[0\]: "paths\/\*\*" is not a JSON Pointer/);
  p.remove();
});

test('lint.overrides: by pointer and file, turning rules off and on, unknown id at its line', async () => {
  const p = await project('');
  const levels = async (): Promise<string[]> => {
    const r = await runSpecver(['lint', '--json'], { cwd: p.dir });
    return JSON.parse(r.stdout).contracts[0].violations.map((v: any) => `${v.severity} ${v.rule} ${v.pointer}`).sort();
  };
  const before: string[] = await levels();
  const tags = before.filter((v) => v.includes('operation-tags'));
  assert.is(tags.length, 2, before.join('\n'));
  const config = p.read('specver.yaml');
  p.write('specver.yaml', `${config}lint:\n  overrides:\n    - pointers: ['/paths/~1internal*/**']\n      severity: { operation-tags: off }\n`);
  assert.equal((await levels()).filter((v) => v.includes('operation-tags')), tags.filter((v) => v.includes('~1pets')));
  p.write('specver.yaml', `${config}lint:\n  severity: { operation-tags: off }\n  overrides:\n    - files: ['api/*.yaml']\n      pointers: ['/paths/~1pets/**']\n      severity: { operation-tags: error }\n`);
  assert.equal((await levels()).filter((v) => v.includes('operation-tags')), tags.filter((v) => v.includes('~1pets')).map((v) => v.replace(/^\w+/, 'error')));
  p.write('specver.yaml', `${config}lint:\n  overrides:\n    - files: ['api/**']\n      severity: { operation-tag: off }\n`);
  const r = await runSpecver(['lint'], { cwd: p.dir });
  assert.is(r.exitCode, 2);
  assert.match(r.stderr, new RegExp(`specver\\.yaml:${config.split('\n').length + 3}: lint\\.overrides\\[0\\]\\.severity names an unknown lint rule 'operation-tag'`));
  p.remove();
});

test('lint --fix leaves alone what a block turned off', async () => {
  const p = await project(`lint:\n  overrides:\n    - pointers: ['/paths/~1internal*/**']\n      severity: { enum-duplicate-values: off }\n`);
  p.write('api/svc.yaml', SPEC.replace('[queued, done]', '[queued, done, done]').replace('[sold, free]', '[sold, free, free]'));
  const r = await runSpecver(['lint', '--fix'], { cwd: p.dir });
  assert.match(r.stdout, /\[fixed\] enum-duplicate-values removed duplicate entries api\/svc\.yaml \/paths\/~1pets\//);
  assert.not.match(r.stdout, /\[(fixed|warn|error)\] enum-duplicate-values .*internal/);
  assert.not.match(r.stdout, /\[(warn|error)\] enum-duplicate-values/);
  const fixed = p.read('api/svc.yaml');
  assert.match(fixed, /\[queued, done, done\]/);
  assert.not.match(fixed, /free, free/);
  p.remove();
});

test.run();

/**
 * `breaking --report <format>=<file>`: every report of one gate run written to files, each the bytes its own
 * command prints (`breaking --format ...`, `diff --format json|markdown`), while stdout keeps the chosen format;
 * the JSON report valid against its schema; two files without a project; bad requests refused before anything
 * runs, and an unwritable report failing the run after the verdict, with nothing partial left.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryTemplates } from '../helpers/git-repo.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { edit, initialisedExample } from '../helpers/example-project.ts';
import { FIXTURES, type TempProject } from '../helpers/temp-project.ts';
import { assertValidOutput } from '../helpers/validate-output.ts';

const templates = repositoryTemplates();

/** The example at 1.0.0 with one breaking change (a smaller maximum) and one non-breaking (a new summary). */
async function changedExample(): Promise<TempProject> {
  const project = await initialisedExample(templates);
  edit(project, 'api/petstore.yaml', '        maximum: 100', '        maximum: 50');
  edit(project, 'api/petstore.yaml', 'summary: Get a pet', 'summary: Get one pet');
  return project;
}

const cli = (project: TempProject, ...argv: string[]) => runSpecver(argv, { cwd: project.dir });

/** Each report format and the command whose stdout it must equal. */
const SAME_AS: Record<string, string[]> = {
  json: ['breaking', '--json'],
  markdown: ['breaking', '--format', 'markdown'],
  junit: ['breaking', '--format', 'junit'],
  sarif: ['breaking', '--format', 'sarif'],
  html: ['breaking', '--format', 'html'],
  'diff-json': ['diff', '--format', 'json'],
  'diff-markdown': ['diff', '--format', 'markdown'],
};

test('every report of one run equals what its own command prints; stdout keeps the chosen format', async () => {
  const project = await changedExample();
  mkdirSync(project.path('reports'));
  const reports = Object.keys(SAME_AS).flatMap((format) => ['--report', `${format}=reports/${format}.out`]);
  const run = await cli(project, 'breaking', '--format', 'github', ...reports);
  const alone = await cli(project, 'breaking', '--format', 'github');
  assert.is(run.exitCode, 1, run.stderr);
  assert.equal([run.stdout, run.stderr], [alone.stdout, alone.stderr], 'stdout and stderr as without --report');
  assert.match(run.stdout, /^::error file=api\/petstore\.yaml,line=\d+[^:]*::.*maximum decreased from 100 to 50/m);
  for (const [format, argv] of Object.entries(SAME_AS)) {
    const own = await cli(project, ...argv);
    assert.ok(own.exitCode <= 1, own.stderr);
    assert.fixture(project.read(`reports/${format}.out`), own.stdout, `--report ${format}`);
  }
  assertValidOutput('breaking.schema.json', JSON.parse(project.read('reports/json.out')));
  assertValidOutput('diff.schema.json', JSON.parse(project.read('reports/diff-json.out')));
  assert.equal(readdirSync(project.path('reports')).sort(), Object.keys(SAME_AS).map((format) => `${format}.out`).sort(), 'no temp files left');
});

test('a passing gate writes its reports too; two spec files without a project', async () => {
  const project = await initialisedExample(templates);
  const pass = await cli(project, 'breaking', '--report', 'json=counts.json', '--report', 'diff-markdown=table.md');
  assert.is(pass.exitCode, 0, pass.stderr);
  assert.is(JSON.parse(project.read('counts.json')).breakingCount, 0);
  assert.ok(project.read('table.md').length > 0);

  const before = join(FIXTURES, 'projects/petstore/api/petstore.yaml');
  project.write('after.yaml', readFileSync(before, 'utf8').replace('        maximum: 100', '        maximum: 50'));
  const files = await cli(project, 'breaking', before, 'after.yaml', '--report', 'json=files.json', '--report', 'html=files.html');
  assert.is(files.exitCode, 1, files.stderr);
  const counts = JSON.parse(project.read('files.json'));
  assertValidOutput('breaking.schema.json', counts);
  assert.is(counts.breakingCount, 1);
  assert.match(project.read('files.html'), /maximum decreased from 100 to 50/);
});

test('bad --report values are usage errors before anything runs; an unwritable report fails after the verdict', async () => {
  const project = await changedExample();
  const refused: [string[], RegExp][] = [
    [['--report', 'json'], /^specver: --report 'json' is not <format>=<file>$/m],
    [['--report', '=x.json'], /is not <format>=<file>/],
    [['--report', 'json='], /is not <format>=<file>/],
    [['--report', 'yaml=x.yaml'], /^specver: --report: unknown format 'yaml'$/m],
    [['--report', 'json=x.json', '--report', 'sarif=./x.json'], /^specver: --report names \.\/x\.json twice$/m],
  ];
  for (const [argv, message] of refused) {
    const r = await cli(project, 'breaking', ...argv);
    assert.is(r.exitCode, 2, argv.join(' '));
    assert.is(r.stdout, '', `${argv.join(' ')}: nothing judged`);
    assert.match(r.stderr, message);
    assert.not.match(r.stderr, /\n\s+at /, 'no stack trace');
  }
  assert.not.ok(existsSync(project.path('x.json')));

  const missing = await cli(project, 'breaking', '--report', 'json=nowhere/x.json');
  assert.is(missing.exitCode, 2);
  assert.match(missing.stdout, /1 breaking change/, 'the verdict is printed first');
  assert.match(missing.stderr, /^specver: cannot write the json report to nowhere\/x\.json: its directory does not exist$/m);
  assert.not.ok(existsSync(project.path('nowhere')));

  mkdirSync(project.path('taken'));
  const directory = await cli(project, 'breaking', '--report', 'diff-markdown=taken');
  assert.is(directory.exitCode, 2);
  assert.match(directory.stderr, /^specver: cannot write the diff-markdown report to taken: EISDIR$/m);
  assert.equal(readdirSync(project.path('taken')), []);
  assert.equal(readdirSync(project.dir).filter((name) => name.includes('.tmp')), [], 'no temp file left');
});

test.run();

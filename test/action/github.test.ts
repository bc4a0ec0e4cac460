import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { booleanInput, defaultCommand, errorAnnotation, input, listInput, setOutput } from '../../action/github.mjs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { releasedVersions, releaseTitle, renderReleaseBody } from '../../action/release-body.mjs';
// @ts-expect-error plain ESM JavaScript without type declarations
import { auth, isForkPullRequest } from '../../action/run.mjs';
import { emptyProject } from '../helpers/temp-project.ts';

test('inputs: hyphenated or underscored names, booleans and lists', () => {
  const env = { 'INPUT_COMMIT-CHANGESET': ' TRUE ', INPUT_WORKING_DIRECTORY: 'api', INPUT_CONTRACTS: 'a, b\nc  d' };
  assert.is(input(env, 'working-directory'), 'api');
  assert.ok(booleanInput(env, 'commit-changeset'));
  assert.not.ok(booleanInput({ INPUT_PUSH: 'no' }, 'push'));
  assert.not.ok(booleanInput({}, 'push'));
  assert.equal(listInput(env, 'contracts'), ['a', 'b', 'c', 'd']);
  assert.equal(listInput({}, 'contracts'), []);
});

test('events choose the default command', () => {
  assert.is(defaultCommand('pull_request'), 'breaking');
  assert.is(defaultCommand('pull_request_target'), 'breaking');
  assert.is(defaultCommand('push'), 'version');
  assert.is(defaultCommand(undefined), 'version');
});

test('outputs: single-line as name=value, multi-line with a heredoc delimiter, printed without GITHUB_OUTPUT', () => {
  const project = emptyProject();
  const file = project.write('out.txt', '');
  setOutput({ GITHUB_OUTPUT: file }, 'a', 'one');
  setOutput({ GITHUB_OUTPUT: file }, 'b', 'two\nlines');
  const text = readFileSync(file, 'utf8');
  const match = /^a=one\nb<<(specver_[0-9a-f]{16})\ntwo\nlines\n\1\n$/.exec(text);
  assert.ok(match, text);
  const logged: string[] = [];
  setOutput({}, 'c', 'x', (line: string) => logged.push(line));
  assert.equal(logged, ['output c=x']);
});

test('error annotations escape newlines and percent signs', () => {
  assert.is(errorAnnotation('50% done\nthen'), '::error title=specver::50%25 done%0Athen');
});

const plan = {
  versioning: 'independent',
  releases: [
    { contract: 'orders', from: '1.2.0', to: '1.3.0', bump: 'minor', kind: 'release' },
    { contract: 'pets', from: '1.0.0', to: '2.0.0', bump: 'major', kind: 'release' },
  ],
  changesets: [
    { id: 'red-fox-runs', file: '.specver/changesets/red-fox-runs.md', summary: 'Lower the page size\n\nDetails.', releases: [{ contract: 'pets', bump: 'major' }, { contract: 'orders', bump: 'minor' }] },
    { id: 'blue-owl-sings', file: '.specver/changesets/blue-owl-sings.md', summary: 'Add a filter', releases: [{ contract: 'pets', bump: 'minor' }] },
  ],
};

test('release PR body: version table and changeset summaries per contract and bump', () => {
  const body = renderReleaseBody(plan);
  assert.match(body, /\| pets \| 1\.0\.0 \| \*\*2\.0\.0\*\* \| major \|/);
  assert.match(body, /### pets@2\.0\.0\n\n#### Major changes\n\n- Lower the page size \(`red-fox-runs`\)\n\n#### Minor changes\n\n- Add a filter \(`blue-owl-sings`\)/);
  assert.match(body, /### orders@1\.3\.0\n\n#### Minor changes\n\n- Lower the page size \(`red-fox-runs`\)\n/);
  assert.match(body, /2 changesets consumed/);
  assert.is(releaseTitle(plan), 'Release orders@1.3.0, pets@2.0.0');
  assert.equal(releasedVersions(plan), { orders: '1.3.0', pets: '2.0.0' });
});

test('release PR body: waived breaking changes released under a lower bump are listed, escaped', () => {
  const accepted = { contract: 'orders', rule: 'operation-removed', location: '/paths/~1x/get', message: 'GET /x was removed', reason: 'no <b>client</b> calls it', waiver: { file: '.specver/waivers.yaml', line: 2 } };
  const body = renderReleaseBody({ ...plan, acceptedBreaks: [accepted] });
  assert.match(body, /### orders@1\.3\.0\n\n#### Minor changes\n\n- Lower the page size \(`red-fox-runs`\)\n\n#### Accepted breaking changes \(waived\)\n\n- GET \/x was removed \(waived: no &lt;b>client&lt;\/b> calls it; `\.specver\/waivers\.yaml:2`\)/);
  assert.is(body.match(/Accepted breaking changes/g)?.length, 1, 'only under its own contract');
});

test('fixed versioning: one heading and a v-prefixed title', () => {
  const fixed = { ...plan, versioning: 'fixed', releases: plan.releases.map((r) => ({ ...r, to: '2.0.0' })) };
  const body = renderReleaseBody(fixed);
  assert.is(body.match(/^### /gm)?.length, 1);
  assert.match(body, /### v2\.0\.0/);
  assert.is(releaseTitle(fixed), 'Release v2.0.0');
});

test('token: git auth header replaces the persisted one; no token, no options', () => {
  assert.equal(auth({ token: '', env: {} }), []);
  const args = auth({ token: 'ghp_x', env: { GITHUB_SERVER_URL: 'https://github.example.com/' } });
  const basic = Buffer.from('x-access-token:ghp_x').toString('base64');
  assert.equal(args, ['-c', 'http.https://github.example.com/.extraheader=', '-c', `http.https://github.example.com/.extraheader=AUTHORIZATION: basic ${basic}`]);
});

test('fork pull requests are recognised from the event payload', () => {
  const p = emptyProject('specver-event-');
  const event = (head: object) => p.write('event.json', JSON.stringify({ pull_request: { head: { repo: head }, base: { repo: { full_name: 'acme/api' } } } }));
  assert.ok(isForkPullRequest({ GITHUB_EVENT_PATH: event({ full_name: 'someone/api', fork: true }) }));
  assert.not.ok(isForkPullRequest({ GITHUB_EVENT_PATH: event({ full_name: 'acme/api', fork: false }) }));
  assert.not.ok(isForkPullRequest({}), 'no payload: not a fork');
});

test.run();

/**
 * The HTML report as a browser reads it: headless Chromium (Debian's `chromium`) parses the page of a real
 * `specver diff --format html` and dumps its DOM. Skipped, saying so, where no Chromium is installed.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSpecver } from '../helpers/run-cli.ts';
import { SAFETY_MS } from '../helpers/child.ts';
import { fixtureProject } from '../helpers/temp-project.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** No network, no profile, no background services: the page alone. */
function dumpDom(file: string): string {
  const profile = tempDir('specver-chromium-');
  try {
    const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
    const r = spawnSync(CHROMIUM!, [...flags, `--user-data-dir=${profile}`, '--dump-dom', `file://${file}`], { encoding: 'utf8', timeout: SAFETY_MS });
    assert.is(r.status, 0, r.stderr);
    return r.stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

if (!CHROMIUM) process.stderr.write('SKIP diff --format html in headless Chromium: no chromium installed (apt-get install -y chromium)\n');

(CHROMIUM ? test : test.skip)('headless Chromium: one section per contract, breaking first, collapsible details, hostile spec text stays text', async () => {
  const p = fixtureProject('petstore');
  assert.is((await runSpecver(['init', '-V', '1.0.0'], { cwd: p.dir })).exitCode, 0);
  const spec = p.read('api/petstore.yaml');
  p.write(
    'api/petstore.yaml',
    spec
      .replace('        maximum: 100', '        maximum: 50')
      .replace('summary: Get a pet', () => `summary: 'Get a pet <img src=x onerror="document.title=1"><script>document.title=2</script>'`),
  );
  const r = await runSpecver(['diff', '--format', 'html'], { cwd: p.dir });
  assert.is(r.exitCode, 0, r.stderr);
  const file = p.path('report.html');
  writeFileSync(file, r.stdout);
  const dom = dumpDom(file);
  assert.match(dom, /<title>API contract changes<\/title>/, 'no script changed the title');
  assert.is((dom.match(/<section class="contract">/g) ?? []).length, 5);
  assert.not.match(dom, /<img|<script/);
  // In the After value, as text (JSON-quoted).
  assert.match(dom, /Get a pet &lt;img src=x onerror=\\"document\.title=1\\"&gt;&lt;script&gt;/);
  const petstore = dom.slice(dom.indexOf('<h2>petstore'), dom.indexOf('</section>', dom.indexOf('<h2>petstore')));
  const classes = [...petstore.matchAll(/<details class="change ([a-z-]+)">/g)].map((m) => m[1]);
  assert.equal(classes, ['breaking', 'patch']);
  assert.match(petstore, /<summary><span class="badge">BREAKING<\/span> GET \/pets: query parameter limit maximum decreased from 100 to 50/);
  assert.match(petstore, /<dt>Before<\/dt><dd><pre>100<\/pre><\/dd><dt>After<\/dt><dd><pre>50<\/pre><\/dd>/);
  p.remove();
});

test.run();

/**
 * specver never touches the network: with every way out of the process trapped (TCP/TLS sockets, DNS,
 * fetch), specs with http(s) `$ref`s load, diff, lint and snapshot without a single attempt.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_CONFIG, baseProject } from '../helpers/bad-input.ts';
import { runSpecver } from '../helpers/run-cli.ts';
import { FIXTURES } from '../helpers/temp-project.ts';

const attempts: string[] = [];
const originals = { connect: net.Socket.prototype.connect, lookup: dns.lookup, fetch: globalThis.fetch };

test.before(() => {
  net.Socket.prototype.connect = function (...args: unknown[]) {
    attempts.push(`socket ${JSON.stringify(args[0])}`);
    throw new Error('network access attempted');
  } as typeof net.Socket.prototype.connect;
  dns.lookup = ((host: string) => {
    attempts.push(`dns ${host}`);
    throw new Error('network access attempted');
  }) as unknown as typeof dns.lookup;
  globalThis.fetch = (async (url: unknown) => {
    attempts.push(`fetch ${String(url)}`);
    throw new Error('network access attempted');
  }) as typeof fetch;
  syncBuiltinESMExports();
});

test.after(() => {
  net.Socket.prototype.connect = originals.connect;
  dns.lookup = originals.lookup;
  globalThis.fetch = originals.fetch;
  syncBuiltinESMExports();
});

const HTTP_SPEC = readFileSync(join(FIXTURES, 'bad', 'http-ref.yaml'), 'utf8');

for (const argv of [['diff'], ['breaking'], ['lint'], ['status'], ['contract', 'add', 'api/remote.yaml', '--name', 'remote']]) {
  test(`no network: specver ${argv.join(' ')} with http(s) $refs`, async () => {
    const p = baseProject();
    p.write('api/pets.yaml', HTTP_SPEC);
    p.write('.specver/snapshots/pets@1.0.0.yaml', HTTP_SPEC.replace('pet.json#/Pet', 'pet-v1.json#/Pet'));
    p.write('api/remote.yaml', HTTP_SPEC);
    p.write('specver.yaml', BASE_CONFIG);
    const r = await runSpecver(argv, { cwd: p.dir });
    assert.ok(r.exitCode <= 1, `${r.exitCode}: ${r.stderr}`);
    assert.equal(attempts, []);
    p.remove();
  });
}

test('the trap works (a connection attempt is seen)', () => {
  assert.throws(() => net.connect(9, '127.0.0.1'));
  assert.ok(attempts.length > 0);
  attempts.length = 0;
});

test.run();

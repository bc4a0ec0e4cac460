/**
 * One `git cat-file --batch` process for a whole run: a gate run reads the ref, the base's specver.yaml, policy
 * files, every contract's files and the changesets at the merge-base, one process for all of them instead of a
 * `git rev-parse` and a `git show` each. Like every git process of specver, pinned to the work tree's own
 * repository (run-git.ts). Outside a run (nothing would end the process) there is none: callers ask git once per
 * question instead.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { keepForRun } from '../load/git-run-cache.ts';
import { GIT_SAFETY_ARGS, gitEnvironment, type PinnedRepository } from './git-environment.ts';

/** An object as cat-file printed it; `missing` when the name names none; `failed` when the process could not answer. */
export type BatchObject = { kind: 'found'; oid: string; type: string; content: Buffer } | { kind: 'missing' } | { kind: 'failed' };

/** The same bound as `git show` (run-git.ts): the largest spec specver reads. */
const MAX_OBJECT = 256 * 1024 * 1024;

export class CatFileBatch {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((object: BatchObject) => void)[] = [];
  /** Output not yet answered: chunks, joined only once a whole object is there (a large blob comes in many). */
  private chunks: Buffer[] = [];
  private length = 0;
  /** The bytes the object being read needs (header, content and its newline), once its header is known. */
  private needed = 0;
  private broken = false;
  /** The git process has exited. */
  exited = false;

  constructor(cwd: string, repository: PinnedRepository) {
    this.child = spawn('git', [...GIT_SAFETY_ARGS, 'cat-file', '--batch'], { cwd, env: gitEnvironment(process.env, repository), windowsHide: true });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.length += chunk.length;
      if (this.length >= this.needed) this.answer();
    });
    this.child.stderr.resume();
    this.child.stdin.on('error', () => this.fail());
    this.child.on('error', () => this.fail());
    this.child.on('close', () => {
      this.exited = true;
      this.fail();
    });
  }

  /** The object `name` (`<commit>:<path>`, `<ref>^{commit}`) names. */
  read(name: string): Promise<BatchObject> {
    // A name is one line of input, read up to a NUL: one with a line break or a NUL (which would name another
    // path), or a process that failed, goes to a git of its own.
    if (this.broken || /[\r\n\0]/.test(name)) return Promise.resolve({ kind: 'failed' });
    return new Promise((done) => {
      this.waiting.push(done);
      this.child.stdin.write(`${name}\n`);
    });
  }

  end(): void {
    this.child.stdin.end();
  }

  private answer(): void {
    let buffered = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.needed = 0;
    while (this.waiting.length > 0) {
      const eol = buffered.indexOf(10);
      if (eol < 0) break;
      const header = buffered.subarray(0, eol).toString('utf8');
      const found = /^([0-9a-f]+) (\S+) (\d+)$/.exec(header);
      if (!found) {
        // `<name> missing` or `<name> ambiguous`: no object.
        buffered = buffered.subarray(eol + 1);
        this.waiting.shift()!({ kind: 'missing' });
        continue;
      }
      const size = Number(found[3]);
      if (size > MAX_OBJECT) return this.fail();
      if (buffered.length < eol + 1 + size + 1) {
        this.needed = eol + 1 + size + 1;
        break;
      }
      const content = Buffer.from(buffered.subarray(eol + 1, eol + 1 + size));
      buffered = buffered.subarray(eol + 1 + size + 1);
      this.waiting.shift()!({ kind: 'found', oid: found[1]!, type: found[2]!, content });
    }
    this.chunks = buffered.length > 0 ? [buffered] : [];
    this.length = buffered.length;
  }

  private fail(): void {
    if (this.broken) return;
    this.broken = true;
    for (const done of this.waiting.splice(0)) done({ kind: 'failed' });
    this.child.kill();
  }
}

/** The run's cat-file process for `repository` (started on first use), or undefined outside a run. */
export function catFileBatch(cwd: string, repository: PinnedRepository): CatFileBatch | undefined {
  return keepForRun(
    `cat-file\0${repository.gitDir}`,
    () => new CatFileBatch(cwd, repository),
    (batch) => batch.end(),
  );
}

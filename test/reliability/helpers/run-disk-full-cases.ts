/**
 * Child entry: runs the disk-full cases and prints one JSON line of failures. The hostile-files test starts
 * it inside a private mount namespace with a small tmpfs mounted at argv[2], where the temp projects are
 * made (TMPDIR is set here, not for the process: tsx keeps its compile cache in the startup TMPDIR).
 */
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { BASE_SPEC, CHANGESET, runBadCase, type BadCase } from '../../helpers/bad-input.ts';
import type { TempProject } from '../../helpers/temp-project.ts';

/** Fills the disk holding `p` up, leaving about `spare` bytes free. */
function fillDisk(p: TempProject, spare: number): void {
  p.write('spare.bin', 'x'.repeat(spare));
  const fd = openSync(p.path('filler.bin'), 'w');
  const chunk = Buffer.alloc(4096, 120);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  rmSync(p.path('spare.bin'));
}

/** A spec whose snapshot (held in the journal) cannot fit in the space left. */
const BIG_SPEC = `${BASE_SPEC.replace('title: Pets', `title: Pets\n  description: ${'d'.repeat(200_000)}`)}`;
const PENDING = { '.specver/changesets/brave-lion-jump.md': CHANGESET };

export const DISK_FULL_CASES: BadCase[] = [
  {
    name: 'disk full before the journal fits: version changes nothing',
    files: { ...PENDING, 'api/pets.yaml': BIG_SPEC },
    setup: (p) => fillDisk(p, 64 * 1024),
    argv: ['version'],
    exit: 2,
    error: /cannot write \.specver\/version-journal\.json: no space left on device/,
  },
  {
    name: 'disk full, no room even for the lock: version changes nothing',
    files: PENDING,
    setup: (p) => fillDisk(p, 0),
    argv: ['version'],
    exit: 2,
    error: /cannot write .*: no space left on device/,
  },
  {
    name: 'disk full: changeset leaves no half-written file',
    files: PENDING,
    setup: (p) => fillDisk(p, 0),
    argv: ['changeset', '--empty', '--bump', 'patch', '-m', 'x'],
    exit: 2,
    error: /cannot write \.specver\/changesets\/[a-z]+-[a-z]+-[a-z]+\.md: no space left on device/,
  },
];

process.env.TMPDIR = process.argv[2];
const failures: string[] = [];
for (const c of DISK_FULL_CASES) {
  try {
    await runBadCase(c);
  } catch (error) {
    failures.push(`${c.name}: ${(error as Error).message}`);
  }
}
process.stdout.write(`${JSON.stringify({ ran: DISK_FULL_CASES.length, failures })}\n`);

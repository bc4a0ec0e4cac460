/** Bad-input cases about file permissions. They only mean something where permissions are enforced. */
import { CHANGESET, lock, type BadCase } from '../../helpers/bad-input.ts';

export const PERMISSION_CASES: BadCase[] = [
  { name: 'unreadable spec file (chmod 000)', setup: (p) => lock(p, 'api/pets.yaml'), argv: ['diff'], exit: 2, error: /cannot read api\/pets\.yaml: permission denied/ },
  { name: 'unreadable spec directory (chmod 000)', setup: (p) => lock(p, 'api'), argv: ['diff'], exit: 2, error: /api\/pets\.yaml/ },
  { name: 'unreadable specver.yaml (chmod 000)', setup: (p) => lock(p, 'specver.yaml'), argv: ['status'], exit: 2, error: /cannot read specver\.yaml/ },
  { name: 'unreadable changesets directory (chmod 000)', files: { '.specver/changesets/a-b-c.md': CHANGESET }, setup: (p) => lock(p, '.specver/changesets'), argv: ['version'], exit: 2, error: /cannot read \.specver\/changesets: permission denied/ },
  { name: 'unreadable changeset file (chmod 000)', files: { '.specver/changesets/a-b-c.md': CHANGESET }, setup: (p) => lock(p, '.specver/changesets/a-b-c.md'), argv: ['version'], exit: 2, error: /cannot read \.specver\/changesets\/a-b-c\.md: permission denied/ },
  { name: 'unreadable versions.json (chmod 000)', setup: (p) => lock(p, '.specver/versions.json'), argv: ['diff'], exit: 2, error: /cannot read \.specver\/versions\.json/ },
  { name: 'unreadable snapshot (chmod 000)', setup: (p) => lock(p, '.specver/snapshots/pets@1.0.0.yaml'), argv: ['diff'], exit: 2, error: /cannot read \.specver\/snapshots\/pets@1\.0\.0\.yaml: permission denied/ },
  {
    name: 'read-only project directory (chmod 555): version changes nothing',
    files: { '.specver/changesets/a-b-c.md': CHANGESET },
    setup: (p) => lock(p, '.', 0o555),
    argv: ['version'],
    exit: 2,
    error: /cannot write CHANGELOG\.md: permission denied/,
  },
  {
    name: 'read-only snapshots directory (chmod 555): version changes nothing',
    files: { '.specver/changesets/a-b-c.md': CHANGESET },
    setup: (p) => lock(p, '.specver/snapshots', 0o555),
    argv: ['version'],
    exit: 2,
    error: /cannot write \.specver\/snapshots\/pets@1\.1\.0\.yaml: permission denied/,
  },
  {
    name: 'read-only changesets directory (chmod 555): changeset writes nothing',
    files: { '.specver/changesets/a-b-c.md': CHANGESET },
    setup: (p) => lock(p, '.specver/changesets', 0o555),
    argv: ['changeset', '--empty', '--bump', 'patch', '-m', 'x'],
    exit: 2,
    error: /cannot write \.specver\/changesets\/[a-z]+-[a-z]+-[a-z]+\.md: permission denied/,
  },
  { name: 'read-only .specver/ (chmod 555)', files: { '.specver/changesets/a-b-c.md': CHANGESET }, setup: (p) => lock(p, '.specver', 0o555), argv: ['version'], exit: 2, error: /cannot create the lock \.specver\/\.lock: permission denied/ },
];

/** The summary `changeset --no-interactive` writes when no --message is given: the detected changes, briefly. */
import type { Finding } from '../classify/types.ts';
import type { Bump } from '../types.ts';

const SHOWN = 3;

export function generatedSummary(changes: readonly { contract: string; bump: Bump; findings: readonly Finding[] }[]): string {
  return changes
    .map(({ contract, bump, findings }) => {
      const messages = [...new Set(findings.map((f) => f.message))];
      if (messages.length === 0) return `${contract}: ${bump} changes`;
      const more = messages.length > SHOWN ? ` (and ${messages.length - SHOWN} more)` : '';
      return `${contract}: ${messages.slice(0, SHOWN).join('; ')}${more}`;
    })
    .join('\n');
}

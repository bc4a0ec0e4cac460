/** Pre-release mode transitions (decisions.md 5), pure: current state in, next state out or a ConfigError. */
import { ConfigError } from '../errors.ts';
import type { PreState } from '../store/state.ts';
import { compareTags, isValidPreTag } from './bump.ts';
import { abbreviated } from '../toolkit/path-length.ts';
import { MAX_PRE_TAG_LENGTH } from '../toolkit/version-numbers.ts';

export function checkPreTag(tag: string): void {
  if (!isValidPreTag(tag))
    throw new ConfigError(`invalid pre-release tag '${abbreviated(tag, 40)}'`, { hint: `use letters, digits and hyphens (at most ${MAX_PRE_TAG_LENGTH}), such as alpha, beta or rc` });
}

/** `pre enter <tag>`: start a cycle, or switch to a tag that sorts higher (beta -> rc). */
export function enterPre(current: PreState | undefined, tag: string, versions: Record<string, string>): PreState {
  checkPreTag(tag);
  if (!current) return { mode: 'pre', tag, initialVersions: { ...versions }, changesets: [] };
  if (current.mode === 'pre' && current.tag === tag)
    throw new ConfigError(`already in pre-release mode with tag '${tag}'`, { file: '.specver/pre.json', hint: "run 'specver pre status' to see the cycle" });
  if (compareTags(tag, current.tag) < 0)
    throw new ConfigError(`pre-release tag '${tag}' sorts before the current tag '${current.tag}'`, {
      file: '.specver/pre.json',
      hint: `versions must keep increasing: pick a tag that sorts after '${current.tag}' (for example rc after beta)`,
    });
  return { ...current, mode: 'pre', tag };
}

/** `pre exit`: the next `version` run graduates the pre-release versions and ends the cycle. */
export function exitPre(current: PreState | undefined): PreState {
  if (!current) throw new ConfigError('not in pre-release mode', { hint: "run 'specver pre enter <tag>' to start a pre-release cycle" });
  if (current.mode === 'exit')
    throw new ConfigError('pre-release mode is already being left', { file: '.specver/pre.json', hint: "run 'specver version' to graduate" });
  return { ...current, mode: 'exit' };
}

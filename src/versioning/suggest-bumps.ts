/**
 * The bump `changeset` suggests per contract. A breaking change an unexpired waiver covers (gate.waivers, as the
 * pull request gate and `version` judge it) is left out, so a generated changeset does not override the waiver
 * with major. The waivers are read only when some contract has a breaking change.
 */
import type { Finding } from '../classify/types.ts';
import type { Waiver, WaiverFile } from '../gate/waivers.ts';
import { describeFinding } from '../report/change-line.ts';
import type { Bump, ContractConfig } from '../types.ts';
import type { Detected } from './detect.ts';
import { suggestedBump, waiveBreakingChanges } from './waived-breaks.ts';

/** A breaking change left out of the suggested bump, with the waiver that covers it. */
export interface WaivedBreak {
  finding: Finding;
  /** The change as `breaking` describes it. */
  message: string;
  waiver: Waiver;
  /** The waiver file, relative to the project root. */
  file: string;
}

export interface Suggestion {
  contract: ContractConfig;
  detected: Detected;
  /** The bump to suggest (and write without prompts). */
  bump: Bump;
  /** The lowest bump `version` accepts without a downgrade reason (null: any). */
  required: Bump | null;
  waived: WaivedBreak[];
}

/**
 * `detections` are contracts with changes (`detected.bump` set); `today` is YYYY-MM-DD; `readWaivers` gives the
 * waivers that count (the project's, or at a pull request's git base those the gate judges with).
 */
export async function suggestBumps(
  detections: readonly { contract: ContractConfig; detected: Detected }[],
  today: string,
  readWaivers: () => Promise<WaiverFile>,
): Promise<Suggestion[]> {
  const plain = ({ contract, detected }: (typeof detections)[number]): Suggestion => ({ contract, detected, bump: detected.bump!, required: detected.bump!, waived: [] });
  if (!detections.some(({ detected }) => detected.findings.some((f) => f.severity === 'breaking'))) return detections.map(plain);
  const { file, waivers } = await readWaivers();
  return detections.map((entry) => {
    const result = waiveBreakingChanges(entry.contract.name, entry.detected.findings, waivers, today);
    if (result.waived.length === 0) return plain(entry);
    return {
      ...entry,
      bump: suggestedBump(entry.detected.bump!, result),
      required: result.bump,
      waived: result.waived.map(({ finding, waiver }) => ({ finding, message: describeFinding(finding), waiver, file })),
    };
  });
}

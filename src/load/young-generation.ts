/**
 * The size of V8's young generation while specs are read, for the `specver` bin only (src/main.ts turns it on).
 *
 * The young generation starts at 1 MB per semi-space and doubles, up to 16 MB, while what it holds survives. A
 * spec's parse keeps nearly all it makes, so it grows to the maximum at once: 32 MB of a Stripe `diff`'s peak RSS
 * that hold almost nothing at the end (3.6 MB used). Kept at its start size (V8's `--semi-space-growth-factor=1`,
 * a flag V8 reads whenever it would grow the space, so setting it after start-up works), the peak RSS is
 * 123 MB instead of 149 on Stripe `diff`, 116 instead of 138 on OpenAI's and 90 instead of 117 on Box `lint`,
 * at the same time (`farm-bench`: 0.97-1.02x). On a text of tens of MB the extra collections cost time (a
 * 28 MB generated spec: 1.14x), so a text that large lets it grow again.
 *
 * Set on the first spec text, not at start-up: loading `node:v8` costs 3 ms that `--help` need not pay. Only the
 * V8 versions of Node 20 to 24 (V8 11-13, which define the flag; measured on Node 20) are given it: V8 prints an
 * unknown flag on stdout.
 */
/** A text of at least this many characters lets the young generation grow. */
export const LARGE_TEXT = 16 * 1024 * 1024;

type SetFlags = (flags: string) => void;

let state: { setFlags: SetFlags; small: boolean } | undefined;
let enabled: SetFlags | undefined;

/** Turns the policy on for this process (`setFlags`: v8.setFlagsFromString, or a recorder in tests). */
export function keepYoungGenerationSmall(setFlags: SetFlags): void {
  enabled = setFlags;
  state = undefined;
}

/** Turns it off again (tests). */
export function stopYoungGenerationPolicy(): void {
  enabled = undefined;
  state = undefined;
}

/** Called with each spec text's length before it is parsed. */
export function beforeParsing(length: number): void {
  if (!enabled) return;
  const large = length >= LARGE_TEXT;
  if (!state) {
    state = { setFlags: enabled, small: !large };
    if (!large) state.setFlags('--semi-space-growth-factor=1');
  } else if (state.small && large) {
    state.small = false;
    state.setFlags('--semi-space-growth-factor=2');
  }
}

/** Whether this V8 is one of Node 20 to 24's (V8 11-13), which define the flag. */
export function knownV8(version = process.versions.v8): boolean {
  const major = Number(version.split('.')[0]);
  return major >= 11 && major <= 13;
}

/**
 * Text from specs (descriptions, names, enum values, paths, messages filled from them) may carry terminal
 * control sequences: an ESC or C1 character could clear the screen, rewrite earlier lines, set the window
 * title or plant a hyperlink (OSC 8) in a CI log. Every text output passes through `terminalSafe`, which
 * shows each control character as a visible escape instead (`\x1b[2J` prints as those five characters).
 * Tab and newline stay; CRLF becomes LF. specver's own colours are added after, by the output layer.
 */

// C0 controls except tab and newline, DEL, and the C1 controls (U+009B is a one-character CSI).
const CONTROL = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (char) => (char === '\r\n' ? '\n' : `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`));
}

/**
 * JSON text with DEL and the C1 controls written as `\u` escapes: JSON.stringify escapes only C0, so a C1
 * character would otherwise reach the terminal raw. The document parses to exactly the same value.
 */
export function jsonTerminalSafe(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A CI runner reads a line starting with `::` as a workflow command (GitHub Actions: `::add-mask::`,
 * `::error::`, `::stop-commands::`). specver's own text lines never start so; one from a spec value with a
 * newline in it is shown with its first colon escaped. (`--format github` writes its commands on purpose.)
 */
export function withoutWorkflowCommands(text: string): string {
  return text.replace(/^([ \t]*)::/gm, '$1\\x3a:');
}

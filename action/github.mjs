// The GitHub Actions runner interface: inputs from the environment, step outputs, the job summary, and
// annotations. Everything is a file or an environment variable, so a local run behaves the same.
import { appendFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** An input as GitHub passes it (INPUT_<NAME>, uppercased; hyphens kept or turned into underscores). */
export function input(env, name) {
  const upper = name.toUpperCase();
  const value = env[`INPUT_${upper}`] ?? env[`INPUT_${upper.replace(/-/g, '_')}`] ?? '';
  return value.trim();
}

/** A boolean input: true, yes, on, 1 (any case); anything else is false. */
export function booleanInput(env, name) {
  return /^(true|yes|on|1)$/i.test(input(env, name));
}

/** Contract names from a space-, comma- or newline-separated input. */
export function listInput(env, name) {
  return input(env, name).split(/[\s,]+/).filter(Boolean);
}

/** Set a step output; with no GITHUB_OUTPUT file (local runs) it is printed instead. */
export function setOutput(env, name, value, log = console.log) {
  const text = String(value);
  if (!env.GITHUB_OUTPUT) {
    log(`output ${name}=${text}`);
    return;
  }
  if (text.includes('\n')) {
    const delimiter = `specver_${randomBytes(8).toString('hex')}`;
    appendFileSync(env.GITHUB_OUTPUT, `${name}<<${delimiter}\n${text}\n${delimiter}\n`);
  } else {
    appendFileSync(env.GITHUB_OUTPUT, `${name}=${text}\n`);
  }
}

/** Append markdown to the job summary (ignored when GITHUB_STEP_SUMMARY is not set). */
export function appendSummary(env, markdown) {
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/** Which flow an event runs when the `command` input is empty. */
export function defaultCommand(eventName) {
  return eventName === 'pull_request' || eventName === 'pull_request_target' ? 'breaking' : 'version';
}

const escapeData = (message) => String(message).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** `::error::` workflow command for a failure of the action itself. */
export function errorAnnotation(message) {
  return `::error title=specver::${escapeData(message)}`;
}

/** `::warning::` workflow command: shown on the run, the job goes on. */
export function warningAnnotation(message) {
  return `::warning title=specver::${escapeData(message)}`;
}

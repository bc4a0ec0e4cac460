/**
 * Functions over OpenAPI 3 Server objects: each variable's `default` is one of its `enum` (OpenAPI: it MUST
 * be), every variable is used by the URL, and the URL stays a URL whatever allowed value fills it.
 */
import { templateVariables } from '../../toolkit/openapi.ts';
import { isRecord } from '../../toolkit/values.ts';
import { NO_OPTIONS, type FunctionReport, type LintFunction } from './contract.ts';

/** Enough combinations to find a value that breaks the URL without trying every product of large enums. */
const MAX_SUBSTITUTIONS = 256;
/** Any scheme-relative base: a relative server URL (`/v1`) is resolved against it, as clients resolve it. */
const BASE = 'https://specver.invalid/';

/** The values each variable of the URL may take: its enum, or else its default. */
function allowedValues(names: string[], variables: Record<string, unknown>): Map<string, string[]> | undefined {
  const values = new Map<string, string[]>();
  for (const name of names) {
    const variable = variables[name];
    // An undefined variable is server-variables-defined's finding: its URL cannot be built.
    if (!isRecord(variable)) return undefined;
    const allowed = Array.isArray(variable.enum) && variable.enum.length ? variable.enum : [variable.default];
    values.set(name, allowed.filter((v): v is string => typeof v === 'string'));
  }
  return values;
}

/** The URLs the template yields, at most MAX_SUBSTITUTIONS of them, each with the values that built it. */
function substitutions(url: string, values: Map<string, string[]>): { url: string; with: string }[] {
  let out = [{ url, with: [] as string[] }];
  for (const [name, allowed] of values) {
    const next: typeof out = [];
    for (const partial of out) {
      for (const value of allowed) {
        if (next.length >= MAX_SUBSTITUTIONS) break;
        next.push({ url: partial.url.replaceAll(`{${name}}`, value), with: [...partial.with, `${name}=${value}`] });
      }
    }
    out = next;
  }
  return out.map((s) => ({ url: s.url, with: s.with.join(', ') }));
}

function isUrl(text: string): boolean {
  try {
    new URL(text, BASE);
    return true;
  } catch {
    return false;
  }
}

export const serverVariables: LintFunction = {
  name: 'serverVariables',
  description:
    "Applied to a Server object: each variable's `default` is one of its `enum` (`{{name}}`), every variable appears in the URL, and the URL is valid after substituting each allowed value (the enum, or else the default; `{{substitution}}`). Variables the URL uses without defining are left to `definedIn`.",
  optionsSchema: NO_OPTIONS,
  messages: {
    defaultNotInEnum: "default '{{value}}' of server variable '{{name}}' is not one of its enum values",
    unused: "server variable '{{name}}' is not used in the URL",
    invalidUrl: 'server URL {{value}} is not a valid URL with {{substitution}}',
  },
  placeholders: ['name', 'substitution'],
  run(server) {
    if (!isRecord(server) || typeof server.url !== 'string') return [];
    const variables = isRecord(server.variables) ? server.variables : {};
    const names = templateVariables(server.url);
    const out: FunctionReport[] = [];
    for (const [name, variable] of Object.entries(variables)) {
      if (!names.includes(name)) out.push({ at: ['variables', name], messageId: 'unused', values: { name } });
      if (isRecord(variable) && Array.isArray(variable.enum) && 'default' in variable && !variable.enum.includes(variable.default)) {
        out.push({ at: ['variables', name, 'default'], messageId: 'defaultNotInEnum', values: { name, value: variable.default } });
      }
    }
    const values = allowedValues([...new Set(names)], variables);
    const broken = values && substitutions(server.url, values).find((s) => !isUrl(s.url));
    if (broken) out.push({ at: ['url'], messageId: 'invalidUrl', values: { value: broken.url, substitution: broken.with } });
    return out;
  },
};

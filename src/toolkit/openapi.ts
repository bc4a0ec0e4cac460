/** OpenAPI vocabulary shared by loading, normalizing and linting. */

/** The operations a Path Item Object can hold, in the order the specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The `{name}` variables of a path template or server URL, in the order written. */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
}

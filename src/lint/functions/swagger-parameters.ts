/**
 * Swagger 2.0 request bodies: an operation has at most one `in: body` parameter (the body is one value), and
 * not both a body and `formData` parameters (form data is the body). Path-item parameters count too, unless
 * the operation overrides them (same name and location).
 */
import { parentPointer, valueAt } from '../../toolkit/json-pointer.ts';
import { isRecord } from '../../toolkit/values.ts';
import { parametersAt, type ParameterNode } from '../openapi-walk.ts';
import { NO_OPTIONS, type FunctionReport, type LintFunction } from './contract.ts';

/** The parameters an operation takes: its own, then the path item's it does not override. */
function effectiveParameters(data: unknown, operation: Record<string, any>, pointer: string): ParameterNode[] {
  const own = parametersAt(data, operation, pointer);
  const pathPointer = parentPointer(pointer);
  const pathItem = valueAt(data, pathPointer);
  const shared = isRecord(pathItem) ? parametersAt(data, pathItem, pathPointer) : [];
  const overridden = (p: ParameterNode) => own.some((o) => o.parameter.name === p.parameter.name && o.parameter.in === p.parameter.in);
  return [...own, ...shared.filter((p) => !overridden(p))];
}

export const singleBodyParameter: LintFunction = {
  name: 'singleBodyParameter',
  description:
    'Applied to a Swagger 2.0 operation: it takes at most one `in: body` parameter, and not both a body and `formData` parameters (its own parameters and the path item\'s it does not override; in-document `$ref`s are followed). Each extra body parameter is reported (`{{name}}`), and a body next to form data once, at the body.',
  optionsSchema: NO_OPTIONS,
  messages: { multipleBody: "body parameter '{{name}}' is one body too many: an operation has one body", bodyWithFormData: "body parameter '{{name}}' cannot be combined with formData parameters" },
  placeholders: ['name'],
  run(operation, _options, target, { doc }) {
    if (!isRecord(operation)) return [];
    const parameters = effectiveParameters(doc.data, operation, target.pointer);
    const bodies = parameters.filter((p) => p.parameter.in === 'body');
    const out: FunctionReport[] = bodies.slice(1).map((p) => ({ pointer: p.pointer, messageId: 'multipleBody', values: { name: p.parameter.name } }));
    if (bodies.length && parameters.some((p) => p.parameter.in === 'formData')) out.push({ pointer: bodies[0].pointer, messageId: 'bodyWithFormData', values: { name: bodies[0].parameter.name } });
    return out;
  },
};

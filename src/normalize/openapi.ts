/**
 * OpenAPI 2.0 / 3.0 / 3.1 / 3.2 -> one model. Operations are keyed `GET /pets/{}` (parameter names erased),
 * parameters `query:limit` (path parameters by position: `path:#0`), bodies and responses by media type and
 * status. Swagger 2.0 `body`/`formData` parameters, `produces`/`consumes` and parameter `type` keywords are
 * mapped onto the same shapes, so the diff never looks at the version again.
 */
import { escapeSegment } from '../toolkit/json-pointer.ts';
import { pathItemOperations } from '../toolkit/openapi.ts';
import { isRecord } from '../toolkit/values.ts';
import type { OpenApiVersion } from '../load/types.ts';


export interface MediaModel {
  mediaType: string; node: any; pointer: string; schema: any; schemaPointer: string;
  /** OpenAPI 3.2 `itemSchema`: the schema of each item of a sequential media type (a stream of items). */
  itemSchema?: any; itemSchemaPointer?: string;
  /** Encoding Objects (OpenAPI 3): `encoding` by property name; 3.2 `itemEncoding` and `prefixEncoding` by position. */
  encoding?: Map<string, EncodingModel>; itemEncoding?: EncodingModel; prefixEncoding?: EncodingModel[];
}
export interface EncodingModel { node: any; pointer: string }
export interface ParameterModel {
  key: string; in: string; name: string; required: boolean; deprecated: boolean; node: any; pointer: string;
  schema: any; schemaPointer: string; style?: string; explode?: boolean; allowEmptyValue: boolean;
  /** The parameter's `content` map (OpenAPI 3: one media type; 3.2 `in: querystring` is always written so). */
  content: Map<string, MediaModel>;
}
export interface HeaderModel { name: string; required: boolean; node: any; pointer: string; schema: any; schemaPointer: string }
export interface RequestBodyModel { node: any; pointer: string; required: boolean; content: Map<string, MediaModel> }
export interface ResponseModel {
  status: string; node: any; pointer: string; content: Map<string, MediaModel>; headers: Map<string, HeaderModel>;
}
export type SecurityRequirement = Record<string, string[]>;

export interface OperationModel {
  key: string; method: string; path: string; pointer: string; node: any;
  /** The path item (or callback item) the operation is in: its path-level parameters and servers apply. */
  pathItem: any;
  role?: 'webhook' | 'callback';
  /** `parameters`, `requestBody` and `responses` are built on first read. */
  parameters: Map<string, ParameterModel>;
  requestBody?: RequestBodyModel;
  responses: Map<string, ResponseModel>;
  /** Effective requirements (the operation's own, else the document's); undefined = none declared. */
  security?: SecurityRequirement[];
  securityPointer: string;
  servers: string[];
}

export interface ApiModel {
  version: OpenApiVersion;
  root: any;
  operations: Map<string, OperationModel>;
  securitySchemes: Map<string, { node: any; pointer: string; scopes: Map<string, string> }>;
  servers: Map<string, string>;
  tags: Map<string, { node: any; pointer: string }>;
}

/** `/u/{id}` and `/u/{userId}` are the same path: names erased. */
export function pathTemplateKey(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}

const SWAGGER_SCHEMA_KEYS = [
  'type', 'format', 'items', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength',
  'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf',
];
/** Swagger 2.0 non-body parameters and headers carry schema keywords inline; one synthetic schema per node. */
const syntheticSchemas = new WeakMap<object, object>();
/** Where a synthetic schema's keywords are written (the parameter, header or operation it was built from). */
const syntheticPointers = new WeakMap<object, string>();
function inlineSchema(node: Record<string, any>, pointer: string): object {
  let schema = syntheticSchemas.get(node);
  if (!schema) {
    const built: Record<string, unknown> = {};
    for (const key of SWAGGER_SCHEMA_KEYS) if (key in node) built[key] = node[key];
    for (const key of Object.keys(node)) if (key.startsWith('x-')) built[key] = node[key];
    schema = built;
    syntheticSchemas.set(node, schema);
    syntheticPointers.set(schema, pointer);
  }
  return schema;
}

/** The document pointer of a schema built from Swagger 2.0 parameter keywords, if `node` is one. */
export function syntheticPointer(node: object): string | undefined {
  return syntheticPointers.get(node);
}

function mediaTypes(list: unknown, fallback: string[]): string[] {
  return Array.isArray(list) && list.length > 0 ? list.map(String) : fallback;
}

function contentOf(node: any, pointer: string): Map<string, MediaModel> {
  const content = new Map<string, MediaModel>();
  if (!isRecord(node?.content)) return content;
  for (const [mediaType, media] of Object.entries(node.content)) {
    const mediaPointer = `${pointer}/content/${escapeSegment(mediaType)}`;
    content.set(mediaType.toLowerCase(), {
      mediaType, node: media, pointer: mediaPointer, schema: isRecord(media) ? media.schema : undefined,
      schemaPointer: `${mediaPointer}/schema`,
      ...(isRecord(media) && media.itemSchema !== undefined ? { itemSchema: media.itemSchema, itemSchemaPointer: `${mediaPointer}/itemSchema` } : {}),
      ...(isRecord(media) ? encodingsOf(media, mediaPointer) : {}),
    });
  }
  return content;
}

/** The Encoding Objects of a media type object, each with its pointer; none written, nothing set. */
function encodingsOf(media: Record<string, any>, pointer: string): Pick<MediaModel, 'encoding' | 'itemEncoding' | 'prefixEncoding'> {
  const result: Pick<MediaModel, 'encoding' | 'itemEncoding' | 'prefixEncoding'> = {};
  if (isRecord(media.encoding)) {
    result.encoding = new Map();
    for (const [name, node] of Object.entries(media.encoding)) {
      if (isRecord(node)) result.encoding.set(name, { node, pointer: `${pointer}/encoding/${escapeSegment(name)}` });
    }
  }
  if (isRecord(media.itemEncoding)) result.itemEncoding = { node: media.itemEncoding, pointer: `${pointer}/itemEncoding` };
  if (Array.isArray(media.prefixEncoding)) {
    // A position that is not an object still holds its place: later positions keep their index.
    result.prefixEncoding = media.prefixEncoding.map((node, index) => ({ node: isRecord(node) ? node : {}, pointer: `${pointer}/prefixEncoding/${index}` }));
  }
  return result;
}

function normalizeParameter(param: any, pointer: string, version: OpenApiVersion): ParameterModel | undefined {
  if (!isRecord(param) || typeof param.name !== 'string' || typeof param.in !== 'string') return undefined;
  const swagger = version === '2.0';
  const content = swagger ? new Map<string, MediaModel>() : contentOf(param, pointer);
  const first = content.values().next().value as MediaModel | undefined;
  const fromContent = !swagger && param.schema === undefined && first !== undefined;
  const schema = swagger ? inlineSchema(param, pointer) : fromContent ? first.schema : param.schema;
  const style = swagger ? (param.collectionFormat ?? (param.type === 'array' ? 'csv' : undefined)) as string | undefined : param.style;
  return {
    // The one `in: querystring` parameter (OpenAPI 3.2) is the whole query string: its name is only a label.
    key: param.in === 'querystring' ? 'querystring' : `${param.in}:${param.name}`, in: param.in, name: param.name,
    required: param.required === true, deprecated: param.deprecated === true, node: param, pointer, schema,
    schemaPointer: swagger ? pointer : fromContent ? first.schemaPointer : `${pointer}/schema`, style, explode: param.explode,
    allowEmptyValue: param.allowEmptyValue === true, content,
  };
}

function contentSchema(node: any): any {
  if (!isRecord(node?.content)) return undefined;
  const first = Object.values(node.content)[0];
  return isRecord(first) ? first.schema : undefined;
}

function collectParameters(
  pathItem: any, op: any, pathPointer: string, opPointer: string, version: OpenApiVersion, path: string,
): { params: Map<string, ParameterModel>; swaggerBody?: ParameterModel; formData: ParameterModel[] } {
  const byKey = new Map<string, ParameterModel>();
  const add = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((param, index) => {
      const model = normalizeParameter(param, `${pointer}/parameters/${index}`, version);
      if (model) byKey.set(model.key, model);
    });
  };
  add(pathItem.parameters, pathPointer);
  add(op.parameters, opPointer); // operation-level parameters override path-level ones
  const params = new Map<string, ParameterModel>();
  let swaggerBody: ParameterModel | undefined;
  const formData: ParameterModel[] = [];
  const pathNames = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  for (const model of byKey.values()) {
    if (model.in === 'body') swaggerBody = model;
    else if (model.in === 'formData') formData.push(model);
    else if (model.in === 'path') {
      const position = pathNames.indexOf(model.name);
      params.set(position >= 0 ? `path:#${position}` : model.key, { ...model, key: position >= 0 ? `path:#${position}` : model.key });
    } else params.set(model.in === 'header' ? model.key.toLowerCase() : model.key, model);
  }
  return { params, swaggerBody, formData };
}

const syntheticForms = new WeakMap<object, object>();
function swaggerRequestBody(op: any, root: any, opPointer: string, body: ParameterModel | undefined, form: ParameterModel[]): RequestBodyModel | undefined {
  const consumes = mediaTypes(op.consumes ?? root.consumes, ['application/json']);
  if (body) {
    const content = new Map<string, MediaModel>();
    for (const mediaType of consumes) {
      content.set(mediaType.toLowerCase(), { mediaType, node: body.node, pointer: body.pointer, schema: body.node.schema, schemaPointer: `${body.pointer}/schema` });
    }
    return { node: body.node, pointer: body.pointer, required: body.required, content };
  }
  if (form.length === 0) return undefined;
  // One object schema for all formData parameters, cached on the operation node so identity is stable.
  let schema = syntheticForms.get(op);
  if (!schema) {
    const properties: Record<string, unknown> = {};
    for (const param of form) properties[param.name] = param.schema;
    const required = form.filter((p) => p.required).map((p) => p.name);
    schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
    syntheticForms.set(op, schema);
    syntheticPointers.set(schema, `${opPointer}/parameters`);
    syntheticPointers.set(properties, `${opPointer}/parameters/properties`);
  }
  const formTypes = consumes.filter((t) => /form/.test(t));
  const content = new Map<string, MediaModel>();
  for (const mediaType of formTypes.length ? formTypes : ['application/x-www-form-urlencoded']) {
    content.set(mediaType, { mediaType, node: op, pointer: `${opPointer}/parameters`, schema, schemaPointer: `${opPointer}/parameters` });
  }
  return { node: op, pointer: `${opPointer}/parameters`, required: form.some((p) => p.required), content };
}

/** The `headers` of a response, or of an Encoding Object (the headers of one multipart part). */
export function headersOf(response: any, pointer: string, version: OpenApiVersion): Map<string, HeaderModel> {
  const headers = new Map<string, HeaderModel>();
  if (!isRecord(response.headers)) return headers;
  for (const [name, header] of Object.entries(response.headers)) {
    if (!isRecord(header)) continue;
    const headerPointer = `${pointer}/headers/${escapeSegment(name)}`;
    const swagger = version === '2.0';
    headers.set(name.toLowerCase(), {
      name, node: header, pointer: headerPointer, required: header.required === true,
      schema: swagger ? inlineSchema(header, headerPointer) : header.schema ?? contentSchema(header),
      schemaPointer: swagger ? headerPointer : `${headerPointer}/schema`,
    });
  }
  return headers;
}

function responsesOf(op: any, root: any, opPointer: string, version: OpenApiVersion): Map<string, ResponseModel> {
  const responses = new Map<string, ResponseModel>();
  if (!isRecord(op.responses)) return responses;
  const produces = mediaTypes(op.produces ?? root.produces, ['application/json']);
  for (const [status, response] of Object.entries(op.responses)) {
    if (!isRecord(response) || status.startsWith('x-')) continue;
    const pointer = `${opPointer}/responses/${escapeSegment(status)}`;
    let content: Map<string, MediaModel>;
    if (version === '2.0') {
      content = new Map();
      if (response.schema !== undefined) {
        for (const mediaType of produces) {
          content.set(mediaType.toLowerCase(), { mediaType, node: response, pointer, schema: response.schema, schemaPointer: `${pointer}/schema` });
        }
      }
    } else content = contentOf(response, pointer);
    responses.set(status.toUpperCase(), { status, node: response, pointer, content, headers: headersOf(response, pointer, version) });
  }
  return responses;
}

function serversOf(node: any, version: OpenApiVersion): string[] {
  if (version === '2.0') {
    if (!node.host && !node.basePath) return [];
    const schemes: string[] = Array.isArray(node.schemes) && node.schemes.length ? node.schemes : ['https'];
    return schemes.map((s) => `${s}://${node.host ?? ''}${node.basePath ?? ''}`);
  }
  return Array.isArray(node.servers) ? node.servers.filter(isRecord).map((s: any) => String(s.url)) : [];
}

function addPathItem(
  model: ApiModel, pathItem: any, path: string, pathPointer: string, keyPrefix: string, role?: 'webhook' | 'callback',
): void {
  if (!isRecord(pathItem)) return;
  const { root, version } = model;
  for (const { method, node: op, segment } of pathItemOperations(pathItem, version)) {
    const opPointer = `${pathPointer}/${segment}`;
    let parts: { parameters: Map<string, ParameterModel>; requestBody?: RequestBodyModel } | undefined;
    const partsOf = () => {
      if (parts) return parts;
      const { params, swaggerBody, formData } = collectParameters(pathItem, op, pathPointer, opPointer, version, path);
      const requestBody = version === '2.0'
        ? swaggerRequestBody(op, root, opPointer, swaggerBody, formData)
        : isRecord(op.requestBody)
          ? { node: op.requestBody, pointer: `${opPointer}/requestBody`, required: op.requestBody.required === true, content: contentOf(op.requestBody, `${opPointer}/requestBody`) }
          : undefined;
      return (parts = { parameters: params, requestBody });
    };
    let responses: Map<string, ResponseModel> | undefined;
    const security = Array.isArray(op.security) ? op.security : Array.isArray(root.security) ? root.security : undefined;
    // Webhook names and callback runtime expressions are not path templates: keep them as written.
    const key = `${keyPrefix}${method} ${role ? path : pathTemplateKey(path)}`;
    const operation: OperationModel = {
      key, method, path, pointer: opPointer, node: op, pathItem, role,
      // Read only where an operation is compared: most operations of two versions are equal and skipped.
      get parameters() { return partsOf().parameters; },
      get requestBody() { return partsOf().requestBody; },
      get responses() { return (responses ??= responsesOf(op, root, opPointer, version)); },
      security,
      securityPointer: Array.isArray(op.security) ? `${opPointer}/security` : '/security',
      servers: serversOf(op.servers ? op : pathItem.servers ? pathItem : {}, version === '2.0' ? '3.0' : version),
    };
    model.operations.set(key, operation);
    if (isRecord(op.callbacks)) {
      for (const [name, callback] of Object.entries(op.callbacks)) {
        if (!isRecord(callback)) continue;
        for (const [expression, item] of Object.entries(callback)) {
          const cbPointer = `${opPointer}/callbacks/${escapeSegment(name)}/${escapeSegment(expression)}`;
          addPathItem(model, item, expression, cbPointer, `${key} callback ${name}: `, 'callback');
        }
      }
    }
  }
}

function securitySchemesOf(root: any, version: OpenApiVersion): ApiModel['securitySchemes'] {
  const base = version === '2.0' ? '/securityDefinitions' : '/components/securitySchemes';
  const schemes = version === '2.0' ? root.securityDefinitions : root.components?.securitySchemes;
  const result: ApiModel['securitySchemes'] = new Map();
  if (!isRecord(schemes)) return result;
  for (const [name, node] of Object.entries(schemes)) {
    if (!isRecord(node)) continue;
    const scopes = new Map<string, string>();
    const flowScopes = version === '2.0' ? [node.scopes] : Object.values(isRecord(node.flows) ? node.flows : {}).map((f: any) => f?.scopes);
    for (const list of flowScopes) if (isRecord(list)) for (const scope of Object.keys(list)) scopes.set(scope, String(list[scope] ?? ''));
    result.set(name, { node, pointer: `${base}/${escapeSegment(name)}`, scopes });
  }
  return result;
}

/** The normalized model of a resolved OpenAPI document. */
export function normalizeOpenApi(root: any, version: OpenApiVersion): ApiModel {
  const model: ApiModel = {
    version, root, operations: new Map(), securitySchemes: securitySchemesOf(root, version),
    servers: new Map(), tags: new Map(),
  };
  serversOf(root, version).forEach((url, index) => model.servers.set(url, version === '2.0' ? '/host' : `/servers/${index}`));
  if (Array.isArray(root.tags)) {
    root.tags.forEach((tag: any, index: number) => {
      if (isRecord(tag) && typeof tag.name === 'string') model.tags.set(tag.name, { node: tag, pointer: `/tags/${index}` });
    });
  }
  if (isRecord(root.paths)) {
    for (const [path, item] of Object.entries(root.paths)) {
      if (path.startsWith('/')) addPathItem(model, item, path, `/paths/${escapeSegment(path)}`, '');
    }
  }
  if (isRecord(root.webhooks)) {
    for (const [name, item] of Object.entries(root.webhooks)) {
      addPathItem(model, item, name, `/webhooks/${escapeSegment(name)}`, 'webhook ', 'webhook');
    }
  }
  return model;
}

/** A one-operation OpenAPI spec whose only knob is the `maximum` of a query parameter: one change per edit. */
export function limitSpec(title: string, maximum: number): string {
  return `openapi: 3.0.3
info: { title: ${title}, version: 1.0.0 }
paths:
  /items:
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, maximum: ${maximum} } }
      responses:
        '200': { description: ok }
`;
}

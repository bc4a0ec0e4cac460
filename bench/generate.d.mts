/** Types of bench/generate.mjs, for the harness test (the generator itself is plain ESM JavaScript). */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any>; parameters: Record<string, any>; responses: Record<string, any> };
  [key: string]: unknown;
}
export function generateBase(operations: number, seed?: number): OpenApiDocument;
export function generateRevision(base: OpenApiDocument, seed?: number): OpenApiDocument;
export function countOperations(doc: { paths?: Record<string, Record<string, unknown>> }): number;
export function writeSyntheticPair(outDir: string, operations: number, seed?: number): { base: string; revision: string };

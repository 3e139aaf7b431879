import type { FastifyInstance } from 'fastify';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** OpenAPI path with `{param}` placeholders, under /api/v1. */
  path: string;
  /** The request URL with every path parameter filled in with a plausible value. */
  url: string;
  bodySchema?: JsonSchema;
  queryParameters: Array<{ name: string; schema: JsonSchema }>;
  /** Every property name of the success answer's schema, at any depth. */
  answerFields: Set<string>;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  pattern?: string;
  [key: string]: unknown;
}

interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
      }
    >
  >;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;

/** A value for a path parameter: numbers for ids, a 15-digit IMEI where the route wants one. */
function pathValue(name: string): string {
  if (/imei/i.test(name)) return '861234567890123';
  if (/name|key|type|code|lang/i.test(name)) return 'x';
  return '1';
}

/** Every operation the document lists (what `GET /api/v1/openapi.json` serves). */
export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [rawPath, item] of Object.entries(doc.paths)) {
    const path = rawPath.startsWith('/api/v1') ? rawPath : `/api/v1${rawPath}`;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const url = path.replace(/\{([^}]+)\}/g, (_all, name: string) => pathValue(name));
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        url,
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
        queryParameters: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema })),
        answerFields: propertyNames(op.responses?.['200']?.content?.['application/json']?.schema),
      });
    }
  }
  return operations;
}

/** Does the schema accept a string (directly or as one alternative)? */
export function takesString(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some(takesString);
}

/** The object schema of a body (unwrapping allOf/anyOf of one object), or undefined. */
export function objectProperties(schema: JsonSchema | undefined): Record<string, JsonSchema> | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema.properties;
  for (const alt of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = objectProperties(alt);
    if (found) return found;
  }
  return undefined;
}

/** Top-level string fields of a body schema: where a NUL or an oversized value is tried. */
export function stringFields(schema: JsonSchema | undefined): string[] {
  const properties = objectProperties(schema);
  if (!properties) return [];
  return Object.entries(properties)
    .filter(([, property]) => takesString(property))
    .map(([name]) => name);
}

/** Property names of a schema at any depth (through items, anyOf, oneOf, allOf). */
export function propertyNames(schema: unknown, into = new Set<string>(), depth = 0): Set<string> {
  if (!schema || typeof schema !== 'object' || depth > 20) return into;
  const s = schema as JsonSchema;
  for (const [name, child] of Object.entries(s.properties ?? {})) {
    into.add(name);
    propertyNames(child, into, depth + 1);
  }
  for (const child of [s.items, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) {
    propertyNames(child, into, depth + 1);
  }
  return into;
}

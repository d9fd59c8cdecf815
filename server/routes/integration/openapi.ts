import { type ZodObject, type ZodType, z } from "zod";

// The integration API's OpenAPI 3.1 document, generated from the schemas its routes validate and
// serialise with (zod 4's own JSON Schema output, which is OpenAPI 3.1's dialect): nothing is
// written twice, so the document cannot describe another API than the one served.

export type ResponseSpec = {
  description: string;
  /** JSON body; absent with `pdf` or for an answer without body. */
  schema?: ZodType;
  /** The answer is a PDF file. */
  pdf?: boolean;
  /** Response headers worth naming (e.g. Retry-After). */
  headers?: Record<string, string>;
};

export type RouteSpec = {
  method: "GET" | "POST";
  /** Fastify's form: `/integration/v1/applications/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: ZodObject;
  querystring?: ZodObject;
  /** Reachable without a key (the document itself). */
  public?: boolean;
  responses: Record<number, ResponseSpec>;
};

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  return rest;
}

/** Query or path parameters from an object schema, one per property. */
function parameters(schema: ZodObject, where: "query" | "path"): JsonSchema[] {
  const object = jsonSchema(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || (object.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function response(spec: ResponseSpec): JsonSchema {
  const headers = Object.fromEntries(
    Object.entries(spec.headers ?? {}).map(([name, description]) => [
      name,
      { description, schema: { type: "string" } },
    ]),
  );
  const content = spec.pdf
    ? { "application/pdf": { schema: { type: "string", format: "binary" } } }
    : spec.schema
      ? { "application/json": { schema: jsonSchema(spec.schema, "output") } }
      : undefined;
  return {
    description: spec.description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(content ? { content } : {}),
  };
}

/** `/a/:id/b` → `/a/{id}/b`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

export function openApiDocument(
  routes: readonly RouteSpec[],
  info: { title: string; version: string; description: string; serverUrl: string },
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const operation: JsonSchema = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.public ? { security: [] } : {}),
      parameters: [
        ...(route.params ? parameters(route.params, "path") : []),
        ...(route.querystring ? parameters(route.querystring, "query") : []),
      ],
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, spec]) => [status, response(spec)]),
      ),
    };
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "A key from `npm run api-key:create -- --name NAME`: `Authorization: Bearer adm_…`.",
        },
      },
    },
    security: [{ apiKey: [] }],
    paths,
  };
}

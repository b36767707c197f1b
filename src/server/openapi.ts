import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * In OpenAPI 3.0 `nullable: true` lets null past `type` but not past `enum` (OpenAPI 3.0.3, "Clarify
 * nullable"): a nullable list of values must list null too, or validators and client generators built from
 * the description refuse the null the API sends. The zod conversion leaves it out, so it is added here.
 */
function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withNullInNullableEnums) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) copy[key] = withNullInNullableEnums(entry);
  if (copy.nullable === true && Array.isArray(copy.enum) && !copy.enum.includes(null)) {
    copy.enum = [...copy.enum, null];
  }
  return copy as T;
}

/**
 * The OpenAPI description from the routes' zod schemas, with the shared schemas that routes refer to (the
 * error body, a collection item, …) as its components: without them each such reference leads nowhere.
 */
export const openApiTransformObject: typeof jsonSchemaTransformObject = (document) =>
  withNullInNullableEnums(jsonSchemaTransformObject(document));

/**
 * A response serializer compiled once from the route's zod schema, for the public payment API's hot
 * routes (docs/decisions/0131-public-api-without-per-request-overhead.md). The app's own serializer
 * (fastify-type-provider-zod's) encodes every answer through zod, building a copy of it, before
 * JSON.stringify: about 15 µs for the payment page's data. This one turns the schema into JSON Schema
 * (zod's toJSONSchema, output side) and compiles it with fast-json-stringify, Fastify's own serializer
 * (https://github.com/fastify/fast-json-stringify): about 2 µs.
 *
 * What the answer may hold is the same: only the schema's properties are written (any other property
 * of the object is left out), and an answer missing a required property throws, which the error
 * handler turns into a 500 as it does a zod failure. Only for schemas with nothing zod would have to
 * encode (no codecs, transforms or dates): toJSONSchema throws on those, so such a route fails when the
 * app starts, not when it answers.
 */
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { toJSONSchema } from 'zod';
import { $ZodType } from 'zod/v4/core';

/** The JSON Schema (draft-07, which fast-json-stringify reads) of what `schema` lets an answer hold. */
export function answerJsonSchema(schema: $ZodType): Schema {
  const { $schema: _, ...jsonSchema } = toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  return jsonSchema as Schema;
}

/**
 * Fastify's per-route `serializerCompiler`: for a route whose response schemas are zod schemas, a
 * function writing an answer as JSON (see above). Throws at start-up for any other schema, or one JSON
 * Schema cannot express.
 */
export function compiledSerializer({ schema }: { schema: unknown }): (answer: unknown) => string {
  if (!(schema instanceof $ZodType)) throw new TypeError('compiledSerializer needs a zod response schema');
  return fastJsonStringify(answerJsonSchema(schema));
}

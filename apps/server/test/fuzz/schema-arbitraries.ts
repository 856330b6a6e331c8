/**
 * fast-check arbitraries derived from the JSON schemas of the OpenAPI document (the route schemas as
 * fastify-type-provider-zod publishes them): values that conform, and values that cannot.
 *
 * `violating` values must be refused by the route's zod schema, or the fuzz test would send valid
 * requests that may rightly change data. Every candidate is therefore checked with `conformsTo`, which
 * mirrors zod's checks (lengths in UTF-16 units, safe integers), and kept only when it fails them or
 * holds a NUL, which the server refuses for every route (http/refuse-nul.ts).
 */
import fc from 'fast-check';

/** The subset of JSON Schema that the route schemas use. */
export interface JsonSchema {
  type?: 'object' | 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'null';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  nullable?: boolean;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

/** A JSON token written into the body as it is: numbers JSON.stringify cannot produce (1e400). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with RawJson tokens spliced in unquoted. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, entry) =>
    entry instanceof RawJson ? `\u0001raw${raws.push(entry.text) - 1}\u0001` : entry,
  );
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index) => raws[Number(index)] ?? 'null');
}

/** Strings that have broken servers before: prototype keys, injections, odd Unicode. */
export const NASTY_STRINGS = [
  '__proto__',
  'constructor',
  'toString',
  'prototype',
  'hasOwnProperty',
  "' OR 1=1 --",
  '"; drop table payments; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%',
  '\\',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '\u202Eevil',
  'Z\u0351\u0335\u0328a\u0358\u0361l\u0358g\u0334o',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '𝕮𝖑𝖎𝖓𝖎𝖈',
  'ﷺ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e400',
  'true',
  '[]',
  '{}',
  ' ',
  '\t\n\r',
];

const NUMERIC_TEXTS = ['NaN', 'Infinity', '-Infinity', '-1', '0', '-0', '1.5', '1e400', '0x10', '１２', ''];

/** A string of exactly `length` UTF-16 units, never only whitespace (zod's trim must not shorten it). */
function stringOfLength(length: number): fc.Arbitrary<string> {
  return fc.constantFrom('a', 'é', 'Ω', '中').map((unit) => unit.repeat(length));
}

function conformingString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 10_000;
  const fits = (value: string) => value.length >= min && value.length <= max;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const short = Math.min(max, min + 40);
  // Only branches that can produce a fitting value: a filter that never passes would spin for ever.
  const nasty = NASTY_STRINGS.filter(fits);
  const branches: fc.WeightedArbitrary<string>[] = [
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: short }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: short }).filter(fits) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: short }).filter(fits) },
    { weight: 1, arbitrary: fc.integer({ min, max: Math.min(max, 5_000) }).chain(stringOfLength) },
  ];
  if (nasty.length) branches.push({ weight: 2, arbitrary: fc.constantFrom(...nasty) });
  if (max >= 60) branches.push({ weight: 1, arbitrary: fc.emailAddress().filter(fits) });
  return fc.oneof(...branches);
}

function numberBounds(schema: JsonSchema): { min: number; max: number } {
  let min = schema.minimum ?? -1e12;
  let max = schema.maximum ?? 1e12;
  if (schema.exclusiveMinimum === true) min += 1;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  return { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

/** Values `schema` accepts, leaning towards its edges and awkward strings. */
export function conforming(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(conforming));
  const value = conformingOfType(schema);
  return schema.nullable ? fc.option(value, { nil: null, freq: 4 }) : value;
}

function conformingOfType(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, sub]) => [key, conforming(sub)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(conforming(schema.items ?? {}), { maxLength: 4 });
    case 'string':
      return conformingString(schema);
    case 'integer': {
      const { min, max } = numberBounds(schema);
      return fc.oneof(
        fc.integer({ min: Math.max(min, -2e9), max: Math.min(max, 2e9) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number': {
      const { min, max } = numberBounds(schema);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** The JSON kind of a value: integer and float apart, as "integer" schemas tell them apart. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'float';
  return typeof value;
}

function allowedKinds(schema: JsonSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((sub) => [...allowedKinds(sub)]));
  const kinds = new Set<string>();
  if (schema.nullable || schema.type === 'null') kinds.add('null');
  if (schema.type === 'number') kinds.add('integer').add('float');
  else if (schema.type === 'integer') kinds.add('integer');
  else if (schema.type) kinds.add(schema.type);
  else
    for (const kind of ['null', 'boolean', 'integer', 'float', 'string', 'array', 'object']) kinds.add(kind);
  return kinds;
}

/** Whether zod, checking what `schema` describes, would accept `value` (extra keys are accepted). */
export function conformsTo(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((sub) => conformsTo(sub, value));
  if (value === null) return schema.nullable === true || schema.type === 'null';
  if (schema.enum) return schema.enum.includes(value);
  const kind = kindOf(value);
  if (!allowedKinds(schema).has(kind)) return false;
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return false;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
    return !schema.pattern || new RegExp(schema.pattern).test(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || (schema.type === 'integer' && !Number.isSafeInteger(value))) return false;
    const { min, max } = numberBounds(schema);
    return value >= min && value <= max;
  }
  if (Array.isArray(value)) return value.every((item) => conformsTo(schema.items ?? {}, item));
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if ((schema.required ?? []).some((key) => !Object.hasOwn(record, key))) return false;
    return Object.entries(schema.properties ?? {}).every(
      ([key, sub]) =>
        !Object.hasOwn(record, key) || record[key] === undefined || conformsTo(sub, record[key]),
    );
  }
  return true;
}

/** Whether a parsed value holds a NUL anywhere, key or string. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || holdsNul(entry));
}

const nulString = fc
  .tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }))
  .map(([before, after]) => `${before}\u0000${after}`);

const VALUE_OF_KIND: Record<string, fc.Arbitrary<unknown>> = {
  null: fc.constant(null),
  boolean: fc.boolean(),
  integer: fc.oneof(fc.integer(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER)),
  float: fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value)),
  string: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...NASTY_STRINGS)),
  array: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  object: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
};

/** A value of a JSON kind the schema does not allow, or a NUL string. */
function wrongKind(schema: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = allowedKinds(schema);
  const wrong = Object.entries(VALUE_OF_KIND)
    .filter(([kind]) => !allowed.has(kind))
    .map(([, arbitrary]) => arbitrary);
  return wrong.length ? fc.oneof(...wrong) : nulString;
}

function violationCandidates(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const candidates: fc.Arbitrary<unknown>[] = [wrongKind(schema), wrongKind(schema), nulString];
  if (schema.enum) candidates.push(fc.oneof(fc.string({ maxLength: 20 }), fc.boolean(), fc.integer()));
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) {
      const over = schema.maxLength + 1;
      candidates.push(fc.integer({ min: over, max: over + 200 }).chain(stringOfLength));
      candidates.push(stringOfLength(Math.max(over, 200_000)));
    }
    if (schema.minLength) candidates.push(fc.string({ maxLength: schema.minLength - 1 }));
    if (schema.pattern)
      candidates.push(fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(...NASTY_STRINGS)));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const { min, max } = numberBounds(schema);
    if (min > Number.MIN_SAFE_INTEGER)
      candidates.push(fc.integer({ min: Math.max(min - 1e9, -1e15), max: min - 1 }));
    if (max < Number.MAX_SAFE_INTEGER) candidates.push(fc.integer({ min: max + 1, max: max + 1e9 }));
    candidates.push(
      fc.constantFrom(
        new RawJson('1e400'),
        new RawJson('-1e400'),
        new RawJson('123456789012345678901234567890'),
        new RawJson('-0.0000001'),
        0.5,
        -1,
        0,
      ),
    );
  }
  if (schema.type === 'object') candidates.push(...objectViolations(schema));
  return candidates;
}

function objectViolations(schema: JsonSchema): fc.Arbitrary<unknown>[] {
  const properties = Object.entries(schema.properties ?? {});
  const violations: fc.Arbitrary<unknown>[] = [];
  const whole = conforming({ ...schema, nullable: false }) as fc.Arbitrary<Record<string, unknown>>;
  const required = schema.required ?? [];
  if (required.length) {
    violations.push(
      fc.tuple(whole, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  if (properties.length) {
    // One arbitrary per property, built once: chain() would rebuild them for every value.
    violations.push(
      fc.oneof(
        ...properties.map(([key, sub]) =>
          fc.tuple(whole, violating(sub)).map(([value, bad]) => ({ ...value, [key]: bad })),
        ),
      ),
    );
  }
  return violations;
}

/** Values `schema` refuses: wrong kinds, lengths, ranges, enum members, patterns, missing keys. */
export function violating(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc
    .oneof(...violationCandidates(schema))
    .filter((value) => holdsNul(value) || !conformsTo(schema, rawParsed(value)));
}

/** The value the server parses from RawJson tokens (1e400 is Infinity). */
function rawParsed(value: unknown): unknown {
  return JSON.parse(toJsonText(value) || 'null');
}

/** Extra members no schema asks for: odd keys and values, never a prototype-polluting key. */
export const extraMembers = fc.dictionary(
  fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('constructor', 'toString', 'valueOf', 'id', 'clinicId'),
  ),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** Query-string values a parameter's zod schema refuses, after z.coerce.number() for integers. */
export function violatingQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  const candidates = fc.oneof(
    fc.constantFrom(...NUMERIC_TEXTS, ...NASTY_STRINGS),
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    nulString,
    fc
      .integer({ min: (schema.maxLength ?? 200) + 1, max: (schema.maxLength ?? 200) + 300 })
      .chain(stringOfLength),
    fc.integer().map(String),
    fc.double().map(String),
  );
  return candidates.filter((text) => text.includes('\u0000') || !queryConformsTo(schema, text));
}

/** Query-string values a parameter accepts. */
export function conformingQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return conforming({ ...schema, nullable: false }).map(String);
}

function queryConformsTo(schema: JsonSchema, text: string): boolean {
  if (schema.type === 'integer' || schema.type === 'number') return conformsTo(schema, Number(text));
  return conformsTo(schema, text);
}

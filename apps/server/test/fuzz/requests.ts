/**
 * Malformed requests for one operation of the OpenAPI document, as fast-check arbitraries.
 *
 * Each request is broken on purpose through one channel, so no generated request is a valid one that
 * could rightly change data: a body its schema refuses, JSON that does not parse, a media type no
 * route parses, a body over the size limit, a malformed path id (never one that exists), or a query
 * value its schema refuses. The rest of the request is plausible (real ids, valid-looking bodies, a
 * signed-in session), so the broken part is what the server has to handle.
 */
import fc from 'fast-check';
import {
  conforming,
  conformingQueryValue,
  extraMembers,
  type JsonSchema,
  NASTY_STRINGS,
  toJsonText,
  violating,
  violatingQueryValue,
} from './schema-arbitraries.js';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One method and path of the document, with what it takes. */
export interface FuzzOperation {
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
  /** Takes a multipart upload (the document does not describe multipart bodies). */
  multipart: boolean;
  /** Methods the path has no route for. */
  otherMethods: string[];
}

export type Identity = 'clinic' | 'admin' | 'anonymous' | 'forged';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  identity: Identity;
  /** A session cookie value that is not one (identity 'forged' only). */
  forgedCookie?: string;
  /** How the request is malformed. */
  channel: string;
}

export interface FuzzContext {
  publicUrl: string;
  /** Ids that exist (links, payments, intents, clinics): used where another part is broken. */
  knownIds: string[];
  /** Method and path of the routes that take a multipart upload. */
  multipartRoutes: Set<string>;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** HEAD is left out: Fastify answers it with the GET route, which is not a malformed request. */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Every operation of the document. */
export function operationsOf(document: OpenApiDocument, multipartRoutes: Set<string>): FuzzOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const upper = method.toUpperCase();
      return {
        method: upper,
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
        multipart: multipartRoutes.has(`${upper} ${path}`),
        otherMethods: METHODS.filter((other) => !Object.hasOwn(operations, other.toLowerCase())),
      };
    }),
  );
}

/** encodeURIComponent, with lone surrogates (which it refuses) sent as malformed escapes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')).concat('%ED%A0%80');
  }
}

const RAW_BAD_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%C0%AE%C0%AE',
  '..',
  '.',
  '%2e%2e',
  'a%2Fb',
  '%252e',
  '',
];

/** Path ids that cannot exist: wrong shapes, encodings, lengths and prefixes. */
function malformedId(known: string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 40 }).map(encodeSegment),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeSegment),
      fc.constantFrom(...NASTY_STRINGS).map(encodeSegment),
      fc.constantFrom(...RAW_BAD_SEGMENTS),
      fc.uuid(),
      fc.uuid().map((id) => `${id.toUpperCase()}x`),
      fc.constantFrom('pi_sbx_', 'pi_sbx_zz', 'acct_sbx_', 're_sbx_1', `pi_sbx_${'f'.repeat(64)}`, 'pi_3Abc'),
      fc.integer().map(String),
      fc.integer({ min: 101, max: 3_000 }).map((length) => 'a'.repeat(length)),
    )
    .filter((id) => !known.includes(id));
}

const JSON_MEDIA_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=iso-8859-1',
  'application/json; charset=utf-16',
  'application/json;;;',
  'application/json; boundary=x',
];

const WRONG_MEDIA_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/xml',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'image/png',
  'application/jsonx',
  'json',
];

/** JSON text the parser refuses: cut short, trailing junk, bad tokens, prototype keys. */
function malformedJson(validText: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const notJson = (text: string) => {
    try {
      JSON.parse(text);
      return false;
    } catch {
      return true;
    }
  };
  return fc.oneof(
    validText.chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
    fc
      .tuple(validText, fc.constantFrom('}', ',', ' garbage', '\u0000', ']', '{}', '"'))
      .map(([text, junk]) => text + junk)
      .filter(notJson),
    fc
      .constantFrom('{', '}', '[', 'nul', 'NaN', "{'a':1}", '{"a":1,}', '{"a":}', '{a:1}', '\u0000', '[1,2')
      .filter(notJson),
    fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'),
    fc.constant('['.repeat(100_000)),
    fc.string({ maxLength: 40 }).filter(notJson),
  );
}

/** Over the 1 MiB body limit: refused before it is parsed. */
const TOO_LARGE = `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`;

function contentLengthBody(text: string) {
  return { payload: text, headers: { 'content-type': 'application/json' } };
}

function multipartBody(
  parts: { name: string; filename?: string; type?: string; data: Buffer }[],
  boundary: string,
) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`),
      Buffer.from(part.type ? `Content-Type: ${part.type}\r\n\r\n` : '\r\n'),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const IMAGE_MAGIC = [
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('ffd8ffe0', 'hex'),
  Buffer.from('GIF89a'),
  Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBP'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">'),
  Buffer.alloc(0),
];

/** Uploads no image decoder reads: random bytes behind image signatures, broken multipart syntax. */
const malformedUpload: fc.Arbitrary<{ payload: Buffer; headers: Record<string, string> }> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...IMAGE_MAGIC),
      fc.uint8Array({ maxLength: 2_000 }),
      fc.constantFrom('file', 'logo', ''),
      fc.constantFrom('logo.png', 'a.jpg', '', '../../x.png', 'x.svg', '\u202Egnp.exe'),
      fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/octet-stream'),
    )
    .map(([magic, bytes, name, filename, type]) => ({
      payload: multipartBody([{ name, filename, type, data: Buffer.concat([magic, bytes]) }], 'fuzzboundary'),
      headers: { 'content-type': 'multipart/form-data; boundary=fuzzboundary' },
    })),
  fc.uint8Array({ maxLength: 500 }).map((bytes) => ({
    payload: Buffer.concat([
      Buffer.from('--fuzzboundary\r\nContent-Disposition: form-data; name="file"'),
      bytes,
    ]),
    headers: { 'content-type': 'multipart/form-data; boundary=fuzzboundary' },
  })),
  fc
    .constantFrom('multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x')
    .map((type) => ({ payload: Buffer.from('--x\r\n\r\n--x--'), headers: { 'content-type': type } })),
  fc.constant({
    payload: multipartBody([{ name: 'note', data: Buffer.from('no file here') }], 'fuzzboundary'),
    headers: { 'content-type': 'multipart/form-data; boundary=fuzzboundary' },
  }),
);

function queryString(operation: FuzzOperation, breakIt: boolean): fc.Arbitrary<string> {
  const values = operation.query.map((parameter) =>
    fc
      .option(conformingQueryValue(parameter.schema), { freq: 2 })
      .map((value) => [parameter.name, value] as const),
  );
  // A value the parameter's schema refuses, or the parameter twice (an array where a string is due).
  const broken =
    breakIt && operation.query.length
      ? fc.oneof(
          ...operation.query.flatMap((parameter) => [
            violatingQueryValue(parameter.schema).map((value) => [[parameter.name, value]]),
            fc
              .tuple(conformingQueryValue(parameter.schema), conformingQueryValue(parameter.schema))
              .map(([first, second]) => [
                [parameter.name, first],
                [parameter.name, second],
              ]),
          ]),
        )
      : fc.constant([] as string[][]);
  const junk = fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 2 });
  const rawJunk = fc.constantFrom(
    '',
    '',
    '&&&',
    '=',
    '%zz=1',
    'a[b]=1',
    '__proto__=1',
    'constructor[prototype]=1',
  );
  return fc.tuple(fc.tuple(...values), broken, junk, rawJunk).map(([plain, bad, extra, raw]) => {
    const badNames = new Set(bad.map(([name]) => name));
    const pairs = [
      ...plain.filter(([name, value]) => value !== null && !badNames.has(name)),
      ...bad,
      ...Object.entries(extra),
    ].map(([name, value]) => `${encodeSegment(String(name))}=${encodeSegment(String(value))}`);
    const text = [...pairs, raw].filter(Boolean).join('&');
    return text ? `?${text}` : '';
  });
}

function pathOf(operation: FuzzOperation, context: FuzzContext, breakIt: boolean): fc.Arbitrary<string> {
  if (!operation.pathParams.length) return fc.constant(operation.path);
  const any = fc.oneof(malformedId(context.knownIds), fc.constantFrom(...context.knownIds));
  const values = operation.pathParams.map(() => any);
  if (breakIt) values[0] = malformedId(context.knownIds);
  return fc.tuple(...values).map((ids) => {
    let path = operation.path;
    operation.pathParams.forEach((parameter, index) => {
      path = path.replace(`{${parameter.name}}`, ids[index] ?? '');
    });
    return path;
  });
}

type Body = { payload?: string | Buffer; headers: Record<string, string> };

/** The channels through which `operation` can be broken. */
function channelsOf(operation: FuzzOperation): string[] {
  const channels: string[] = [];
  if (BODY_METHODS.has(operation.method)) channels.push('syntax', 'media-type', 'too-large');
  if (operation.body) channels.push('body', 'body');
  if (operation.multipart) channels.push('upload', 'upload');
  if (operation.pathParams.length) channels.push('path');
  if (operation.query.length) channels.push('query');
  if (operation.method === 'GET') channels.push('junk');
  if (operation.otherMethods.length) channels.push('method');
  return channels;
}

function bodyFor(operation: FuzzOperation, channel: string): fc.Arbitrary<Body> {
  const validText = operation.body
    ? fc
        .tuple(conforming(operation.body), extraMembers)
        .map(([value, extra]) =>
          toJsonText(typeof value === 'object' && value !== null ? { ...extra, ...value } : value),
        )
    : fc.constant('{}');
  switch (channel) {
    case 'body':
      // The body is refused whatever the media type says, so odd spellings of JSON's are safe here.
      return fc
        .tuple(
          violating(operation.body ?? {}),
          extraMembers,
          fc.boolean(),
          fc.constantFrom(...JSON_MEDIA_TYPES),
        )
        .map(([value, extra, addExtra, type]) => ({
          payload: toJsonText(
            addExtra && typeof value === 'object' && value && !Array.isArray(value)
              ? { ...extra, ...value }
              : value,
          ),
          headers: { 'content-type': type },
        }));
    case 'syntax':
      return malformedJson(validText).map(contentLengthBody);
    case 'media-type':
      return fc
        .tuple(
          fc.oneof(validText, fc.string({ maxLength: 100 })),
          fc.option(fc.constantFrom(...WRONG_MEDIA_TYPES), { freq: 8 }),
        )
        .map(
          ([text, type]): Body => ({ payload: text || 'x', headers: type ? { 'content-type': type } : {} }),
        );
    case 'too-large':
      return fc.constant(contentLengthBody(TOO_LARGE));
    case 'upload':
      return malformedUpload;
    default:
      // The request is broken elsewhere: send what the route expects, or nothing if it takes no body.
      return operation.body ? validText.map(contentLengthBody) : fc.constant({ headers: {} });
  }
}

const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 60,
});

/** What a proxy, or someone posing as one, says about the caller (read with TRUST_PROXY=true). */
const proxyHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'x-forwarded-for': fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      headerText,
      fc.tuple(headerText, fc.ipV4()).map(([junk, address]) => `${junk}, ${address}`),
    ),
    'x-forwarded-host': fc.oneof(headerText, fc.domain()),
    'x-forwarded-proto': fc.oneof(fc.constantFrom('https', 'http', 'ftp', ''), headerText),
  },
  { requiredKeys: [] },
);

/** Malformed requests for `operation`, each broken through one channel. */
export function malformedRequests(operation: FuzzOperation, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const adminRoute = operation.path.includes('/admin/');
  const identity = fc.oneof(
    { weight: adminRoute ? 2 : 6, arbitrary: fc.constant<Identity>('clinic') },
    { weight: adminRoute ? 6 : 2, arbitrary: fc.constant<Identity>('admin') },
    { weight: 2, arbitrary: fc.constant<Identity>('anonymous') },
    { weight: 1, arbitrary: fc.constant<Identity>('forged') },
  );
  // Mostly none or the app's own origin, so most writes get past the cross-site check to their input.
  const origin = fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: fc.constantFrom(context.publicUrl, 'http://localhost:80') },
    { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', '') },
  );
  // One arbitrary per channel, built once: chain() would rebuild them for every request. A method
  // the path lacks is a plain 404 everywhere, so it is sent less often than the rest.
  return fc.oneof(
    ...channelsOf(operation).map((channel) => ({
      weight: channel === 'method' ? 1 : 4,
      arbitrary: fc
        .record({
          path: pathOf(operation, context, channel === 'path'),
          query: queryString(operation, channel === 'query'),
          body: bodyFor(operation, channel),
          identity,
          forgedCookie: fc.oneof(headerText, fc.constant('a'.repeat(5_000)), fc.constant('x.y.z')),
          remoteAddress: fc.ipV4(),
          origin,
          requestId: fc.option(headerText, { freq: 4 }),
          proxyHeaders: fc.option(proxyHeaders, { freq: 4 }),
          wrongMethod: fc.constantFrom(
            ...(operation.otherMethods.length ? operation.otherMethods : ['OPTIONS']),
          ),
        })
        .map(
          ({
            path,
            query,
            body,
            identity,
            forgedCookie,
            remoteAddress,
            origin,
            requestId,
            proxyHeaders,
            wrongMethod,
          }) => {
            const headers: Record<string, string> = { ...proxyHeaders, ...body.headers };
            if (origin !== null) headers.origin = origin;
            if (requestId !== null) headers['x-request-id'] = requestId;
            return {
              method: channel === 'method' ? wrongMethod : operation.method,
              url: `${path}${query}`,
              headers,
              payload: body.payload,
              remoteAddress,
              identity,
              forgedCookie: identity === 'forged' ? forgedCookie : undefined,
              channel,
            };
          },
        ),
    })),
  );
}

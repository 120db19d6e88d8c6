import { isUtf8 } from 'node:buffer';
import type { FastifyRequest } from 'fastify';
import type { core } from 'zod';
import { ApiProblem, validate } from './errors';
import { coerceXml, singular, unwrapXmlRoot } from './formats';

/**
 * A request body's text. JSON, XML and YAML bodies are UTF-8 (RFC 8259 §8.1); decoded leniently,
 * as Fastify's `parseAs: 'string'` does, a malformed byte became U+FFFD and was stored (a storage
 * titled "��"). Such a body is refused as the malformed request it is.
 */
export function bodyText(body: Buffer): string | ApiProblem {
  if (!isUtf8(body)) {
    return new ApiProblem(400, 'REQUEST_INVALID', 'The request body is not valid UTF-8.');
  }
  return body.toString('utf8');
}

const isXml = (request: FastifyRequest) => /[/+]xml\b/.test(request.headers['content-type'] ?? '');

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A list wrapper holding `null` (`"roles":{"role":null}`) is an empty list: UpCloud's Go SDK
 * marshals an empty slice so. A wrapper is an object whose one key is the singular of its own name
 * (`servers` → `server`) or its first word (`server_access` → `server`).
 * No request shape nests deeper than `depth`; what lies below is left for the schema to refuse.
 */
function emptyNullWrappers(value: unknown, depth = 16): unknown {
  if (depth === 0) return value;
  if (Array.isArray(value)) return value.map((item) => emptyNullWrappers(item, depth - 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => {
      if (isPlainObject(inner)) {
        const [item, ...others] = Object.keys(inner);
        const wraps = item === singular(name) || name.startsWith(`${item}_`);
        if (item !== undefined && others.length === 0 && wraps && inner[item] === null) {
          return [name, { [item]: [] }];
        }
      }
      return [name, emptyNullWrappers(inner, depth - 1)];
    }),
  );
}

/** The request body as the contract schema expects it, whichever of JSON or XML it came in. */
export function readBody<S extends core.$ZodType>(
  request: FastifyRequest,
  schema: S,
): core.output<S> {
  let body = request.body;
  if (isXml(request)) body = coerceXml(unwrapXmlRoot(body, schema), schema);
  else body = emptyNullWrappers(body);
  return validate(schema, body);
}

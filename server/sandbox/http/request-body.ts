import type { FastifyRequest } from 'fastify';
import type { core } from 'zod';
import { validate } from './errors';
import { coerceXml, unwrapXmlRoot } from './formats';

const isXml = (request: FastifyRequest) => /[/+]xml\b/.test(request.headers['content-type'] ?? '');

/** The request body as the contract schema expects it, whichever of JSON or XML it came in. */
export function readBody<S extends core.$ZodType>(
  request: FastifyRequest,
  schema: S,
): core.output<S> {
  let body = request.body;
  if (isXml(request)) body = coerceXml(unwrapXmlRoot(body, schema), schema);
  return validate(schema, body);
}

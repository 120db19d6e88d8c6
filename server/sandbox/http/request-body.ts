import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { validate } from './errors';
import { coerceXml, unwrapXmlRoot } from './formats';

const isXml = (request: FastifyRequest) => /[/+]xml\b/.test(request.headers['content-type'] ?? '');

/** The request body as the contract schema expects it, whichever of JSON or XML it came in. */
export function readBody<S extends ZodType>(
  request: FastifyRequest,
  schema: S,
): ReturnType<S['parse']> {
  let body = request.body;
  if (isXml(request)) body = coerceXml(unwrapXmlRoot(body, schema), schema);
  return validate(schema, body);
}

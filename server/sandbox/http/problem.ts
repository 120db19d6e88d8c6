import type { FastifyReply } from 'fastify';
import { ApiProblem, errorBody } from './errors';

export function toProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const err = error as { statusCode?: number; code?: string; message?: string };
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new ApiProblem(
      400,
      'CONTENT_TYPE_INVALID',
      'Send the request body as application/json or application/xml.',
    );
  }
  // The router's own messages repeat the whole path, which may be kilobytes long.
  if (err.code === 'FST_ERR_BAD_URL') {
    return new ApiProblem(
      400,
      'REQUEST_INVALID',
      'The request path is not valid percent-encoding.',
    );
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return new ApiProblem(
      414,
      'URI_TOO_LONG',
      'A part of the request path is over 2,048 characters.',
    );
  }
  if (err.statusCode === 413) {
    return new ApiProblem(413, 'REQUEST_TOO_LARGE', 'The request body is too large.');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new ApiProblem(
      400,
      'REQUEST_INVALID',
      `The request could not be read: ${err.message ?? 'invalid'}`,
    );
  }
  return new ApiProblem(
    500,
    'GENERAL_FAILURE',
    'Your request could not be fulfilled due to a technical issue.',
  );
}

/**
 * Path prefixes of the newer services, whose clients (Go SDK, upctl) parse RFC 7807 problem
 * fields (docs/api-rules.md "Errors"): the static part of every endpoint registered with
 * `style: 'problem'`, so an unknown path below one of them answers in that service's style too.
 */
const problemPrefixes = new Set<string>();

/** Notes an endpoint of a problem-style service (called as routes are registered). */
export function noteProblemPath(prefixedPath: string) {
  const staticPart = prefixedPath.split('/:')[0]!.replace(/\/+$/, '');
  problemPrefixes.add(staticPart);
}

/** Whether a request path belongs to a service that answers RFC 7807 problem details. */
export function answersProblemDetails(url: string) {
  const path = url.split('?')[0]!.replace(/\/+$/, '');
  for (const prefix of problemPrefixes) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return true;
  }
  return false;
}

const problemTitles: Record<number, string> = {
  400: 'Bad request.',
  401: 'Unauthorized.',
  402: 'Payment required.',
  403: 'Forbidden.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  409: 'Conflict.',
  413: 'Request too large.',
  421: 'Misdirected request.',
  422: 'Unprocessable entity.',
  429: 'Too many requests.',
  500: 'Internal server error.',
  503: 'Service unavailable.',
};

/**
 * The error answer: always the spec's `{"error":{error_code,error_message}}`; on the newer
 * services' paths also the RFC 7807 fields at the top level (api-reference-notes §1.4), still served as
 * application/json so clients reading the legacy object keep working. The `type` fragment is
 * `ERROR_<code>`, so the Go SDK (which strips `ERROR_`) derives the same code as `error_code`.
 */
export function problemBody(reply: FastifyReply, problem: ApiProblem) {
  const legacy = errorBody(problem.code, problem.message);
  const { request } = reply;
  // RFC 7807 is a JSON form; an XML answer keeps to the error object.
  const xml = String(reply.getHeader('content-type') ?? '').startsWith('application/xml');
  if (xml || !answersProblemDetails(request.url)) return legacy;
  return {
    ...legacy,
    type: `https://developers.upcloud.com/1.3/errors#ERROR_${problem.code}`,
    title: problemTitles[problem.status] ?? (problem.status >= 500 ? 'Service error.' : 'Error.'),
    detail: problem.message,
    status: problem.status,
    correlation_id: request.id,
    ...(problem.invalidParams.length > 0 ? { invalid_params: problem.invalidParams } : {}),
  };
}

export function sendProblem(reply: FastifyReply, problem: ApiProblem) {
  return reply.code(problem.status).headers(problem.headers).send(problemBody(reply, problem));
}

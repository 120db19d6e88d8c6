import { z } from 'zod/mini';
import { answerSchema } from '../../contract/answer';
import { apiErrorBodySchema } from '../../contract/common';

/*
 * Reading what went wrong, off the first load: the classic error object is read in http.ts; this
 * module, loaded with the first answer that needs it, reads problem details, reads answers the
 * strict schemas refuse and names the fields of an answer the panel could not read.
 */

/** `servers.server[0].host` */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`,
    )
    .join('');
}

function valueText(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** One schema issue as a line a user can report: where, what was expected, what came. */
function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
  let value: unknown = data;
  for (const key of issue.path) {
    value = value !== null && typeof value === 'object' ? (value as never)[key] : undefined;
  }
  const where = pathText(issue.path) || '(the whole answer)';
  return `${where}: ${issue.message} (got ${valueText(value)})`;
}

/** RFC 7807 problem details, as the newer services answer (Kubernetes, tokens, audit logs…). */
const problemBodySchema = z.object({
  type: z.string(),
  title: z.optional(z.string()),
  detail: z.optional(z.string()),
  invalid_params: z.optional(
    z.array(z.object({ name: z.string(), reason: z.optional(z.string()) })),
  ),
});

/**
 * The API's code and message from an error body of either family: the error object
 * `{"error":{error_code,error_message}}`, or problem details whose `type` fragment is the code
 * (`…#ERROR_RESOURCE_NOT_FOUND` → `RESOURCE_NOT_FOUND`, as the official Go SDK reads it).
 */
export function readErrorBody(
  status: number,
  body: unknown,
): { code: string; message: string; details: string[] } {
  const legacy = apiErrorBodySchema.safeParse(body);
  const problem = problemBodySchema.safeParse(body);
  const details = problem.success
    ? (problem.data.invalid_params ?? []).map(({ name, reason }) =>
        reason ? `${name}: ${reason}` : name,
      )
    : [];
  if (legacy.success) {
    const { error_code, error_message } = legacy.data.error;
    return { code: error_code, message: error_message, details };
  }
  if (problem.success) {
    const { type, title, detail } = problem.data;
    const fragment = type.includes('#') ? type.slice(type.lastIndexOf('#') + 1) : '';
    return {
      code: fragment.replace(/^ERROR_/, '') || `HTTP_${status}`,
      message: detail ?? title ?? `The API answered with status ${status}.`,
      details,
    };
  }
  return {
    code: 'RESPONSE_INVALID',
    message: `The API answered with status ${status} and an unrecognised error body.`,
    details: [],
  };
}

/**
 * An answer its strict schema refused, read with the schema's answer form: the real API leaves
 * fields out and grows new values (api-reference-notes §1.7). When that fails too, the first few
 * issues as lines a user can report.
 */
export function readAnswer(
  schema: z.ZodMiniType,
  data: unknown,
): { success: true; data: unknown } | { success: false; details: string[] } {
  const answer = answerSchema(schema).safeParse(data);
  if (answer.success) return answer;
  return {
    success: false,
    details: answer.error.issues.slice(0, 3).map((issue) => describeIssue(issue, data)),
  };
}

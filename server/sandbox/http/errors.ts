import { safeParse } from 'zod';
import type { core } from 'zod';
import { uuidPattern } from '../../../contract/common';

/** An attribute a request got wrong, as RFC 7807 answers name it (api-reference-notes §1.4). */
export interface InvalidParam {
  name: string;
  reason: string;
}

/** A failure the API reports with the spec's error object (api-rules §2.3, §7). */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The attributes at fault, when the failure is about request attributes. */
    readonly invalidParams: InvalidParam[] = [],
  ) {
    super(message);
  }
}

export const errorBody = (code: string, message: string) => ({
  error: { error_code: code, error_message: message },
});

const upper = (name: string) => name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

export const notFound = (resource: string, id: string) =>
  new ApiProblem(404, `${upper(resource)}_NOT_FOUND`, `The ${resource} ${id} does not exist.`);

export const forbidden = (resource: string, id: string) =>
  new ApiProblem(
    403,
    `${upper(resource)}_FORBIDDEN`,
    `The ${resource} ${id} belongs to another account.`,
  );

/**
 * The row a path names by UUID: 400 `<RESOURCE>_INVALID` when the text is no UUID, 404 when there
 * is no such row. `noun` names the resource in the message where `resource` is too short.
 */
export function rowByUuid<Row>(
  uuid: string,
  find: (uuid: string) => Row | undefined,
  resource: string,
  noun = resource,
): Row {
  if (!uuidPattern.test(uuid)) {
    throw new ApiProblem(400, `${upper(resource)}_INVALID`, `The ${noun} UUID is invalid.`);
  }
  const row = find(uuid);
  if (!row) throw notFound(resource, uuid);
  return row;
}

/** As `rowByUuid`, and 403 when the row belongs to another account. */
export function ownRowByUuid<Row extends { account_id: number | null }>(
  uuid: string,
  ownerId: number,
  find: (uuid: string) => Row | undefined,
  resource: string,
  noun = resource,
): Row {
  const row = rowByUuid(uuid, find, resource, noun);
  if (row.account_id !== ownerId) throw forbidden(resource, uuid);
  return row;
}

export const invalidAttribute = (attribute: string, detail?: string) =>
  new ApiProblem(
    400,
    `${upper(attribute)}_INVALID`,
    `The attribute ${attribute} has an invalid value.${detail ? ` ${detail}` : ''}`,
    {},
    [{ name: attribute, reason: detail ?? 'The value is invalid.' }],
  );

export const missingAttribute = (attribute: string, detail?: string) =>
  new ApiProblem(
    400,
    `${upper(attribute)}_MISSING`,
    `The attribute ${attribute} is missing.${detail ? ` ${detail}` : ''}`,
    {},
    [{ name: attribute, reason: detail ?? 'The attribute is required.' }],
  );

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Turns the first zod issue into the API's attribute codes (api-reference-notes §17.1): `<ATTR>_MISSING`,
 * `<ATTR>_INVALID`, `UNKNOWN_ATTRIBUTE`; the attribute is the innermost named path segment.
 */
export function problemFromZod(error: core.$ZodError, body: unknown): ApiProblem {
  const issue = error.issues[0] && enteredOption(error.issues[0]);
  if (!issue) return new ApiProblem(400, 'REQUEST_INVALID', 'The request is invalid.');
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.join(', ');
    return new ApiProblem(
      400,
      'UNKNOWN_ATTRIBUTE',
      `The attribute ${keys} is not known.`,
      {},
      issue.keys.map((name) => ({ name, reason: 'The attribute is not known.' })),
    );
  }
  const attribute = [...issue.path].reverse().find((key) => typeof key === 'string');
  if (attribute === undefined) {
    return new ApiProblem(400, 'REQUEST_INVALID', `The request body is invalid: ${issue.message}`);
  }
  const attributePath = issue.path.slice(0, issue.path.lastIndexOf(attribute) + 1);
  if (valueAt(body, attributePath) === undefined) {
    return missingAttribute(attribute, issue.code === 'custom' ? issue.message : undefined);
  }
  return invalidAttribute(
    attribute,
    issue.code === 'invalid_union' ? unionDetail(issue.errors) : issue.message,
  );
}

/**
 * A union where only one option got as far as the value's fields (a backup rule, which is `{}` or
 * a schedule) is reported by that option's first issue: the field at fault, not the whole.
 */
function enteredOption(issue: core.$ZodIssue): core.$ZodIssue {
  if (issue.code !== 'invalid_union') return issue;
  const entered = issue.errors.filter((option) => (option[0]?.path.length ?? 0) > 0);
  const inner = entered.length === 1 ? entered[0]![0]! : undefined;
  return inner ? enteredOption({ ...inner, path: [...issue.path, ...inner.path] }) : issue;
}

/**
 * What a union's options said, for a client: the first message a check wrote itself (zod's own
 * is only "Invalid input"), or none.
 */
function unionDetail(errors: readonly (readonly core.$ZodIssue[])[]): string | undefined {
  for (const issue of errors.flat()) {
    const detail = issue.code === 'invalid_union' ? unionDetail(issue.errors) : issue.message;
    if (detail !== undefined && detail !== 'Invalid input') return detail;
  }
  return undefined;
}

/**
 * At most this many values (list items, attributes and the values they hold, all told) in one
 * request body or query. The largest body a client sends for real, a load balancer or 1,000
 * firewall rules, holds about 15,000; a body of one list of 100,000 bad items made the schema's
 * issue list overflow the stack, well under the 1 MiB body limit.
 */
export const maxRequestValues = 50_000;

/** Whether `input` holds more than `maxRequestValues` values; walked with a stack, not recursion. */
function holdsTooMany(input: unknown): boolean {
  const pending: unknown[] = [input];
  let count = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    count += 1;
    if (count > maxRequestValues) return true;
    if (typeof value !== 'object' || value === null) continue;
    // One at a time: spreading a long list into push() would itself overflow the stack.
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      pending.push(item);
      if (pending.length > maxRequestValues) return true;
    }
  }
  return false;
}

const tooManyValues = () =>
  new ApiProblem(
    413,
    'REQUEST_TOO_LARGE',
    `The request holds more than ${maxRequestValues.toLocaleString('en-US')} values (list items, attributes and their values, all told).`,
  );

/** Validates a request body (or query) against a contract schema, or throws the API's 400. */
export function validate<S extends core.$ZodType>(schema: S, input: unknown): core.output<S> {
  if (input === undefined || input === null) {
    throw new ApiProblem(400, 'REQUEST_INVALID', 'A request body is required.');
  }
  if (holdsTooMany(input)) throw tooManyValues();
  let result;
  try {
    result = safeParse(schema, input);
  } catch (error) {
    // What the bound above lets through may still be too much for the schema to report on.
    if (error instanceof RangeError) throw tooManyValues();
    throw error;
  }
  if (!result.success) throw problemFromZod(result.error, input);
  return result.data;
}

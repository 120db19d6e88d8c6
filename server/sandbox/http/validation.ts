import type { FastifyRequest } from 'fastify';
import type { core } from 'zod';
import type { Label } from '../../../contract/common';
import type { LabelFilter } from '../../../contract/labels';
import { parseLabelFilter } from '../../../contract/labels';
import { zoneIds } from '../catalog';
import { ApiProblem, invalidAttribute } from './errors';
import { readBody } from './request-body';

/** Label errors get the codes the API has for them (api-reference-notes §17.1), not the attribute's. */
const labelCodes: Record<string, string> = {
  KEY_INVALID: 'INVALID_LABEL_KEY',
  KEY_MISSING: 'INVALID_LABEL_KEY',
  VALUE_INVALID: 'INVALID_LABEL_VALUE',
  VALUE_MISSING: 'INVALID_LABEL_VALUE',
};

/** readBody for bodies that carry labels: `key`/`value` attributes exist only inside labels. */
export function readLabelledBody<S extends core.$ZodType>(
  request: FastifyRequest,
  schema: S,
): core.output<S> {
  try {
    return readBody(request, schema);
  } catch (error) {
    const code = error instanceof ApiProblem ? labelCodes[error.code] : undefined;
    if (!code) throw error;
    const problem = error as ApiProblem;
    throw new ApiProblem(
      400,
      code,
      `A label is invalid. ${problem.message}`,
      {},
      problem.invalidParams,
    );
  }
}

/** Label keys are unique per item, compared without case (api-rules §2.8.3). */
export function checkLabelKeys(labels: readonly Label[]) {
  const keys = new Set(labels.map((label) => label.key.toLowerCase()));
  if (keys.size !== labels.length) {
    throw new ApiProblem(400, 'DUPLICATE_LABEL_KEYS', 'Each label key may appear only once.');
  }
}

/** The repeatable `label` query parameter of list endpoints (api-rules §2.8). */
export function labelFilters(query: unknown): LabelFilter[] {
  const texts = query === undefined ? [] : [query].flat();
  return texts.map((text) => {
    const filter = typeof text === 'string' ? parseLabelFilter(text) : null;
    if (!filter) {
      throw new ApiProblem(
        400,
        'INVALID_LABEL_KEY',
        `The label filter "${String(text)}" is invalid: give key or key=value, a key of 1–32 characters not starting with _.`,
      );
    }
    return filter;
  });
}

/** Every server and storage names one of the zones of the zone list (api-rules §2.4). */
export function checkZone(zone: string) {
  if (!zoneIds.has(zone)) throw invalidAttribute('zone', `There is no zone ${zone}.`);
}

import { z } from 'zod/mini';
import { omittableFields } from './answer-fields';

/*
 * The answer form of a strict schema (api-reference-notes §1.7): what the panel accepts from the
 * real API. Derived from the one strict schema, never written twice. Requests and the sandbox's
 * own answer check keep the strict schema.
 */

type Def = {
  type: string;
  shape: Record<string, z.ZodMiniType>;
  element: z.ZodMiniType;
  innerType: z.ZodMiniType;
  options: z.ZodMiniType[];
  in: z.ZodMiniType;
  out: z.ZodMiniType;
  keyType: z.ZodMiniType;
  valueType: z.ZodMiniType;
  catchall?: z.ZodMiniType;
};

const answers = new WeakMap<z.ZodMiniType, z.ZodMiniType>();

/**
 * `schema` as an answer: fields marked `mayOmit` are optional, enums take any text (a state the
 * panel does not know yet is shown as it comes), texts skip their format rules (system label keys
 * starting with `_` are the API's own, api-rules §2.8.4), unknown fields are ignored.
 */
export function answerSchema<S extends z.ZodMiniType>(schema: S): S {
  let answer = answers.get(schema);
  if (!answer) {
    answer = lenient(schema);
    answers.set(schema, answer);
  }
  return answer as S;
}

function lenient(schema: z.ZodMiniType): z.ZodMiniType {
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'object': {
      const object = z.object(
        Object.fromEntries(
          Object.entries(def.shape).map(([key, field]) => {
            const answer = answerSchema(field);
            return [key, omittableFields.has(field) ? z.optional(answer) : answer];
          }),
        ),
      );
      // A record with named keys besides (a zone's price list) keeps its other keys.
      return def.catchall ? z.catchall(object, answerSchema(def.catchall)) : object;
    }
    case 'array':
      return z.array(answerSchema(def.element));
    case 'optional':
      return z.optional(answerSchema(def.innerType));
    case 'nullable':
      return z.nullable(answerSchema(def.innerType));
    case 'union':
      return z.union(def.options.map((option) => answerSchema(option)));
    case 'pipe':
      return z.pipe(answerSchema(def.in), def.out);
    case 'record':
      return z.record(z.string(), answerSchema(def.valueType));
    case 'enum':
    case 'string':
      return z.string();
    default:
      return schema;
  }
}

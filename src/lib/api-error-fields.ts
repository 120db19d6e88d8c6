/**
 * The form field an API error code is about (api-reference-notes §17.1: `<ATTRIBUTE>_INVALID`,
 * `_MISSING`, and a few codes named for what is wrong), so the message sits next to what must change.
 */
export function fieldForErrorCode<Field extends string>(
  code: string,
  fields: Readonly<Record<string, Field>>,
): Field | null {
  if (code in fields) return fields[code] ?? null;
  const attribute = /^(.*)_(?:INVALID|MISSING|ILLEGAL)$/.exec(code)?.[1];
  return attribute ? (fields[attribute] ?? null) : null;
}

import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { safeParse, toJSONSchema } from 'zod';
import type { core } from 'zod';

type ZodType = core.$ZodType;

export type Format = 'json' | 'xml' | 'csv';

export const mediaTypes: Record<Format, string> = {
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
};

const accepted: Record<string, Format> = {
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
  'text/csv': 'csv',
};

/**
 * Picks the response format from the Accept header (api-rules §2.2): the highest-quality media range
 * that one of `offered` satisfies; JSON when the header is absent or a wildcard wins; null when
 * nothing offered is acceptable (406).
 */
export function negotiate(accept: string | undefined, offered: readonly Format[]): Format | null {
  if (!accept || !accept.trim()) return offered[0] ?? null;
  const ranges = accept
    .split(',')
    .map((part, order) => {
      const [type = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, order };
    })
    .filter((range) => range.type && !Number.isNaN(range.q));
  // `application/json;q=0` refuses JSON even where a wildcard would otherwise pick it.
  const refused = new Set(ranges.filter((range) => range.q <= 0).map((range) => range.type));
  const candidates = offered.filter((format) => !refused.has(mediaTypes[format]));
  const wanted = ranges
    .filter((range) => range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const range of wanted) {
    if (range.type === '*/*') return candidates[0] ?? null;
    if (range.type.endsWith('/*')) {
      const family = range.type.slice(0, -1);
      const match = candidates.find((format) => mediaTypes[format].startsWith(family));
      if (match) return match;
      continue;
    }
    const format = accepted[range.type];
    if (format && candidates.includes(format)) return format;
  }
  return null;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  processEntities: true,
  // Character references (`&#38;`, `&#x26;`) are plain XML, and toXml writes them; this parser
  // decodes them only with this option (which also admits HTML's named entities).
  htmlEntities: true,
});

/** Parses an XML body into plain objects; repeated elements become arrays. */
export function parseXml(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('<')) throw new Error('not XML');
  return parser.parse(trimmed, true);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

type JsonSchema = core.JSONSchema.JSONSchema;

/** What coercion reads of a schema: its input JSON Schema, each node marked with its Zod schema. */
interface XmlReading {
  root: JsonSchema;
  defs: Record<string, JsonSchema>;
  /** The Zod schema of each node, by the node's `mark` (union options are checked with them). */
  schemas: ZodType[];
}

const mark = 'x-zod-index';
const readings = new WeakMap<ZodType, XmlReading>();

function readingOf(schema: ZodType): XmlReading {
  let reading = readings.get(schema);
  if (!reading) {
    const schemas: ZodType[] = [];
    const root = toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        jsonSchema[mark] = schemas.push(zodSchema) - 1;
      },
    });
    reading = { root, defs: root.$defs ?? {}, schemas };
    readings.set(schema, reading);
  }
  return reading;
}

/** The node itself, or the one its `$ref` names (`#` or `#/$defs/…`). */
function resolve(node: core.JSONSchema._JSONSchema | undefined, reading: XmlReading) {
  if (typeof node !== 'object') return undefined;
  if (node.$ref === undefined) return node;
  if (node.$ref === '#') return reading.root;
  return reading.defs[node.$ref.replace('#/$defs/', '')];
}

/** A list as XML reads it: empty text, one item, the items, or `<list><item>…</item></list>`. */
function itemsOf(value: unknown): unknown[] {
  if (value === '' || value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  if (isPlainObject(value) && Object.keys(value).length === 1) {
    const inner = Object.values(value)[0];
    return Array.isArray(inner) ? inner : inner === '' ? [] : [inner];
  }
  return [value];
}

function coerceNode(
  value: unknown,
  given: core.JSONSchema._JSONSchema | undefined,
  reading: XmlReading,
): unknown {
  const node = resolve(given, reading);
  if (!node) return value;
  const options = node.anyOf ?? node.oneOf;
  if (options) {
    const present = options.filter((option) => resolve(option, reading)?.type !== 'null');
    // Nullable: XML has no null, so the value is the other option's.
    if (present.length === 1) {
      return value === undefined ? value : coerceNode(value, present[0], reading);
    }
    for (const option of options) {
      const candidate = coerceNode(value, option, reading);
      const index = resolve(option, reading)?.[mark];
      const zod = typeof index === 'number' ? reading.schemas[index] : undefined;
      if (zod && safeParse(zod, candidate).success) return candidate;
    }
    return value;
  }
  // A constant (a literal or an enumeration) stays as written, for the schema to judge.
  if (node.const !== undefined || node.enum !== undefined) return value;
  switch (node.type) {
    case 'object': {
      // An object names its fields; a record has values of one type under any key.
      if (!node.properties) {
        if (!isPlainObject(value) || typeof node.additionalProperties !== 'object') return value;
        const valueType = node.additionalProperties;
        return Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, coerceNode(v, valueType, reading)]),
        );
      }
      if (value === '') return {};
      if (!isPlainObject(value)) return value;
      const fields = node.properties;
      const rest = node.additionalProperties;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [
          key,
          coerceNode(item, Object.hasOwn(fields, key) ? fields[key] : rest, reading),
        ]),
      );
    }
    case 'array': {
      if (node.prefixItems) return value;
      const element = Array.isArray(node.items) ? undefined : node.items;
      return itemsOf(value).map((item) => coerceNode(item, element, reading));
    }
    case 'number':
    case 'integer':
      return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
        ? Number(value)
        : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    default:
      return value;
  }
}

/**
 * XML carries no types: a one-item list looks like a single element, an empty list like an empty
 * string, and numbers and booleans arrive as text. The contract schema says what was meant: its
 * input JSON Schema (`z.toJSONSchema`, once per schema) tells lists, records, numbers and booleans
 * apart, and a union takes the first option whose reading the option accepts.
 */
export function coerceXml(value: unknown, schema: ZodType): unknown {
  const reading = readingOf(schema);
  return coerceNode(value, reading.root, reading);
}

/** An XML request body names its root element; the JSON form of an unwrapped body has none. */
export function unwrapXmlRoot(parsed: unknown, schema: ZodType): unknown {
  if (!isPlainObject(parsed)) return parsed;
  const keys = Object.keys(parsed);
  const reading = readingOf(schema);
  const root = resolve(reading.root, reading);
  const fields = root?.type === 'object' ? root.properties : undefined;
  if (keys.length === 1 && fields && !Object.hasOwn(fields, keys[0]!)) {
    return parsed[keys[0]!] === '' ? {} : parsed[keys[0]!];
  }
  return parsed;
}

export function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses') || name.endsWith('xes')) return name.slice(0, -2);
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1);
  return `${name}_item`;
}

// eslint-disable-next-line no-control-regex -- XML 1.0 cannot carry these control characters at all.
const forbiddenInXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const escapeXml = (_name: string, text: unknown) =>
  String(text)
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(forbiddenInXml, '');

const attribute = '@_';

const builder = new XMLBuilder({
  // Text as character references (`&#38;`), which every XML reader decodes; no named entities.
  processEntities: false,
  tagValueProcessor: escapeXml,
  ignoreAttributes: false,
  attributeNamePrefix: attribute,
  attributeValueProcessor: escapeXml,
});

/** What can stand as an element name: a record's keys (dates, label keys) often cannot. */
const elementName = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/**
 * A key that is no element name (`2026-11-01` in `daily_sums`) becomes `<entry key="…">`, so the
 * document stays well-formed XML.
 */
function entry(key: string, value: unknown): Record<string, unknown> {
  const inner = content('entry', value);
  const body = isPlainObject(inner) ? inner : inner === null ? {} : { '#text': inner };
  return { [`${attribute}key`]: key, ...body };
}

/**
 * The builder's input for an element `name` holding `value`: a list becomes a container of
 * singular items (`storages` → `storage`), nothing or empty text a self-closed element (`null`).
 */
function content(name: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) {
    const item = singular(name);
    return { [item]: repeated(item, value) };
  }
  if (isPlainObject(value)) return children(value);
  return String(value);
}

/**
 * Items of a list, each an element `name`. An empty one is written `<name></name>`: the builder
 * writes a self-closed (`null`) item ahead of the list's other items, out of order.
 */
const repeated = (name: string, items: unknown[]) => items.map((item) => content(name, item) ?? '');

/** `{"tags":{"tag":[…]}}` is the JSON form of repeated `<tag>` elements inside `<tags>`. */
function children(object: Record<string, unknown>): Record<string, unknown> {
  const all = Object.entries(object).filter(([, v]) => v !== undefined);
  const entries = all.filter(([key]) => elementName.test(key));
  const unnamed = all.filter(([key]) => !elementName.test(key));
  const only = entries.length === 1 && unnamed.length === 0 ? entries[0] : undefined;
  if (only && Array.isArray(only[1])) return { [only[0]]: repeated(only[0], only[1]) };
  return {
    ...Object.fromEntries(entries.map(([key, value]) => [key, content(key, value)])),
    ...(unnamed.length ? { entry: unnamed.map(([key, value]) => entry(key, value)) } : {}),
  };
}

/** Renders a JSON-shaped payload as XML (api-rules §2.2.3): lists repeat, empty lists stay as containers. */
export function toXml(payload: unknown, rootHint = 'response'): string {
  let root = rootHint;
  let value = payload;
  if (isPlainObject(payload)) {
    const keys = Object.keys(payload);
    if (keys.length === 1 && !Array.isArray(payload[keys[0]!])) {
      root = keys[0]!;
      value = payload[root];
    }
  }
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({ [root]: content(root, value) })}`;
}

import { XMLParser } from 'fast-xml-parser';
import { safeParse } from 'zod';
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

type SchemaDef = {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  options?: ZodType[];
  valueType?: ZodType;
  getter?: () => ZodType;
};

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * XML carries no types: a one-item list looks like a single element, an empty list like an empty
 * string, and numbers and booleans arrive as text. The contract schema says what was meant.
 */
export function coerceXml(value: unknown, schema: ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return value === undefined || !def.innerType ? value : coerceXml(value, def.innerType);
    case 'pipe':
      return def.in ? coerceXml(value, def.in) : value;
    case 'lazy':
      return def.getter ? coerceXml(value, def.getter()) : value;
    case 'object': {
      if (value === '') return {};
      if (!isPlainObject(value)) return value;
      const shape = def.shape ?? {};
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        const field = shape[key] ?? def.catchall;
        out[key] = field ? coerceXml(item, field) : item;
      }
      return out;
    }
    case 'record': {
      if (!isPlainObject(value) || !def.valueType) return value;
      const valueType = def.valueType;
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, coerceXml(v, valueType)]),
      );
    }
    case 'array': {
      let items: unknown[];
      if (value === '' || value === undefined || value === null) items = [];
      else if (Array.isArray(value)) items = value;
      else if (isPlainObject(value) && Object.keys(value).length === 1) {
        const inner = Object.values(value)[0];
        items = Array.isArray(inner) ? inner : inner === '' ? [] : [inner];
      } else items = [value];
      const element = def.element;
      return element ? items.map((item) => coerceXml(item, element)) : items;
    }
    case 'number':
    case 'int':
      return typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))
        ? Number(value)
        : value;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value;
    case 'union': {
      for (const option of def.options ?? []) {
        const candidate = coerceXml(value, option);
        if (safeParse(option, candidate).success) return candidate;
      }
      return value;
    }
    default:
      return value;
  }
}

/** An XML request body names its root element; the JSON form of an unwrapped body has none. */
export function unwrapXmlRoot(parsed: unknown, schema: ZodType): unknown {
  if (!isPlainObject(parsed)) return parsed;
  const keys = Object.keys(parsed);
  const def = defOf(schema);
  const shape = def.type === 'object' ? (def.shape ?? {}) : {};
  if (keys.length === 1 && !(keys[0]! in shape) && def.type === 'object') {
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

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(forbiddenInXml, '');

function element(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return `<${name}/>`;
  if (Array.isArray(value)) {
    const item = singular(name);
    return `<${name}>${value.map((v) => element(item, v)).join('')}</${name}>`;
  }
  if (isPlainObject(value)) return `<${name}>${children(value)}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** `{"tags":{"tag":[…]}}` is the JSON form of repeated `<tag>` elements inside `<tags>`. */
function children(object: Record<string, unknown>): string {
  const entries = Object.entries(object).filter(([, v]) => v !== undefined);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only && Array.isArray(only[1])) return only[1].map((item) => element(only[0], item)).join('');
  return entries.map(([key, value]) => element(key, value)).join('');
}

/** Renders a JSON-shaped payload as XML (api-rules §2.2.3): lists repeat, empty lists stay as containers. */
export function toXml(payload: unknown, rootHint = 'response'): string {
  let body: string;
  if (Array.isArray(payload)) body = element(rootHint, payload);
  else if (isPlainObject(payload)) {
    const keys = Object.keys(payload);
    body =
      keys.length === 1 && !Array.isArray(payload[keys[0]!])
        ? element(keys[0]!, payload[keys[0]!])
        : element(rootHint, payload);
  } else body = element(rootHint, payload);
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`;
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoAuth, manualClock } from './testing';
import { sandboxSuite } from './routes/test-helpers';

/**
 * The sandbox's answers held to real answer shapes (issue 18). Each file of real-shapes/ is a
 * request as a real client sends it and an answer in the shape the real service gave (written from
 * the recorded exchanges of UpCloud's Go SDK, with our own values). Every field of the real answer
 * must be in the sandbox's answer to the same request, with the same JSON type; the files run in
 * order, and `capture` keeps a value of one answer for the paths and bodies (`{name}`) after it.
 */

interface Shape {
  about: string;
  request: { method: string; path: string; body?: unknown };
  status: number;
  capture?: Record<string, string>;
  answer: unknown;
}

const folder = path.join(import.meta.dirname, 'real-shapes');
const shapes = fs
  .readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map(
    (name) =>
      [name, JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as Shape] as const,
  );

const typeOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** Where `actual` lacks a field of `expected` or gives it another JSON type, one line each. */
function differences(expected: unknown, actual: unknown, at = '$'): string[] {
  if (typeOf(expected) !== typeOf(actual)) {
    return [`${at}: ${typeOf(expected)} expected, ${typeOf(actual)} answered`];
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    // An item's shape counts when both sides list one; an empty list has no shape to hold.
    if (expected.length === 0 || actual.length === 0) return [];
    return actual.flatMap((item, index) => differences(expected[0], item, `${at}[${index}]`));
  }
  if (typeOf(expected) === 'object') {
    const object = actual as Record<string, unknown>;
    return Object.entries(expected as Record<string, unknown>).flatMap(([key, value]) =>
      key in object ? differences(value, object[key], `${at}.${key}`) : [`${at}.${key}: missing`],
    );
  }
  return [];
}

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { call } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

describe('answers in the real shapes', () => {
  const captured: Record<string, string> = {};
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, name: string) => captured[name] ?? whole);

  it.each(shapes)('%s', async (_name, shape) => {
    const body =
      shape.request.body === undefined
        ? undefined
        : (JSON.parse(fill(JSON.stringify(shape.request.body))) as unknown);
    const response = await call(shape.request.method, fill(shape.request.path), body, demoAuth, {
      'user-agent': 'upcloud-go-api/8.27.0',
      accept: 'application/json',
    });
    expect({ status: response.statusCode, body: response.body }).toMatchObject({
      status: shape.status,
    });
    const answer = response.json() as unknown;
    expect(differences(shape.answer, answer)).toEqual([]);
    for (const [name, where] of Object.entries(shape.capture ?? {})) {
      captured[name] = where
        .split('.')
        .reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], answer) as string;
    }
  });

  it('notices a field that is missing or of another type', () => {
    expect(differences({ a: '1', b: { c: [{ d: 1 }] } }, { a: 1, b: { c: [{}] } })).toEqual([
      '$.a: string expected, number answered',
      '$.b.c[0].d: missing',
    ]);
  });
});

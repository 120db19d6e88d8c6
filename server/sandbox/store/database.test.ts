import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function databaseFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-database-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'sandbox.db');
}

describe('the database file', () => {
  it('belongs to one sandbox at a time: a second one is refused, naming the file', () => {
    const file = databaseFile();
    const first = openDatabase(file);
    expect(() => openDatabase(file)).toThrow(`${file} is in use by another process`);
    first.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (-1, 'now')").run();
    first.close();

    const second = openDatabase(file);
    cleanups.push(() => second.close());
    expect(
      second.prepare('SELECT applied_at FROM schema_migrations WHERE version = -1').pluck().get(),
    ).toBe('now');
  });
});

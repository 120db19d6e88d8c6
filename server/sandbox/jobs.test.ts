import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobRunner } from './jobs';
import type { JobRow } from './jobs';
import { openDatabase } from './store/database';
import type { Db } from './store/database';
import { manualClock } from './testing';

function setup(db: Db = openDatabase(':memory:'), timeScale = 1) {
  db.exec('CREATE TABLE IF NOT EXISTS effects (resource TEXT, note TEXT)');
  const clock = manualClock();
  const errors: JobRow[] = [];
  const runner = createJobRunner({ db, clock, timeScale, onError: (_e, job) => errors.push(job) });
  const effects = () => db.prepare('SELECT resource, note FROM effects').all();
  runner.register('finish', (job, payload) => {
    db.prepare('INSERT INTO effects VALUES (?, ?)').run(job.resource_id, String(payload.note));
  });
  runner.register('explode', (job) => {
    db.prepare('INSERT INTO effects VALUES (?, ?)').run(job.resource_id, 'half-done');
    throw new Error('boom');
  });
  return { db, clock, runner, errors, effects };
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('job runner', () => {
  it('runs a job once, when its simulated time has come', () => {
    const { clock, runner, effects } = setup();
    cleanups.push(runner.close);
    runner.schedule('finish', '01a', 60, { note: 'backup done' });
    runner.runDue();
    expect(effects()).toEqual([]);
    clock.advance(59_999);
    runner.runDue();
    expect(effects()).toEqual([]);
    clock.advance(1);
    runner.runDue();
    runner.runDue();
    expect(effects()).toEqual([{ resource: '01a', note: 'backup done' }]);
  });

  it('shortens delays by the time scale', () => {
    const { clock, runner, effects } = setup(openDatabase(':memory:'), 60);
    cleanups.push(runner.close);
    runner.schedule('finish', '01a', 60, { note: 'fast' });
    clock.advance(999);
    runner.runDue();
    expect(effects()).toEqual([]);
    clock.advance(1);
    runner.runDue();
    expect(effects()).toEqual([{ resource: '01a', note: 'fast' }]);
  });

  it('reports progress of the pending job and forgets cancelled ones', () => {
    const { clock, runner, effects } = setup();
    cleanups.push(runner.close);
    runner.schedule('finish', '01a', 100, { note: 'x' });
    expect(runner.progress('01a')).toBe(0);
    clock.advance(50_000);
    expect(runner.progress('01a')).toBe(50);
    expect(runner.progress('01b')).toBeUndefined();
    runner.cancel('01a');
    expect(runner.progress('01a')).toBeUndefined();
    clock.advance(60_000);
    runner.runDue();
    expect(effects()).toEqual([]);
  });

  it('rolls back a failing transition, reports it and goes on with the others', () => {
    const { clock, runner, errors, effects } = setup();
    cleanups.push(runner.close);
    runner.schedule('explode', '01a', 1);
    runner.schedule('finish', '01b', 2, { note: 'fine' });
    clock.advance(5_000);
    runner.runDue();
    expect(errors.map((job) => job.kind)).toEqual(['explode']);
    expect(effects()).toEqual([{ resource: '01b', note: 'fine' }]);
    expect(runner.progress('01a')).toBeUndefined();
  });

  it('keeps pending transitions across a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-jobs-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'sandbox.db');
    const first = setup(openDatabase(file));
    first.runner.schedule('finish', '01a', 30, { note: 'after restart' });
    first.runner.close();
    first.db.close();

    const second = setup(openDatabase(file));
    cleanups.push(() => {
      second.runner.close();
      second.db.close();
    });
    second.clock.advance(30_000);
    second.runner.runDue();
    expect(second.effects()).toEqual([{ resource: '01a', note: 'after restart' }]);
  });
});

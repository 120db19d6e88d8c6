import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, demoAuth } from './sandbox/testing';

/**
 * Durability (issue 11): the sandbox as `npm start` runs it, under concurrent write load, is killed
 * with SIGKILL — no shutdown hook runs. After a restart on the same database file every write the
 * API acknowledged is there, and SQLite's integrity check passes.
 */

const root = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skydeck-durability-'));
const database = path.join(dir, 'sandbox.db');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startSandbox() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_DB: database, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Skydeck is running at')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
  });
  return { child, origin: `http://127.0.0.1:${port}` };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

describe('a sandbox killed under write load', () => {
  it('keeps every acknowledged write and an intact database after a restart', async () => {
    const first = await startSandbox();
    const created = await fetch(`${first.origin}/1.3/account/tokens`, {
      method: 'POST',
      headers: {
        authorization: demoAuth,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: 'writer', expires_in: '1h', can_create_tokens: true }),
    });
    expect(created.status).toBe(201);
    const authorization = bearer(((await created.json()) as { token: string }).token);

    const acknowledged: string[] = [];
    let killed = false;
    let failure: unknown;
    const writer = async (worker: number) => {
      for (let n = 0; !killed; n += 1) {
        try {
          // Storages, not tokens: an account holds at most 100 API tokens (routes/tokens.ts).
          const response = await fetch(`${first.origin}/1.3/storage`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify({
              storage: { size: 1, tier: 'hdd', title: `w${worker}-${n}`, zone: 'fi-hel1' },
            }),
          });
          if (response.status !== 201) throw new Error(`a write answered ${response.status}`);
          acknowledged.push(
            ((await response.json()) as { storage: { uuid: string } }).storage.uuid,
          );
        } catch (error) {
          if (!killed) failure ??= error;
          return;
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
    // Kill mid-stream, once a good number of writes has been acknowledged.
    while (acknowledged.length < 150 && failure === undefined) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    killed = true;
    first.child.kill('SIGKILL');
    await exited(first.child);
    await Promise.all(writers);
    expect(failure).toBeUndefined();
    const acknowledgedBeforeKill = [...acknowledged];

    const second = await startSandbox();
    const missing: string[] = [];
    for (const id of acknowledgedBeforeKill) {
      const response = await fetch(`${second.origin}/1.3/storage/${id}`, {
        headers: { authorization: demoAuth },
      });
      if (response.status !== 200) missing.push(`${id}: ${response.status}`);
    }
    expect(missing).toEqual([]);
    expect(acknowledgedBeforeKill.length).toBeGreaterThanOrEqual(150);

    second.child.kill('SIGKILL');
    await exited(second.child);
    const check = new Database(database, { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      check.close();
    }
  }, 60_000);
});

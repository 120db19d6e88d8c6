import { buildServer, defaultRendererFile, defaultStaticDir } from './app';
import { defaultPasswordCost, isPasswordCost } from './sandbox/credentials';
import { demoUsers } from './sandbox/seed';
import { DatabaseInUse } from './sandbox/store/database';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got "${raw}".`);
    process.exit(2);
  }
  return value;
}

/** SANDBOX_PASSWORD_COST: scrypt's N for new password hashes (the end-to-end tests lower it). */
function passwordCostFromEnv(): number {
  const cost = numberFromEnv('SANDBOX_PASSWORD_COST', defaultPasswordCost);
  if (!isPasswordCost(cost)) {
    console.error(
      `SANDBOX_PASSWORD_COST must be a power of two from 1024 to 1048576, got ${cost}.`,
    );
    process.exit(2);
  }
  return cost;
}

const host = process.env.HOST || '127.0.0.1';
const port = numberFromEnv('PORT', 8080);
const upstreamUrl = process.env.UPSTREAM_URL || undefined;
// Names the server answers to besides localhost (a deployment behind a name), and the host it
// listens on unless that is every interface.
const wildcardHosts = new Set(['0.0.0.0', '::', '[::]', '*']);
const allowedHosts = [
  ...(process.env.ALLOWED_HOSTS ?? '').split(',').map((name) => name.trim()),
  ...(wildcardHosts.has(host) ? [] : [host]),
].filter((name) => name !== '');

const app = await buildServer({
  upstreamUrl,
  database: process.env.SANDBOX_DB || '.data/sandbox.db',
  reset: process.env.SANDBOX_RESET === '1',
  timeScale: numberFromEnv('SANDBOX_TIME_SCALE', 1),
  passwordCost: passwordCostFromEnv(),
  maintenance: process.env.SANDBOX_MAINTENANCE === '1',
  staticDir: defaultStaticDir,
  renderer: defaultRendererFile,
  allowedHosts,
  logger: { level: process.env.LOG_LEVEL || 'warn' },
}).catch((error: unknown) => {
  // Another server holds the database file: say so, without a stack trace.
  if (!(error instanceof DatabaseInUse)) throw error;
  console.error(error.message);
  process.exit(1);
});

const shutdown = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host, port });
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
console.log(`Skydeck is running at ${url}`);
if (upstreamUrl) {
  console.log(`Proxy mode: /1.2 and /1.3 are forwarded to ${new URL(upstreamUrl).origin}.`);
} else {
  console.log(
    `Sandbox API on the same origin (/1.2, /1.3); state in ${process.env.SANDBOX_DB || '.data/sandbox.db'}.`,
  );
  console.log(`Sign in with demo / ${demoUsers.demo} (demo credentials, for local use only).`);
}

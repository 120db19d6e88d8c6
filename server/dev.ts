import { createServer } from 'vite';
import { buildServer } from './app';

/** `npm run dev`: the sandbox API on its own port, and Vite with HMR proxying /1.2 and /1.3 to it. */
const apiPort = Number(process.env.SANDBOX_PORT || 8081);
const sandbox = await buildServer({
  database: process.env.SANDBOX_DB || '.data/sandbox.db',
  reset: process.env.SANDBOX_RESET === '1',
  timeScale: Number(process.env.SANDBOX_TIME_SCALE || 1),
  logger: { level: process.env.LOG_LEVEL || 'warn' },
});
await sandbox.listen({ host: '127.0.0.1', port: apiPort });

const target = `http://127.0.0.1:${apiPort}`;
const vite = await createServer({
  server: {
    host: process.env.HOST || '127.0.0.1',
    port: Number(process.env.PORT || 5173),
    allowedHosts: (process.env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
    // Vite checks the Host it is reached by (server.allowedHosts); the sandbox, which answers only
    // to its own names, is then addressed by its own.
    proxy: {
      '/1.2': { target, changeOrigin: true },
      '/1.3': { target, changeOrigin: true },
    },
  },
});
await vite.listen();
vite.printUrls();
console.log(`Sandbox API at ${target}; sign in with demo / DemoPassw0rd (local demo credentials).`);

const shutdown = async () => {
  await vite.close();
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

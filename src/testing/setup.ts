import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, inject, vi } from 'vitest';
import { apiCallLog, setApiBaseUrl } from '../api/http';
import { takeTenant } from './tenant';

// Component tests talk to the real sandbox started by sandbox-global-setup.ts (docs/architecture.md, "One fake backend").
setApiBaseUrl(inject('sandboxUrl'));

// Pages load lazily and call a real server; on a busy two-core machine the default 1 s wait for
// findBy* queries is too short to be reliable, while a wrong page still fails within 5 s.
configure({ asyncUtilTimeout: 5000 });

// This file's own accounts and data (tenant.ts).
beforeAll(takeTenant);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // The files of one worker share their modules (vitest.config.ts): no request log carries over.
  apiCallLog.clear();
});

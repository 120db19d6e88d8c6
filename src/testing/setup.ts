import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, inject } from 'vitest';
import { setApiBaseUrl } from '../api/http';

// Component tests talk to the real sandbox started by sandbox-global-setup.ts (DESIGN §6).
setApiBaseUrl(inject('sandboxUrl'));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

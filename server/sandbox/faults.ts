import { ApiProblem } from './http/errors';

/**
 * Faults the spec names that a client must survive (api-rules §7): 503 while the service is under
 * maintenance, and a 500 "temporary problem in the service". Switched at run time through
 * `/_sandbox/faults` (server/sandbox/control.ts) or at start with SANDBOX_MAINTENANCE=1.
 */
export interface FaultSettings {
  maintenance: boolean;
  /** The next this many API requests answer 500, then the service works again. */
  fail_next: number;
}

/** Seconds a client is told to wait before trying again during maintenance. */
export const maintenanceRetryAfterSeconds = 5;

export function createFaults(initial: Partial<FaultSettings> = {}) {
  const settings: FaultSettings = { maintenance: false, fail_next: 0, ...initial };
  return {
    settings: (): FaultSettings => ({ ...settings }),
    update(change: Partial<FaultSettings>): FaultSettings {
      Object.assign(settings, change);
      return { ...settings };
    },
    /** The fault this API request meets, if any; counts a 500 as spent. */
    next(): ApiProblem | undefined {
      if (settings.maintenance) {
        return new ApiProblem(
          503,
          'SERVICE_UNAVAILABLE',
          'The service is under maintenance. Nothing was changed; try again in a moment.',
          { 'Retry-After': String(maintenanceRetryAfterSeconds) },
        );
      }
      if (settings.fail_next > 0) {
        settings.fail_next -= 1;
        return new ApiProblem(
          500,
          'SERVICE_ERROR',
          'A temporary problem in the service stopped this request. Nothing was changed; try again.',
        );
      }
      return undefined;
    },
  };
}

import type { Clock } from '../clock';
import { rfc3339 } from '../clock';

/** Now, as the API writes it. */
export const timestamp = (clock: Clock) => rfc3339(clock.now());

export const hex = (byte: number) => byte.toString(16).padStart(2, '0');

import { describe, expect, it } from 'vitest';
import { billingEndpoints, billingSummarySchema } from '../../../contract/billing';
import { endpointPath } from '../../../contract/endpoint';
import { serverEndpoints, serverResponseSchema } from '../../../contract/server';
import { publicImageUuid } from '../seed';
import { manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

const hour = 3_600_000;
const clock = manualClock('2026-11-03T10:15:00.000Z');
const { okBody, getBody, advance } = sandboxSuite({ clock });

// The Windows template of Frankfurt: a licensed image (api-rules §2.5).
const windows = publicImageUuid('de-fra1', 5);

describe('a server’s billing periods', () => {
  it('bills a new server that was never changed as one stretch, its first hour once', async () => {
    const { uuid } = (
      await okBody(
        serverResponseSchema,
        'POST',
        endpointPath(serverEndpoints.create),
        {
          server: {
            zone: 'de-fra1',
            title: 'licensed',
            hostname: 'licensed.example.com',
            storage_devices: {
              storage_device: [
                { action: 'clone', storage: windows, size: 30, title: 'licensed OS' },
                { action: 'create', size: 50, title: 'licensed data' },
              ],
            },
          },
        },
        202,
      )
    ).server;
    // Started, stopped and started again: a server's state is not a billed attribute.
    await advance(31_000);
    await okBody(
      serverResponseSchema,
      'POST',
      endpointPath(serverEndpoints.stop, { uuid }),
      undefined,
      200,
    );
    await advance(16_000);
    await okBody(
      serverResponseSchema,
      'POST',
      endpointPath(serverEndpoints.start, { uuid }),
      undefined,
      200,
    );
    await advance(2 * hour);

    const summary = await getBody(
      billingSummarySchema,
      endpointPath(billingEndpoints.summary, { month: '2026-11' }),
    );
    const billed = summary.servers?.server?.resources.find((item) => item.resource_id === uuid);
    // 10:15 to 12:15 touches the hours 10, 11 and 12, at one configuration with its licence.
    expect(billed).toMatchObject({ hours: 3 });
    expect(billed?.details).toEqual([
      expect.objectContaining({ hours: 3, plan: 'custom', cores: 1, memory: 1024 }),
    ]);
    expect(billed?.details[0]?.licenses).toBeGreaterThan(0);
  });
});

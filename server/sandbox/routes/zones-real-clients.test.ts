import { describe, expect, it } from 'vitest';
import { priceListResponseSchema } from '../../../contract/price';
import { serverResponseSchema } from '../../../contract/server';
import { zoneListResponseSchema } from '../../../contract/zone';
import { manualClock } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * The public zones of the real zone list (issue 18, item 7): the recorded zone list of UpCloud's
 * Go SDK has New York, and its recordings create servers in Warsaw.
 */

const clock = manualClock('2026-11-21T10:00:00.000Z');
const { okBody, getBody } = sandboxSuite({ clock, authFailureLimit: 1_000_000 });

describe('zones real clients use', () => {
  it('lists them, prices them and builds servers in them', async () => {
    const { zones } = await getBody(zoneListResponseSchema, '/1.3/zone');
    expect(zones.zone).toEqual(
      expect.arrayContaining([
        { id: 'us-nyc1', description: 'New York #1', public: 'yes' },
        { id: 'pl-waw1', description: 'Warsaw #1', public: 'yes' },
      ]),
    );
    const { prices } = await getBody(priceListResponseSchema, '/1.3/price');
    for (const zone of zones.zone) {
      const priced = prices.zone.find((entry) => entry.name === zone.id);
      expect(priced, zone.id).toBeDefined();
      expect(priced!['server_plan_1xCPU-1GB']).toMatchObject({ amount: 1 });
    }

    const created = await okBody(
      serverResponseSchema,
      'POST',
      '/1.3/server',
      {
        server: {
          zone: 'pl-waw1',
          title: 'warsaw',
          hostname: 'warsaw.example.com',
          plan: '1xCPU-1GB',
          storage_devices: {
            storage_device: [
              {
                action: 'clone',
                storage: '01000000-0000-4000-8000-000020060100',
                title: 'disk1',
                size: 25,
                tier: 'maxiops',
              },
            ],
          },
        },
      },
      202,
    );
    expect(created.server).toMatchObject({ zone: 'pl-waw1', state: 'maintenance' });
  });
});

import { describe, expect, it } from 'vitest';
import { expectProblem } from '../testing';
import { sandboxSuite } from './test-helpers';

/**
 * A path under a known group that names no operation (issue 18, item 11): the Go SDK's storage
 * import status is `GET /1.3/storage/{uuid}/import`, which the sandbox does not offer. It answers
 * as an unknown path, with the path as requested, `/1.3` included, not as a storage list.
 */

const { call, storages } = sandboxSuite();

describe('unknown paths under a known group', () => {
  it('answers 404 NOT_FOUND naming the whole path', async () => {
    const disk = (await storages('/private'))[0]!;
    for (const path of [
      `/1.3/storage/${disk.uuid}/import`,
      `/1.3/storage/${disk.uuid}/nothing/here`,
      '/1.3/storage/normal/shared',
      '/1.3/server/x/y/z',
    ]) {
      const error = expectProblem(await call('GET', path), 404, 'NOT_FOUND');
      expect(error.error_message).toBe(`There is no operation at ${path}.`);
    }
  });
});

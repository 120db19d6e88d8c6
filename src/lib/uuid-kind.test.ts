import { describe, expect, it } from 'vitest';
import { isUuid, uuidKind, uuidKindLabels } from './uuid-kind';

describe('uuidKind', () => {
  it.each([
    ['00798b85-efdc-41ca-8021-f6ef457b8531', 'server'],
    ['01000000-0000-4000-8000-000020060100', 'storage'],
    ['03a98be3-7daa-443f-bb25-4bc6854b396c', 'network'],
    ['04c0df35-2658-4b0c-8ad7-962090f4e92a', 'router'],
    ['0c2c6c1a-1111-4d4f-9a3c-0123456789ab', 'token'],
    ['0d1a2b3c-4d5e-4f60-8a7b-8c9d0e1f2a3b', 'kubernetes'],
    ['0e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b', 'ipAddress'],
    ['0f3e6b63-4f0a-4c1b-8d2e-5a6b7c8d9e0f', 'networkPeering'],
    ['10aabbcc-0000-4000-8000-000000000000', 'gateway'],
    ['17aabbcc-0000-4000-8000-000000000000', 'fileStorage'],
  ])('%s is a %s', (uuid, kind) => {
    expect(uuidKind(uuid)).toBe(kind);
  });

  it('accepts pasted text with spaces and capitals', () => {
    expect(uuidKind('  01000000-0000-4000-8000-000020060100\n')).toBe('storage');
    expect(uuidKind('00798B85-EFDC-41CA-8021-F6EF457B8531')).toBe('server');
  });

  it('knows no type for reserved or unused prefixes', () => {
    expect(uuidKind('02aabbcc-0000-4000-8000-000000000000')).toBeNull();
    expect(uuidKind('06aabbcc-0000-4000-8000-000000000000')).toBeNull();
    expect(uuidKind('11aabbcc-0000-4000-8000-000000000000')).toBeNull();
    expect(uuidKind('ffaabbcc-0000-4000-8000-000000000000')).toBeNull();
  });

  it('is null for text that is not a UUID', () => {
    for (const text of [
      '',
      'demo',
      '198.51.100.7',
      '01000000-0000-4000-8000-00002006010',
      '01000000000040008000000020060100',
      '0100000g-0000-4000-8000-000020060100',
    ]) {
      expect(uuidKind(text)).toBeNull();
      expect(isUuid(text)).toBe(false);
    }
  });

  it('labels every kind', () => {
    expect(uuidKindLabels.networkPeering).toBe('Network peering');
    expect(Object.values(uuidKindLabels).every((label) => label.length > 0)).toBe(true);
  });
});

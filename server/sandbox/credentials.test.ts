import { describe, expect, it } from 'vitest';
import { hashPassword, isPasswordCost, verifyPassword } from './credentials';

describe('password hashes', () => {
  it('carry their cost, so hashes of another cost still verify', async () => {
    const cheap = hashPassword('Passw0rd!', 1024);
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await verifyPassword('Passw0rd!', cheap)).toBe(true);
    expect(await verifyPassword('passw0rd!', cheap)).toBe(false);
    expect(hashPassword('Passw0rd!')).toMatch(/^scrypt\$16384\$/);
  });

  it('take only a power of two from 1,024 to 1,048,576 as the cost', () => {
    expect([1024, 16384, 1_048_576].map(isPasswordCost)).toEqual([true, true, true]);
    expect([0, 512, 1000, 3072, 2_097_152, 1024.5].map(isPasswordCost)).toEqual(
      Array(6).fill(false),
    );
    expect(() => hashPassword('Passw0rd!', 1000)).toThrow('Not an scrypt cost: 1000');
  });
});

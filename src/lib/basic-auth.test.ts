import { describe, expect, it } from 'vitest';
import { basicAuthorization } from './basic-auth';

describe('basicAuthorization', () => {
  it('encodes user:password in base64', () => {
    expect(basicAuthorization('demo', 'DemoPassw0rd')).toBe('Basic ZGVtbzpEZW1vUGFzc3cwcmQ=');
  });

  it('encodes non-Latin-1 characters as UTF-8', () => {
    const header = basicAuthorization('jürgen', 'пароль€');
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(header.slice('Basic '.length)), (char) => char.charCodeAt(0)),
    );
    expect(decoded).toBe('jürgen:пароль€');
  });
});

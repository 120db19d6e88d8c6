import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueClusterCredentials } from './certificates';
// After ./certificates, which loads the Reflect polyfill @peculiar/x509 needs.
import * as x509 from '@peculiar/x509';

const now = new Date('2026-01-02T03:04:05.678Z');

const extensionsOf = (pem: string) => {
  const certificate = new x509.X509Certificate(pem);
  return {
    keyUsage: certificate.getExtension(x509.KeyUsagesExtension),
    basic: certificate.getExtension(x509.BasicConstraintsExtension),
    extended: certificate.getExtension(x509.ExtendedKeyUsageExtension),
  };
};

describe('issueClusterCredentials', () => {
  it('issues a self-signed P-256 CA named after the cluster, valid ten years from now', async () => {
    const { ca_certificate } = await issueClusterCredentials('demo', now);
    expect(ca_certificate).toMatch(
      /^-----BEGIN CERTIFICATE-----\n[\s\S]+\n-----END CERTIFICATE-----\n$/,
    );
    const ca = new crypto.X509Certificate(ca_certificate);
    expect(ca.subject).toBe('O=Skydeck sandbox\nCN=demo-ca');
    expect(ca.issuer).toBe(ca.subject);
    expect(ca.ca).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(ca.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(ca.validFrom).toBe('Jan  2 03:04:05 2026 GMT');
    expect(ca.validTo).toBe('Jan  2 03:04:05 2036 GMT');
    const { keyUsage, basic, extended } = extensionsOf(ca_certificate);
    expect(keyUsage?.critical).toBe(true);
    expect(keyUsage?.usages).toBe(x509.KeyUsageFlags.keyCertSign);
    expect(basic?.critical).toBe(true);
    expect(extended).toBeNull();
  });

  it('issues the administrator a client certificate the CA signed, valid one year, with its key', async () => {
    const credentials = await issueClusterCredentials('demo', now);
    const ca = new crypto.X509Certificate(credentials.ca_certificate);
    const client = new crypto.X509Certificate(credentials.client_certificate);
    expect(client.subject).toBe('O=system:masters\nCN=kubernetes-admin');
    expect(client.issuer).toBe(ca.subject);
    expect(client.checkIssued(ca)).toBe(true);
    expect(client.verify(ca.publicKey)).toBe(true);
    expect(client.ca).toBe(false);
    expect(client.keyUsage).toEqual(['1.3.6.1.5.5.7.3.2']); // TLS client authentication
    expect(client.validFrom).toBe('Jan  2 03:04:05 2026 GMT');
    expect(client.validTo).toBe('Jan  2 03:04:05 2027 GMT');
    const key = crypto.createPrivateKey(credentials.client_key);
    expect(credentials.client_key).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(crypto.createPublicKey(key).export({ type: 'spki', format: 'der' })).toEqual(
      client.publicKey.export({ type: 'spki', format: 'der' }),
    );
    const { keyUsage, basic, extended } = extensionsOf(credentials.client_certificate);
    expect(keyUsage?.critical).toBe(true);
    expect(keyUsage?.usages).toBe(x509.KeyUsageFlags.digitalSignature);
    expect(basic?.critical).toBe(true);
    expect(basic?.ca).toBe(false);
    expect(extended?.critical).toBe(false);
  });

  it('gives every cluster its own keys and serial numbers', async () => {
    const [a, b] = await Promise.all([
      issueClusterCredentials('a', now),
      issueClusterCredentials('b', now),
    ]);
    const serials = [
      a.ca_certificate,
      a.client_certificate,
      b.ca_certificate,
      b.client_certificate,
    ].map((pem) => new crypto.X509Certificate(pem).serialNumber);
    expect(new Set(serials).size).toBe(4);
    expect(a.client_key).not.toBe(b.client_key);
  });

  it('writes validity after 2049 as GeneralizedTime (RFC 5280 §4.1.2.5)', async () => {
    const { ca_certificate } = await issueClusterCredentials(
      'late',
      new Date('2045-06-01T00:00:00Z'),
    );
    const ca = new crypto.X509Certificate(ca_certificate);
    expect(ca.validTo).toBe('Jun  1 00:00:00 2055 GMT');
    const der = (tag: number, text: string) =>
      Buffer.concat([Buffer.from([tag, text.length]), Buffer.from(text, 'latin1')]);
    expect(ca.raw.includes(der(0x17, '450601000000Z'))).toBe(true); // UTCTime
    expect(ca.raw.includes(der(0x18, '20550601000000Z'))).toBe(true); // GeneralizedTime
  });
});

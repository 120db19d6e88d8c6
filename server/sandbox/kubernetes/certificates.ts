import crypto from 'node:crypto';

/**
 * Just enough DER (X.690) to issue real X.509 certificates for a cluster: a self-signed CA and a
 * client certificate it signs, both ECDSA P-256. Node can parse and verify certificates but not
 * make them, and a kubeconfig whose CA data is not a certificate would not be a kubeconfig.
 */

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...parts: Buffer[]) => tlv(0x30, ...parts);
const set = (...parts: Buffer[]) => tlv(0x31, ...parts);
const explicit = (tag: number, content: Buffer) => tlv(0xa0 + tag, content);
const octets = (content: Buffer) => tlv(0x04, content);
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const bits = (content: Buffer) => tlv(0x03, Buffer.from([0]), content);

function integer(value: Buffer): Buffer {
  let start = 0;
  while (start < value.length - 1 && value[start] === 0) start += 1;
  const trimmed = value.subarray(start);
  return tlv(0x02, trimmed[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime until 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${iso}Z`));
}

function distinguishedName(commonName: string, organization?: string): Buffer {
  return sequence(
    ...(organization ? [set(sequence(oid('2.5.4.10'), utf8(organization)))] : []),
    set(sequence(oid('2.5.4.3'), utf8(commonName))),
  );
}

const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
const extension = (id: string, critical: boolean, value: Buffer) =>
  sequence(oid(id), ...(critical ? [boolean(true)] : []), octets(value));

interface CertificateRequest {
  subject: { commonName: string; organization?: string };
  issuer: { commonName: string; organization?: string };
  publicKey: crypto.KeyObject;
  signingKey: crypto.KeyObject;
  notBefore: Date;
  notAfter: Date;
  ca: boolean;
}

function issue(request: CertificateRequest): string {
  const keyUsage = request.ca
    ? Buffer.from([0x02, 0x04]) // keyCertSign (bit 5) with 2 unused bits
    : Buffer.from([0x07, 0x80]); // digitalSignature (bit 0) with 7 unused bits
  const extensions = [
    extension('2.5.29.15', true, tlv(0x03, keyUsage)),
    extension('2.5.29.19', true, sequence(...(request.ca ? [boolean(true)] : []))),
    ...(request.ca ? [] : [extension('2.5.29.37', false, sequence(oid('1.3.6.1.5.5.7.3.2')))]),
  ];
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(Buffer.concat([Buffer.from([0x01]), crypto.randomBytes(15)])),
    ecdsaWithSha256,
    distinguishedName(request.issuer.commonName, request.issuer.organization),
    sequence(time(request.notBefore), time(request.notAfter)),
    distinguishedName(request.subject.commonName, request.subject.organization),
    request.publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(...extensions)),
  );
  const signature = crypto.sign('sha256', tbs, request.signingKey);
  const der = sequence(tbs, ecdsaWithSha256, bits(signature));
  const body = der.toString('base64').replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`;
}

export interface ClusterCredentials {
  ca_certificate: string;
  client_certificate: string;
  client_key: string;
}

const years = (from: Date, count: number) => {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + count);
  return date;
};

/**
 * A cluster's CA and the administrator's client certificate (CN `kubernetes-admin`, O
 * `system:masters`), as a kubeconfig carries them. The CA key is not kept: nothing else is signed.
 */
export function issueClusterCredentials(clusterName: string, now: Date): ClusterCredentials {
  const ca = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const client = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caName = { commonName: `${clusterName}-ca`, organization: 'Skydeck sandbox' };
  const caCertificate = issue({
    subject: caName,
    issuer: caName,
    publicKey: ca.publicKey,
    signingKey: ca.privateKey,
    notBefore: now,
    notAfter: years(now, 10),
    ca: true,
  });
  const clientCertificate = issue({
    subject: { commonName: 'kubernetes-admin', organization: 'system:masters' },
    issuer: caName,
    publicKey: client.publicKey,
    signingKey: ca.privateKey,
    notBefore: now,
    notAfter: years(now, 1),
    ca: false,
  });
  return {
    ca_certificate: caCertificate,
    client_certificate: clientCertificate,
    client_key: client.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
  };
}

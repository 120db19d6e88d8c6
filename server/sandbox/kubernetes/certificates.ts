import 'reflect-metadata'; // @peculiar/x509's dependency injection (tsyringe) needs it first
import { KeyObject, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/*
 * A cluster's X.509 certificates: a self-signed CA and a client certificate it signs, both ECDSA
 * P-256, issued by @peculiar/x509 over Node's Web Crypto. A kubeconfig whose CA data is not a
 * certificate would not be a kubeconfig.
 */
x509.cryptoProvider.set(webcrypto as Crypto);

export interface ClusterCredentials {
  ca_certificate: string;
  client_certificate: string;
  client_key: string;
}

const ecdsaP256 = { name: 'ECDSA', namedCurve: 'P-256' };
const ecdsaSha256 = { name: 'ECDSA', hash: 'SHA-256' };

const newKeyPair = () =>
  webcrypto.subtle.generateKey(ecdsaP256, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;

const years = (from: Date, count: number) => {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() + count);
  return date;
};

/** `O=…, CN=…`, both as UTF8String (RFC 5280 §4.1.2.4), in that order. */
const distinguishedName = (commonName: string, organization: string) =>
  new x509.Name([{ O: [{ utf8String: organization }] }, { CN: [{ utf8String: commonName }] }]);

const pem = (certificate: x509.X509Certificate) => `${certificate.toString('pem')}\n`;

/**
 * A cluster's CA and the administrator's client certificate (CN `kubernetes-admin`, O
 * `system:masters`), as a kubeconfig carries them. The CA key is not kept: nothing else is signed.
 */
export async function issueClusterCredentials(
  clusterName: string,
  now: Date,
): Promise<ClusterCredentials> {
  const [ca, client] = await Promise.all([newKeyPair(), newKeyPair()]);
  const caName = distinguishedName(`${clusterName}-ca`, 'Skydeck sandbox');
  const caCertificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: caName,
    keys: ca,
    signingAlgorithm: ecdsaSha256,
    notBefore: now,
    notAfter: years(now, 10),
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true),
      new x509.BasicConstraintsExtension(true, undefined, true),
    ],
  });
  const clientCertificate = await x509.X509CertificateGenerator.create({
    subject: distinguishedName('kubernetes-admin', 'system:masters'),
    issuer: caName,
    publicKey: client.publicKey,
    signingKey: ca.privateKey,
    signingAlgorithm: ecdsaSha256,
    notBefore: now,
    notAfter: years(now, 1),
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
    ],
  });
  return {
    ca_certificate: pem(caCertificate),
    client_certificate: pem(clientCertificate),
    client_key: KeyObject.from(client.privateKey).export({
      type: 'pkcs8',
      format: 'pem',
    }) as string,
  };
}

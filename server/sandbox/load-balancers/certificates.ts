import { X509Certificate, createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { rfc3339 } from '../clock';
import { invalidAttribute } from '../http/errors';

/**
 * Certificate bundles carry PEM documents base64-encoded, as the service takes them (the Go SDK's
 * recorded exchanges): a manual bundle's certificate and key must be a real X.509 certificate and
 * the private key of its public key (docs/load-balancers.md §Certificate bundles).
 */

function decodePem(attribute: string, text: string, label: RegExp): string {
  const pem = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (!label.test(pem)) {
    throw invalidAttribute(attribute, 'Give the PEM document base64-encoded.');
  }
  return pem;
}

function certificateOf(attribute: string, text: string): X509Certificate {
  const pem = decodePem(attribute, text, /-----BEGIN CERTIFICATE-----/);
  try {
    return new X509Certificate(pem);
  } catch {
    throw invalidAttribute(attribute, 'The document is not an X.509 certificate.');
  }
}

function privateKeyOf(text: string): KeyObject {
  const pem = decodePem('private_key', text, /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  try {
    return createPrivateKey(pem);
  } catch {
    throw invalidAttribute('private_key', 'The document is not a private key.');
  }
}

export interface CheckedCertificate {
  not_before: string;
  not_after: string;
  hostnames: string[];
  key_type: string;
}

/** Checks a bundle's certificate (and key, for a manual bundle) and reads what the record shows. */
export function checkCertificate(
  certificateText: string,
  privateKeyText: string | undefined,
  intermediates: string | undefined,
): CheckedCertificate {
  const certificate = certificateOf('certificate', certificateText);
  if (intermediates) certificateOf('intermediates', intermediates);
  if (privateKeyText !== undefined) {
    const key = privateKeyOf(privateKeyText);
    if (!certificate.checkPrivateKey(key)) {
      throw invalidAttribute(
        'private_key',
        'The private key does not belong to the certificate’s public key.',
      );
    }
  }
  const hostnames = (certificate.subjectAltName ?? '')
    .split(', ')
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4));
  return {
    not_before: rfc3339(new Date(certificate.validFrom)),
    not_after: rfc3339(new Date(certificate.validTo)),
    hostnames,
    key_type: certificate.publicKey.asymmetricKeyType === 'ec' ? 'ecdsa' : 'rsa',
  };
}

/** What a new server is set up with besides its hardware: login keys and user data. */

/**
 * OpenSSH public keys as `authorized_keys` holds them: `<type> <base64 blob> [comment]`. The blob
 * starts with its own key type (a 4-byte length, then the name), so a key pasted under the wrong
 * type, or cut short, is caught where it is typed (`upctl server create --ssh-keys` and Terraform's
 * `login.keys` send the line as it is).
 */
/** The key types and how many length-prefixed fields their blob holds, the type name included. */
const sshKeyFields: Record<string, number> = {
  'ssh-ed25519': 2,
  'ssh-rsa': 3,
  'ecdsa-sha2-nistp256': 3,
  'ecdsa-sha2-nistp384': 3,
  'ecdsa-sha2-nistp521': 3,
  'sk-ssh-ed25519@openssh.com': 3,
  'sk-ecdsa-sha2-nistp256@openssh.com': 4,
};

const keyLine = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: [^\n\r]*)?$/;

function decodeBase64(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The length-prefixed fields of a key blob, or null when the blob does not split into them. */
function blobFields(bytes: Uint8Array): Uint8Array[] | null {
  const view = new DataView(bytes.buffer);
  const fields: Uint8Array[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) return null;
    const length = view.getUint32(at);
    if (at + 4 + length > bytes.length) return null;
    fields.push(bytes.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** Why `key` is not an OpenSSH public key of a known type, or null when it is one. */
export function sshKeyProblem(key: string): string | null {
  const parts = keyLine.exec(key.trim());
  if (!parts) return 'An OpenSSH public key such as ssh-ed25519 AAAA… user@host, on one line.';
  const [, type = '', blob = ''] = parts;
  const expected = sshKeyFields[type];
  if (expected === undefined) {
    return `${type} is not a key type: use ssh-ed25519, ssh-rsa or ecdsa-sha2-nistp256/384/521.`;
  }
  const bytes = decodeBase64(blob);
  const fields = bytes && blobFields(bytes);
  const named = fields?.[0] ? new TextDecoder().decode(fields[0]) : null;
  if (!fields || named !== type || fields.length !== expected) {
    return `This is not a whole ${type} key: copy the full line of the .pub file.`;
  }
  return null;
}

/** An absolute http or https URL with a host. */
export function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

import { sshKeyProblem } from '../../../contract/server-setup';

/**
 * The SSH public keys a user gave new servers, per signed-in user in localStorage, offered on
 * the next create form. Public keys only: they are no secret.
 */
const storageKey = (username: string) => `skydeck.sshKeys.${username}`;

export const savedSshKeyLimit = 10;

export function readSavedSshKeys(username: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(username)) ?? '[]');
    if (!Array.isArray(stored)) return [];
    return stored.filter(
      (key): key is string => typeof key === 'string' && sshKeyProblem(key) === null,
    );
  } catch {
    return [];
  }
}

export function rememberSshKeys(username: string, keys: readonly string[]) {
  if (keys.length === 0) return;
  const next = [...new Set([...keys, ...readSavedSshKeys(username)])].slice(0, savedSshKeyLimit);
  try {
    localStorage.setItem(storageKey(username), JSON.stringify(next));
  } catch {
    // A full or disabled storage only costs the offer next time.
  }
}

/** A short name for a key: its comment, or its type and the end of its data. */
export function sshKeyName(key: string): string {
  const [type = '', data = '', ...comment] = key.trim().split(' ');
  return comment.length > 0 ? comment.join(' ') : `${type} …${data.slice(-8)}`;
}

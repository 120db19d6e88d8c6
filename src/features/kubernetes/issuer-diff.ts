import type { Issuer } from '../../../contract/kubernetes-oidc';

export type IssuerChange =
  | { kind: 'added'; name: string; issuer: Issuer }
  | { kind: 'removed'; name: string; issuer: Issuer }
  | { kind: 'changed'; name: string; issuer: Issuer; fields: string[] }
  | { kind: 'unchanged'; name: string; issuer: Issuer };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What replacing `current` with `next` does to each entry, by name: the import's preview. */
export function diffIssuers(current: readonly Issuer[], next: readonly Issuer[]): IssuerChange[] {
  const before = new Map(current.map((issuer) => [issuer.name, issuer]));
  const changes: IssuerChange[] = next.map((issuer) => {
    const old = before.get(issuer.name);
    if (!old) return { kind: 'added', name: issuer.name, issuer };
    const keys = [...new Set([...Object.keys(old), ...Object.keys(issuer)])] as (keyof Issuer)[];
    const fields = keys.filter((key) => !same(old[key], issuer[key]));
    return fields.length === 0
      ? { kind: 'unchanged', name: issuer.name, issuer }
      : { kind: 'changed', name: issuer.name, issuer, fields };
  });
  const kept = new Set(next.map((issuer) => issuer.name));
  for (const issuer of current) {
    if (!kept.has(issuer.name)) changes.push({ kind: 'removed', name: issuer.name, issuer });
  }
  return changes;
}

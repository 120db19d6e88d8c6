import { describe, expect, it } from 'vitest';
import type { Issuer } from '../../../contract/kubernetes-oidc';
import { diffIssuers } from './issuer-diff';

const entry = (name: string, url: string, audiences = ['k8s']): Issuer => ({
  name,
  issuer_url: url,
  audiences,
});

describe('diffIssuers', () => {
  it('names every entry added, removed, changed (with the fields) or unchanged', () => {
    const current = [entry('a', 'https://a.example.com'), entry('b', 'https://b.example.com')];
    const next = [
      entry('a', 'https://a.example.com'),
      { ...entry('b', 'https://b.example.com', ['x']), discovery_url: 'https://d.example.com' },
      entry('c', 'https://c.example.com'),
    ];
    expect(diffIssuers([...current, entry('gone', 'https://g.example.com')], next)).toEqual([
      { kind: 'unchanged', name: 'a', issuer: next[0] },
      { kind: 'changed', name: 'b', issuer: next[1], fields: ['audiences', 'discovery_url'] },
      { kind: 'added', name: 'c', issuer: next[2] },
      { kind: 'removed', name: 'gone', issuer: entry('gone', 'https://g.example.com') },
    ]);
  });

  it('shows an empty result as removing everything', () => {
    expect(diffIssuers([entry('a', 'https://a.example.com')], []).map((c) => c.kind)).toEqual([
      'removed',
    ]);
  });
});

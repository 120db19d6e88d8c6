import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../lib/memory-storage';
import { createSessionStore } from './session-store';

describe('the session store', () => {
  it('removes what was kept for the session when it ends, and nothing else', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    store.start({ token: 'ucat_x', username: 'demo', viaPassword: false });
    storage.setItem('skydeck.session.not-partner', 'mark');
    storage.setItem('skydeck.theme', 'dark');
    store.end();
    expect(storage.getItem('skydeck.session')).toBeNull();
    expect(storage.getItem('skydeck.session.not-partner')).toBeNull();
    expect(storage.getItem('skydeck.theme')).toBe('dark');
  });
});

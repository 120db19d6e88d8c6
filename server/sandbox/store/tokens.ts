import type { Db } from './database';

export interface TokenRow {
  id: string;
  account_id: number;
  name: string;
  type: 'workspace' | 'pat';
  secret_hash: Buffer;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  can_create_tokens: number;
  allowed_ip_ranges: string;
  gui: number;
}

export function createTokenRepository(db: Db) {
  const bySecretHash = db.prepare<[Buffer], TokenRow>(
    'SELECT * FROM api_tokens WHERE secret_hash = ?',
  );
  const byId = db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE id = ?');
  // `+?` page bounds: planned once (list-queries.ts).
  const byAccount = db.prepare<[number, number, number], TokenRow>(
    'SELECT * FROM api_tokens WHERE account_id = ? ORDER BY created_at, id LIMIT +? OFFSET +?',
  );
  const insert = db.prepare<TokenRow>(`
    INSERT INTO api_tokens (id, account_id, name, type, secret_hash, created_at, expires_at,
      last_used_at, can_create_tokens, allowed_ip_ranges, gui)
    VALUES (@id, @account_id, @name, @type, @secret_hash, @created_at, @expires_at, @last_used_at,
      @can_create_tokens, @allowed_ip_ranges, @gui)`);
  const activeCount = db.prepare<[number, number, string], { count: number }>(
    'SELECT COUNT(*) AS count FROM api_tokens WHERE account_id = ? AND gui = ? AND expires_at > ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM api_tokens WHERE id = ?');
  const touch = db.prepare<[string, string]>('UPDATE api_tokens SET last_used_at = ? WHERE id = ?');

  return {
    findBySecretHash: (hash: Buffer) => bySecretHash.get(hash),
    findById: (id: string) => byId.get(id),
    listByAccount: (accountId: number, limit: number, offset: number) =>
      byAccount.all(accountId, limit, offset),
    /** Unexpired tokens of an account: panel sessions (`gui`) or API tokens. */
    countActive: (accountId: number, gui: boolean, now: string) =>
      activeCount.get(accountId, gui ? 1 : 0, now)!.count,
    insert: (token: TokenRow) => void insert.run(token),
    delete: (id: string) => void remove.run(id),
    markUsed: (id: string, at: string) => void touch.run(at, id),
  };
}
export type TokenRepository = ReturnType<typeof createTokenRepository>;

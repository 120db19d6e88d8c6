import type { Db } from './database';

export interface AccountRow {
  id: number;
  username: string;
  password_hash: string;
  type: 'main' | 'sub';
  main_account_id: number | null;
  partner_id: number | null;
  is_partner: number;
  account_creation_limit: number | null;
  allow_api: number;
  allow_gui: number;
  roles: string;
  credits: number;
  currency: string;
  resource_limits: string;
  contact: string;
  labels: string;
  created_at: string;
}

export type NewAccount = Omit<AccountRow, 'id'>;

/**
 * A new account unless it says otherwise: a main account of no partner and no partner itself,
 * both sign-ins allowed, the billing and technical roles, no credits, euros, no limits, contact or
 * labels.
 */
export const newAccountDefaults: Omit<NewAccount, 'username' | 'password_hash' | 'created_at'> = {
  type: 'main',
  main_account_id: null,
  partner_id: null,
  is_partner: 0,
  account_creation_limit: null,
  allow_api: 1,
  allow_gui: 1,
  roles: JSON.stringify(['billing', 'technical']),
  credits: 0,
  currency: 'EUR',
  resource_limits: '{}',
  contact: '{}',
  labels: '[]',
};

export function createAccountRepository(db: Db) {
  const byUsername = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE username = ?');
  const byId = db.prepare<[number], AccountRow>('SELECT * FROM accounts WHERE id = ?');
  const insert = db.prepare<NewAccount>(`
    INSERT INTO accounts (username, password_hash, type, main_account_id, partner_id, is_partner,
      account_creation_limit, allow_api, allow_gui, roles, credits, currency, resource_limits, contact,
      labels, created_at)
    VALUES (@username, @password_hash, @type, @main_account_id, @partner_id, @is_partner,
      @account_creation_limit, @allow_api, @allow_gui, @roles, @credits, @currency, @resource_limits,
      @contact, @labels, @created_at)`);
  const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM accounts');
  const createdBy = db.prepare<[number], AccountRow>(
    'SELECT * FROM accounts WHERE partner_id = ? ORDER BY id',
  );
  const countCreatedBy = db.prepare<[number], { n: number }>(
    'SELECT COUNT(*) AS n FROM accounts WHERE partner_id = ?',
  );

  return {
    findByUsername: (username: string) => byUsername.get(username),
    findById: (id: number) => byId.get(id),
    insert: (account: NewAccount) => Number(insert.run(account).lastInsertRowid),
    /** The accounts a partner has created (api-rules §4.9), oldest first. */
    listCreatedBy: (partnerId: number) => createdBy.all(partnerId),
    countCreatedBy: (partnerId: number) => countCreatedBy.get(partnerId)?.n ?? 0,
    isEmpty: () => (count.get()?.n ?? 0) === 0,
    /** Resources, credits and limits belong to the main account; a subaccount acts on them. */
    owner(account: AccountRow): AccountRow {
      if (account.main_account_id === null) return account;
      return byId.get(account.main_account_id) ?? account;
    },
  };
}
export type AccountRepository = ReturnType<typeof createAccountRepository>;

export function accountRoles(account: AccountRow): string[] {
  return JSON.parse(account.roles) as string[];
}

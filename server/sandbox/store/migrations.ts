/** Append-only: a released migration is never edited, a new one is added. */
export const migrations: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('main', 'sub')),
        main_account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
        partner_id INTEGER REFERENCES accounts(id),
        is_partner INTEGER NOT NULL DEFAULT 0,
        account_creation_limit INTEGER,
        allow_api INTEGER NOT NULL DEFAULT 1,
        allow_gui INTEGER NOT NULL DEFAULT 1,
        roles TEXT NOT NULL DEFAULT '[]',
        credits REAL NOT NULL DEFAULT 0,
        currency TEXT NOT NULL DEFAULT 'EUR',
        resource_limits TEXT NOT NULL DEFAULT '{}',
        contact TEXT NOT NULL DEFAULT '{}',
        labels TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
      );
      CREATE INDEX accounts_main ON accounts(main_account_id);
      CREATE INDEX accounts_partner ON accounts(partner_id);

      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'workspace',
        secret_hash BLOB NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        last_used_at TEXT,
        can_create_tokens INTEGER NOT NULL,
        allowed_ip_ranges TEXT NOT NULL,
        gui INTEGER NOT NULL
      );
      CREATE INDEX api_tokens_account ON api_tokens(account_id, created_at);
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE jobs (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        resource_id TEXT NOT NULL,
        due_at INTEGER NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}',
        created_at INTEGER NOT NULL
      );
      CREATE INDEX jobs_due ON jobs(due_at, id);
      CREATE INDEX jobs_resource ON jobs(resource_id);

      CREATE TABLE audit_logs (
        cloud_event_id TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        time TEXT NOT NULL,
        correlation_id TEXT NOT NULL,
        auth_type TEXT NOT NULL,
        account_username TEXT NOT NULL,
        resource_type TEXT NOT NULL,
        resource_sub_type TEXT,
        action TEXT NOT NULL,
        origin TEXT NOT NULL,
        ip_address TEXT,
        resource_id TEXT,
        current_state TEXT,
        previous_state TEXT
      );
      CREATE INDEX audit_logs_account_time ON audit_logs(account_id, time DESC, cloud_event_id DESC);
      CREATE INDEX audit_logs_account_resource ON audit_logs(account_id, resource_id, time DESC);
      CREATE INDEX audit_logs_account_ip ON audit_logs(account_id, ip_address, time DESC);
      CREATE INDEX audit_logs_account_user ON audit_logs(account_id, account_username, time DESC);
    `,
  },
];

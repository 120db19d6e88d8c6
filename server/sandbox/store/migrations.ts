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
  {
    version: 3,
    sql: `
      CREATE TABLE storages (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        type TEXT NOT NULL,
        access TEXT NOT NULL,
        size INTEGER NOT NULL,
        tier TEXT,
        state TEXT NOT NULL,
        zone TEXT NOT NULL,
        license REAL NOT NULL DEFAULT 0,
        encrypted TEXT NOT NULL DEFAULT 'no',
        created TEXT NOT NULL,
        origin TEXT,
        template_type TEXT,
        part_of_plan INTEGER NOT NULL DEFAULT 0,
        backup_rule TEXT NOT NULL DEFAULT '{}',
        copy_of TEXT,
        resize_pending INTEGER NOT NULL DEFAULT 0
      );
      -- One index per sort field of the storage lists (created is the default order).
      CREATE INDEX storages_account_created ON storages(account_id, created, uuid);
      CREATE INDEX storages_account_title ON storages(account_id, title, uuid);
      CREATE INDEX storages_account_size ON storages(account_id, size, uuid);
      CREATE INDEX storages_account_state ON storages(account_id, state, uuid);
      CREATE INDEX storages_account_tier ON storages(account_id, tier, uuid);
      CREATE INDEX storages_account_type ON storages(account_id, type, created, uuid);
      CREATE INDEX storages_account_zone ON storages(account_id, zone, uuid);
      CREATE INDEX storages_origin ON storages(origin);
      CREATE INDEX storages_copy_of ON storages(copy_of);

      CREATE TABLE storage_labels (
        storage_uuid TEXT NOT NULL REFERENCES storages(uuid) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        key TEXT NOT NULL,
        key_lower TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (storage_uuid, key_lower)
      );
      CREATE INDEX storage_labels_key ON storage_labels(key_lower, value, storage_uuid);

      CREATE TABLE storage_favorites (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        storage_uuid TEXT NOT NULL REFERENCES storages(uuid) ON DELETE CASCADE,
        PRIMARY KEY (account_id, storage_uuid)
      );
      CREATE INDEX storage_favorites_storage ON storage_favorites(storage_uuid);

      CREATE TABLE servers (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        hostname TEXT NOT NULL,
        zone TEXT NOT NULL,
        plan TEXT NOT NULL,
        core_number INTEGER NOT NULL,
        memory_amount INTEGER NOT NULL,
        state TEXT NOT NULL,
        created INTEGER NOT NULL,
        host INTEGER NOT NULL,
        simple_backup TEXT NOT NULL DEFAULT 'no',
        boot_order TEXT NOT NULL DEFAULT 'disk',
        firewall TEXT NOT NULL DEFAULT 'off',
        metadata TEXT NOT NULL DEFAULT 'no',
        nic_model TEXT NOT NULL DEFAULT 'virtio',
        video_model TEXT NOT NULL DEFAULT 'cirrus',
        timezone TEXT NOT NULL DEFAULT 'UTC',
        remote_access_enabled TEXT NOT NULL DEFAULT 'no',
        remote_access_type TEXT NOT NULL DEFAULT 'vnc',
        remote_access_password TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '[]',
        labels TEXT NOT NULL DEFAULT '[]',
        interfaces TEXT NOT NULL DEFAULT '[]'
      );
      CREATE INDEX servers_account ON servers(account_id, created, uuid);

      CREATE TABLE server_storage_devices (
        server_uuid TEXT NOT NULL REFERENCES servers(uuid) ON DELETE CASCADE,
        address TEXT NOT NULL,
        type TEXT NOT NULL,
        storage_uuid TEXT REFERENCES storages(uuid),
        boot_disk TEXT NOT NULL DEFAULT '0',
        position INTEGER NOT NULL,
        PRIMARY KEY (server_uuid, address)
      );
      CREATE INDEX server_storage_devices_storage ON server_storage_devices(storage_uuid);

      CREATE TABLE server_events (
        id INTEGER PRIMARY KEY,
        server_uuid TEXT NOT NULL REFERENCES servers(uuid) ON DELETE CASCADE,
        time TEXT NOT NULL,
        type TEXT NOT NULL,
        email TEXT,
        first_name TEXT,
        last_name TEXT
      );
      CREATE INDEX server_events_server ON server_events(server_uuid, id DESC);
    `,
  },
  {
    version: 4,
    sql: `
      -- Closed billing periods: a resource's billed attributes from start_at to end_at, written
      -- when a billed attribute changes or the resource is deleted. The open period is the live row.
      CREATE TABLE billing_history (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        resource_id TEXT NOT NULL,
        type TEXT NOT NULL,
        title TEXT NOT NULL,
        zone TEXT NOT NULL,
        plan TEXT,
        cores INTEGER,
        memory INTEGER,
        size INTEGER,
        tier TEXT,
        license REAL NOT NULL DEFAULT 0,
        firewall INTEGER NOT NULL DEFAULT 0,
        included INTEGER NOT NULL DEFAULT 0,
        labels TEXT NOT NULL DEFAULT '[]',
        start_at INTEGER NOT NULL,
        end_at INTEGER NOT NULL,
        deleted INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX billing_history_account ON billing_history(account_id, end_at);
      CREATE INDEX billing_history_resource ON billing_history(resource_id, end_at);
    `,
  },
  {
    version: 5,
    sql: `
      -- Networking (api-rules §4.5–§4.7): routers, networks (an account's SDN private networks and,
      -- with no account, each zone's shared public and utility networks), interfaces and the IP
      -- addresses on them, network peerings.
      CREATE TABLE routers (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL DEFAULT 'normal' CHECK (type IN ('normal', 'service')),
        static_routes TEXT NOT NULL DEFAULT '[]',
        labels TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
      );
      CREATE INDEX routers_account ON routers(account_id, created_at, uuid);

      CREATE TABLE networks (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('private', 'utility', 'public')),
        zone TEXT NOT NULL,
        router_uuid TEXT REFERENCES routers(uuid),
        labels TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
      );
      CREATE INDEX networks_account ON networks(account_id, created_at, uuid);
      CREATE INDEX networks_router ON networks(router_uuid);

      CREATE TABLE ip_networks (
        network_uuid TEXT NOT NULL REFERENCES networks(uuid) ON DELETE CASCADE,
        family TEXT NOT NULL CHECK (family IN ('IPv4', 'IPv6')),
        address TEXT NOT NULL,
        gateway TEXT,
        dhcp TEXT NOT NULL DEFAULT 'yes',
        dhcp_default_route TEXT NOT NULL DEFAULT 'no',
        dhcp_dns TEXT NOT NULL DEFAULT '[]',
        dhcp_routes TEXT NOT NULL DEFAULT '[]',
        dhcp_bootfile_url TEXT,
        PRIMARY KEY (network_uuid, family)
      );

      CREATE TABLE interfaces (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        server_uuid TEXT REFERENCES servers(uuid) ON DELETE CASCADE,
        idx INTEGER,
        type TEXT NOT NULL CHECK (type IN ('private', 'utility', 'public')),
        network_uuid TEXT NOT NULL REFERENCES networks(uuid),
        mac TEXT NOT NULL UNIQUE,
        source_ip_filtering TEXT NOT NULL DEFAULT 'yes',
        bootable TEXT NOT NULL DEFAULT 'no',
        labels TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        UNIQUE (server_uuid, idx)
      );
      CREATE INDEX interfaces_account ON interfaces(account_id, created_at, uuid);
      CREATE INDEX interfaces_network ON interfaces(network_uuid);

      CREATE TABLE ip_addresses (
        id INTEGER PRIMARY KEY,
        address TEXT NOT NULL,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        zone TEXT NOT NULL,
        family TEXT NOT NULL CHECK (family IN ('IPv4', 'IPv6')),
        access TEXT NOT NULL CHECK (access IN ('private', 'utility', 'public')),
        network_uuid TEXT NOT NULL REFERENCES networks(uuid),
        interface_uuid TEXT REFERENCES interfaces(uuid) ON DELETE SET NULL,
        floating INTEGER NOT NULL DEFAULT 0,
        part_of_plan INTEGER NOT NULL DEFAULT 0,
        ptr_record TEXT NOT NULL DEFAULT '',
        release_policy TEXT NOT NULL DEFAULT 'release' CHECK (release_policy IN ('release', 'keep')),
        dhcp_provided INTEGER NOT NULL DEFAULT 1,
        delegated_to_account_id INTEGER REFERENCES accounts(id) ON DELETE SET NULL,
        created_at TEXT NOT NULL,
        UNIQUE (network_uuid, address)
      );
      CREATE INDEX ip_addresses_account ON ip_addresses(account_id, created_at, id);
      CREATE INDEX ip_addresses_address ON ip_addresses(address);
      CREATE INDEX ip_addresses_interface ON ip_addresses(interface_uuid);

      CREATE TABLE network_peerings (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        network_uuid TEXT NOT NULL REFERENCES networks(uuid),
        -- No reference: the peer network may belong to another account and may be deleted.
        peer_network_uuid TEXT NOT NULL,
        configured_status TEXT NOT NULL DEFAULT 'active'
          CHECK (configured_status IN ('active', 'disabled')),
        -- Set once provisioning of an active pair has finished; cleared when either side disables.
        established INTEGER NOT NULL DEFAULT 0,
        labels TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        updated_at TEXT,
        UNIQUE (network_uuid, peer_network_uuid)
      );
      CREATE INDEX network_peerings_account ON network_peerings(account_id, created_at, uuid);
      CREATE INDEX network_peerings_peer ON network_peerings(peer_network_uuid);

      -- Servers kept their interfaces as JSON until now; move them (and the shared networks they
      -- name, whose names and blocks the sandbox fills in at start) onto the tables.
      INSERT OR IGNORE INTO networks (uuid, account_id, name, type, zone, created_at)
        SELECT DISTINCT json_extract(nic.value, '$.network'), NULL, json_extract(nic.value, '$.type'),
          json_extract(nic.value, '$.type'), servers.zone, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
        FROM servers, json_each(servers.interfaces) AS nic;
      INSERT INTO interfaces (uuid, account_id, server_uuid, idx, type, network_uuid, mac,
          source_ip_filtering, bootable, created_at)
        SELECT '11' || substr(h, 3, 6) || '-' || substr(h, 9, 4) || '-4' || substr(h, 14, 3) || '-8'
            || substr(h, 18, 3) || '-' || substr(h, 21, 12),
          account_id, server_uuid, idx, type, network_uuid, mac, source_ip_filtering, bootable,
          strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
        FROM (
          SELECT lower(hex(randomblob(16))) AS h, servers.account_id AS account_id,
            servers.uuid AS server_uuid, json_extract(nic.value, '$.index') AS idx,
            json_extract(nic.value, '$.type') AS type, json_extract(nic.value, '$.network') AS network_uuid,
            json_extract(nic.value, '$.mac') AS mac,
            coalesce(json_extract(nic.value, '$.source_ip_filtering'), 'yes') AS source_ip_filtering,
            coalesce(json_extract(nic.value, '$.bootable'), 'no') AS bootable
          FROM servers, json_each(servers.interfaces) AS nic
        );
      INSERT OR IGNORE INTO ip_addresses (address, account_id, zone, family, access, network_uuid,
          interface_uuid, floating, part_of_plan, ptr_record, created_at)
        SELECT json_extract(ip.value, '$.address'), servers.account_id, servers.zone,
          json_extract(ip.value, '$.family'), interfaces.type, interfaces.network_uuid, interfaces.uuid,
          json_extract(ip.value, '$.floating') = 'yes', 0,
          CASE WHEN interfaces.type = 'public' AND json_extract(ip.value, '$.family') = 'IPv4'
            THEN replace(json_extract(ip.value, '$.address'), '.', '-') || '.' || servers.zone || '.upcloud.host'
            ELSE '' END,
          strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
        FROM servers, json_each(servers.interfaces) AS nic,
          json_each(json_extract(nic.value, '$.ip_addresses.ip_address')) AS ip
        JOIN interfaces ON interfaces.server_uuid = servers.uuid
          AND interfaces.idx = json_extract(nic.value, '$.index');
      ALTER TABLE servers DROP COLUMN interfaces;
    `,
  },
  {
    version: 7,
    sql: `
      -- Audit log filters (api-reference-notes §12). Each index leads with the account and one filter
      -- column, continues in the list order (time DESC, cloud_event_id DESC), so a filtered page
      -- is read in order straight from the index, and ends with the other filter columns, so the
      -- Service-Total-Count of any filter combination is counted in the index alone. They replace
      -- the version 2 indexes, which lacked the tie-breaker and the covering columns. The bare
      -- account index is the narrowest, so counting an unfiltered log reads the least.
      DROP INDEX audit_logs_account_time;
      DROP INDEX audit_logs_account_resource;
      DROP INDEX audit_logs_account_ip;
      DROP INDEX audit_logs_account_user;
      CREATE INDEX audit_logs_account ON audit_logs(account_id);
      CREATE INDEX audit_logs_account_time ON audit_logs(account_id, time DESC,
        cloud_event_id DESC, action, resource_type, origin, account_username);
      CREATE INDEX audit_logs_account_resource ON audit_logs(account_id, resource_id, time DESC,
        cloud_event_id DESC, action, resource_type, origin, account_username);
      CREATE INDEX audit_logs_account_ip ON audit_logs(account_id, ip_address, time DESC,
        cloud_event_id DESC, action, resource_type, origin, account_username);
      CREATE INDEX audit_logs_account_user ON audit_logs(account_id, account_username, time DESC,
        cloud_event_id DESC, action, resource_type, origin);
      CREATE INDEX audit_logs_account_action ON audit_logs(account_id, action, time DESC,
        cloud_event_id DESC, resource_type, origin, account_username);
      CREATE INDEX audit_logs_account_type ON audit_logs(account_id, resource_type, time DESC,
        cloud_event_id DESC, action, origin, account_username);
      CREATE INDEX audit_logs_account_origin ON audit_logs(account_id, origin, time DESC,
        cloud_event_id DESC, action, resource_type, account_username);
    `,
  },
  {
    version: 8,
    sql: `
      -- Managed Kubernetes (api-reference-notes §9). Node group settings and OIDC entries are JSON: they are
      -- read and replaced whole, never queried by their parts.
      CREATE TABLE kubernetes_clusters (
        uuid TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        zone TEXT NOT NULL,
        network TEXT NOT NULL,
        network_cidr TEXT NOT NULL,
        version TEXT NOT NULL,
        plan TEXT NOT NULL,
        state TEXT NOT NULL,
        private_node_groups INTEGER NOT NULL DEFAULT 0,
        storage_encryption TEXT,
        control_plane_ip_filter TEXT,
        labels TEXT NOT NULL DEFAULT '[]',
        authentication TEXT NOT NULL DEFAULT '[]',
        upgrade_version TEXT,
        ca_certificate TEXT NOT NULL,
        client_certificate TEXT NOT NULL,
        client_key TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (account_id, name)
      );
      CREATE INDEX kubernetes_clusters_network ON kubernetes_clusters(network);

      CREATE TABLE kubernetes_node_groups (
        cluster_uuid TEXT NOT NULL REFERENCES kubernetes_clusters(uuid) ON DELETE CASCADE,
        name TEXT NOT NULL,
        position INTEGER NOT NULL,
        state TEXT NOT NULL,
        settings TEXT NOT NULL,
        PRIMARY KEY (cluster_uuid, name)
      );

      CREATE TABLE kubernetes_nodes (
        uuid TEXT PRIMARY KEY,
        cluster_uuid TEXT NOT NULL,
        node_group TEXT NOT NULL,
        name TEXT NOT NULL,
        state TEXT NOT NULL,
        kubelet_version TEXT NOT NULL,
        position INTEGER NOT NULL,
        FOREIGN KEY (cluster_uuid, node_group)
          REFERENCES kubernetes_node_groups(cluster_uuid, name) ON DELETE CASCADE
      );
      CREATE INDEX kubernetes_nodes_group ON kubernetes_nodes(cluster_uuid, node_group, position);
    `,
  },
  {
    version: 9,
    sql: `
      -- Server list filters in SQL (api-reference-notes §1.6). A server's labels stay JSON on its row (the
      -- summary shows them as they are); server_labels repeats them with the key lower-cased by
      -- JavaScript's toLowerCase (js_lower, registered by openDatabase), the case folding a label
      -- filter uses (api-rules §2.8.3), as storage_labels does for storages. Keys are unique per
      -- server only without case, so position, not the key, identifies a label. A filter tests
      -- each candidate server by one lookup in server_labels_key, with or without a value.
      CREATE TABLE server_labels (
        server_uuid TEXT NOT NULL REFERENCES servers(uuid) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        key TEXT NOT NULL,
        key_lower TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (server_uuid, position)
      );
      CREATE INDEX server_labels_key ON server_labels(server_uuid, key_lower, value);
      INSERT INTO server_labels (server_uuid, position, key, key_lower, value)
        SELECT servers.uuid, label.key, json_extract(label.value, '$.key'),
          js_lower(json_extract(label.value, '$.key')), json_extract(label.value, '$.value')
        FROM servers, json_each(servers.labels) AS label;
    `,
  },
  {
    version: 10,
    sql: `
      -- A server's closed billing periods keep the simple backup plan it paid for (issue 18).
      ALTER TABLE billing_history ADD COLUMN simple_backup TEXT;
    `,
  },
];

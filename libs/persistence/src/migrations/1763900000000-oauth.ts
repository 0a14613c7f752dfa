import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The authorization server's state. Durable oidc-provider models live in oidc_models (short-lived ones in
 * Redis); oauth_connections binds each grant to the workspace chosen at consent; oauth_revocations is the
 * durable half of the revocation list that resource servers hold in memory (the other half is Redis pub/sub).
 */
export class OAuth1763900000000 implements MigrationInterface {
  name = 'OAuth1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oauth_clients (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        logo_uri text CHECK (char_length(logo_uri) <= 2000),
        redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
        scopes text[] NOT NULL,
        secret_digest text NOT NULL,
        secret_hint text NOT NULL,
        created_by text NOT NULL REFERENCES users (id),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        secret_rotated_at timestamptz(3)
      );
      CREATE INDEX oauth_clients_workspace_idx ON oauth_clients (workspace_id, created_at DESC);

      CREATE TABLE oidc_models (
        model text NOT NULL,
        id text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        uid text,
        expires_at timestamptz(3),
        consumed_at timestamptz(3),
        PRIMARY KEY (model, id)
      );
      CREATE INDEX oidc_models_grant_idx ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX oidc_models_uid_idx ON oidc_models (uid) WHERE uid IS NOT NULL;
      CREATE INDEX oidc_models_expires_idx ON oidc_models (expires_at) WHERE expires_at IS NOT NULL;

      CREATE TABLE oauth_connections (
        grant_id text PRIMARY KEY,
        client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        scopes text[] NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        last_used_at timestamptz(3),
        revoked_at timestamptz(3)
      );
      CREATE INDEX oauth_connections_user_idx ON oauth_connections (user_id, created_at DESC);
      CREATE INDEX oauth_connections_client_idx ON oauth_connections (client_id);

      -- kind 'grant': one connection; kind 'client': every token of a deleted client. A row is kept until every
      -- access token it could concern has expired.
      CREATE TABLE oauth_revocations (
        kind text NOT NULL CHECK (kind IN ('grant', 'client')),
        id text NOT NULL,
        revoked_at timestamptz(3) NOT NULL DEFAULT now(),
        expires_at timestamptz(3) NOT NULL,
        PRIMARY KEY (kind, id)
      );
      CREATE INDEX oauth_revocations_expires_idx ON oauth_revocations (expires_at);

      -- Private keys are stored encrypted (AES-256-GCM under SIGNING_KEY_SECRET). The newest unretired key
      -- signs; retired keys stay published until retired_at + publish window.
      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        alg text NOT NULL DEFAULT 'RS256' CHECK (alg = 'RS256'),
        public_jwk jsonb NOT NULL,
        private_jwk_encrypted text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        retired_at timestamptz(3)
      );

      -- Signed-in browser sessions of the auth app's pages; the cookie holds a random token, stored as its digest.
      CREATE TABLE web_sessions (
        id_digest text PRIMARY KEY,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        expires_at timestamptz(3) NOT NULL
      );
      CREATE INDEX web_sessions_user_idx ON web_sessions (user_id);

      -- Sign-in throttling works from Redis; this records failures durably for audit.
      CREATE TABLE sign_in_attempts (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        ip text NOT NULL,
        succeeded boolean NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      );
      CREATE INDEX sign_in_attempts_email_idx ON sign_in_attempts (lower(email), created_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE web_sessions, sign_in_attempts, signing_keys, oauth_revocations, oauth_connections, oidc_models, oauth_clients');
  }
}

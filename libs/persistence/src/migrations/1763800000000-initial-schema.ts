import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first schema. Every table carries workspace_id and every cross-table reference includes it in a
 * composite foreign key, so a row can never point into another workspace (tenant isolation in the schema,
 * not only in queries). Timestamps are millisecond precision so they round-trip through JavaScript Dates
 * and keyset cursors exactly.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE tenants (
        id text PRIMARY KEY,
        name text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      );

      CREATE TABLE workspaces (
        id text PRIMARY KEY,
        tenant_id text NOT NULL REFERENCES tenants (id),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
        oauth_apps_enabled boolean NOT NULL DEFAULT false,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      );
      CREATE INDEX workspaces_tenant_idx ON workspaces (tenant_id);

      CREATE TABLE users (
        id text PRIMARY KEY,
        email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320),
        name text,
        password_hash text,
        created_at timestamptz(3) NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));

      CREATE TABLE memberships (
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin', 'member')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (workspace_id, user_id)
      );
      CREATE INDEX memberships_user_idx ON memberships (user_id);

      CREATE TABLE folders (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        parent_id text,
        owner_id text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
        visibility text NOT NULL DEFAULT 'workspace' CHECK (visibility IN ('private', 'workspace')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT folders_workspace_id_key UNIQUE (workspace_id, id),
        CONSTRAINT folders_parent_fk FOREIGN KEY (workspace_id, parent_id) REFERENCES folders (workspace_id, id),
        CONSTRAINT folders_owner_fk FOREIGN KEY (workspace_id, owner_id) REFERENCES memberships (workspace_id, user_id),
        CONSTRAINT folders_not_own_parent CHECK (parent_id IS DISTINCT FROM id)
      );
      CREATE INDEX folders_list_idx ON folders (workspace_id, created_at DESC, id DESC);
      CREATE INDEX folders_children_idx ON folders (parent_id, created_at DESC, id DESC);

      CREATE TABLE conversations (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        owner_id text NOT NULL,
        folder_id text,
        title text CHECK (char_length(title) <= 500),
        status text CHECK (status IN ('pending', 'ready', 'error')),
        termination_reason text CHECK (termination_reason IN ('not_admitted', 'verification_required', 'captcha_required')),
        error_reason text,
        visibility text NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'workspace')),
        digest text CHECK (char_length(digest) <= 80),
        summary text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT conversations_workspace_id_key UNIQUE (workspace_id, id),
        CONSTRAINT conversations_folder_fk FOREIGN KEY (workspace_id, folder_id) REFERENCES folders (workspace_id, id),
        CONSTRAINT conversations_owner_fk FOREIGN KEY (workspace_id, owner_id) REFERENCES memberships (workspace_id, user_id),
        CONSTRAINT conversations_termination_only_on_error CHECK (termination_reason IS NULL OR status = 'error')
      );
      -- Default list (one status) and status=all, both newest first with id as tie-breaker (keyset order).
      CREATE INDEX conversations_status_list_idx ON conversations (workspace_id, status, created_at DESC, id DESC);
      CREATE INDEX conversations_list_idx ON conversations (workspace_id, created_at DESC, id DESC);
      CREATE INDEX conversations_folder_list_idx ON conversations (folder_id, created_at DESC, id DESC) WHERE folder_id IS NOT NULL;

      CREATE TABLE sources (
        id text PRIMARY KEY,
        conversation_id text NOT NULL,
        workspace_id text NOT NULL,
        type text NOT NULL CHECK (type IN ('transcript', 'document', 'text', 'file')),
        position integer NOT NULL,
        title text,
        added_at timestamptz(3),
        duration_seconds integer CHECK (duration_seconds >= 0),
        language text CHECK (language ~ '^[a-z]{3}$'),
        meeting_url text,
        attendees text[] NOT NULL DEFAULT '{}',
        participants text[] NOT NULL DEFAULT '{}',
        content text,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT sources_conversation_fk FOREIGN KEY (workspace_id, conversation_id)
          REFERENCES conversations (workspace_id, id) ON DELETE CASCADE
      );
      CREATE INDEX sources_conversation_idx ON sources (conversation_id, position, id);

      CREATE TABLE tags (
        id text PRIMARY KEY,
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        color text CHECK (color ~ '^#[0-9a-f]{6}$'),
        description text CHECK (char_length(description) <= 1000),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now(),
        CONSTRAINT tags_workspace_id_key UNIQUE (workspace_id, id)
      );
      -- Tags are listed by name (case-insensitive), id breaking ties; names are unique per workspace.
      CREATE UNIQUE INDEX tags_name_key ON tags (workspace_id, lower(name));
      CREATE INDEX tags_list_idx ON tags (workspace_id, lower(name), id);

      -- origin 'ai' with accepted = false is a suggestion: stored, never shown, never counted.
      CREATE TABLE conversation_tags (
        conversation_id text NOT NULL,
        tag_id text NOT NULL,
        workspace_id text NOT NULL,
        origin text NOT NULL CHECK (origin IN ('user', 'ai')),
        accepted boolean NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (conversation_id, tag_id),
        CONSTRAINT conversation_tags_conversation_fk FOREIGN KEY (workspace_id, conversation_id)
          REFERENCES conversations (workspace_id, id) ON DELETE CASCADE,
        CONSTRAINT conversation_tags_tag_fk FOREIGN KEY (workspace_id, tag_id)
          REFERENCES tags (workspace_id, id) ON DELETE CASCADE,
        CONSTRAINT conversation_tags_user_tags_accepted CHECK (origin = 'ai' OR accepted)
      );
      CREATE INDEX conversation_tags_applied_idx ON conversation_tags (tag_id, conversation_id) WHERE accepted;

      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        workspace_id text NOT NULL,
        user_id text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        secret_digest text NOT NULL,
        hint text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        last_used_at timestamptz(3),
        revoked_at timestamptz(3),
        CONSTRAINT api_keys_secret_digest_key UNIQUE (secret_digest),
        CONSTRAINT api_keys_member_fk FOREIGN KEY (workspace_id, user_id)
          REFERENCES memberships (workspace_id, user_id) ON DELETE CASCADE
      );
      CREATE INDEX api_keys_workspace_idx ON api_keys (workspace_id, created_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE api_keys, conversation_tags, tags, sources, conversations, folders, memberships, users, workspaces, tenants;
    `);
  }
}

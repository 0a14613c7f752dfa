import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI assistants connect by themselves (issue 17). Besides the apps a workspace admin registers, oauth_clients now
 * holds public clients that registered themselves (RFC 7591, kind 'dynamic': no workspace, no secret, no creator;
 * `unused_expires_at` until their first consent) and, once a user consented to one, clients known by a metadata
 * document (kind 'metadata_document': the id is the document's https URL; the row only names the app on the
 * account page, the document itself stays the source of its metadata). Each workspace chooses whether its members
 * may connect such apps (`assistant_connections`); under 'ask_admin' a request waits for an admin's decision.
 */
export class AssistantConnections1764800000000 implements MigrationInterface {
  name = 'AssistantConnections1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE workspaces
        ADD COLUMN assistant_connections text NOT NULL DEFAULT 'on' CHECK (assistant_connections IN ('on', 'off', 'ask_admin'));

      ALTER TABLE oauth_clients
        ADD COLUMN kind text NOT NULL DEFAULT 'registered' CHECK (kind IN ('registered', 'dynamic', 'metadata_document')),
        ADD COLUMN unused_expires_at timestamptz(3),
        ALTER COLUMN workspace_id DROP NOT NULL,
        ALTER COLUMN secret_digest DROP NOT NULL,
        ALTER COLUMN secret_hint DROP NOT NULL,
        ALTER COLUMN created_by DROP NOT NULL,
        ADD CONSTRAINT oauth_clients_kind_shape CHECK (
          (kind = 'registered') = (workspace_id IS NOT NULL AND secret_digest IS NOT NULL AND secret_hint IS NOT NULL AND created_by IS NOT NULL)
          AND (kind = 'dynamic' OR unused_expires_at IS NULL));
      CREATE INDEX oauth_clients_unused_idx ON oauth_clients (unused_expires_at) WHERE unused_expires_at IS NOT NULL;

      CREATE TABLE assistant_connection_requests (
        workspace_id text NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
        client_id text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
        user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        requested_at timestamptz(3) NOT NULL DEFAULT now(),
        decision text CHECK (decision IN ('approved', 'denied')),
        decided_by text REFERENCES users (id) ON DELETE SET NULL,
        decided_at timestamptz(3),
        PRIMARY KEY (workspace_id, client_id, user_id),
        CHECK ((decision IS NULL) = (decided_at IS NULL))
      );
      CREATE INDEX assistant_connection_requests_pending_idx ON assistant_connection_requests (workspace_id, requested_at) WHERE decision IS NULL;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE assistant_connection_requests;
      DELETE FROM oauth_clients WHERE kind <> 'registered';
      ALTER TABLE oauth_clients
        DROP CONSTRAINT oauth_clients_kind_shape,
        DROP COLUMN unused_expires_at,
        DROP COLUMN kind,
        ALTER COLUMN workspace_id SET NOT NULL,
        ALTER COLUMN secret_digest SET NOT NULL,
        ALTER COLUMN secret_hint SET NOT NULL,
        ALTER COLUMN created_by SET NOT NULL;
      ALTER TABLE workspaces DROP COLUMN assistant_connections;`);
  }
}

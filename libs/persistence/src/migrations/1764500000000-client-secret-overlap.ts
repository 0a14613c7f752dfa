import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A rotated client secret stays valid beside the new one for an overlap (libs/oauth CLIENT_SECRET_OVERLAP_HOURS),
 * so an integration keeps working while its operator deploys the new secret (issue 19). Its digest and hint move
 * here at the rotation; the token endpoint accepts it until previous_secret_expires_at.
 */
export class ClientSecretOverlap1764500000000 implements MigrationInterface {
  name = 'ClientSecretOverlap1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE oauth_clients
        ADD COLUMN previous_secret_digest text,
        ADD COLUMN previous_secret_hint text,
        ADD COLUMN previous_secret_expires_at timestamptz(3),
        ADD CONSTRAINT oauth_clients_previous_secret_complete CHECK (
          (previous_secret_digest IS NULL) = (previous_secret_expires_at IS NULL)
          AND (previous_secret_digest IS NULL) = (previous_secret_hint IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE oauth_clients
        DROP CONSTRAINT oauth_clients_previous_secret_complete,
        DROP COLUMN previous_secret_expires_at,
        DROP COLUMN previous_secret_hint,
        DROP COLUMN previous_secret_digest`);
  }
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An OAuth client registered by a workspace admin; only the SHA-256 digest of its secret is stored. */
@Entity('oauth_clients')
export class OAuthClientEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text') name!: string;
  @Column('text', { name: 'logo_uri', nullable: true }) logoUri!: string | null;
  @Column('text', { name: 'redirect_uris', array: true }) redirectUris!: string[];
  @Column('text', { array: true }) scopes!: string[];
  @Column('text', { name: 'secret_digest' }) secretDigest!: string;
  @Column('text', { name: 'secret_hint' }) secretHint!: string;
  @Column('text', { name: 'created_by' }) createdBy!: string;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'secret_rotated_at', nullable: true }) secretRotatedAt!: Date | null;
}

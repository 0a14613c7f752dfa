import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Only the SHA-256 digest of the key is stored; the key itself is shown once at creation. */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text') name!: string;
  @Column('text', { name: 'secret_digest' }) secretDigest!: string;
  @Column('text') hint!: string;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

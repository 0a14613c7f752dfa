import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A grant bound to the workspace the user chose at consent: what the account page calls a connected app. */
@Entity('oauth_connections')
export class OAuthConnectionEntity {
  @PrimaryColumn('text', { name: 'grant_id' }) grantId!: string;
  @Column('text', { name: 'client_id' }) clientId!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { array: true }) scopes!: string[];
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

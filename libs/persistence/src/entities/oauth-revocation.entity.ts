import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('oauth_revocations')
export class OAuthRevocationEntity {
  @PrimaryColumn('text') kind!: 'grant' | 'client';
  @PrimaryColumn('text') id!: string;
  @Column({ type: 'timestamptz', precision: 3, name: 'revoked_at', default: () => 'now()' }) revokedAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'expires_at' }) expiresAt!: Date;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A durable oidc-provider model instance (Session, Grant, RefreshToken, …), stored by our adapter. */
@Entity('oidc_models')
export class OidcModelEntity {
  @PrimaryColumn('text') model!: string;
  @PrimaryColumn('text') id!: string;
  @Column('jsonb') payload!: Record<string, unknown>;
  @Column('text', { name: 'grant_id', nullable: true }) grantId!: string | null;
  @Column('text', { nullable: true }) uid!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'consumed_at', nullable: true }) consumedAt!: Date | null;
}

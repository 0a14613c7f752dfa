import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('webhooks')
export class WebhookEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { name: 'owner_id' }) ownerId!: string;
  @Column('text') url!: string;
  @Column('text', { nullable: true }) description!: string | null;
  @Column('text', { array: true }) events!: string[];
  @Column('text', { name: 'secret_sealed' }) secretSealed!: string;
  @Column('text', { name: 'previous_secret_sealed', nullable: true }) previousSecretSealed!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'previous_secret_expires_at', nullable: true }) previousSecretExpiresAt!: Date | null;
  @Column('boolean', { default: true }) enabled!: boolean;
  @Column('text', { name: 'disabled_reason', nullable: true }) disabledReason!: 'manual' | 'failing' | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'disabled_at', nullable: true }) disabledAt!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'failing_since', nullable: true }) failingSince!: Date | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { name: 'webhook_id' }) webhookId!: string;
  @Column('text', { name: 'event_id' }) eventId!: string;
  @Column('text', { name: 'event_type' }) eventType!: string;
  @Column('jsonb') payload!: Record<string, unknown>;
  @Column('text') status!: 'pending' | 'succeeded' | 'failed';
  @Column('integer', { default: 0 }) attempts!: number;
  @Column({ type: 'timestamptz', precision: 3, name: 'next_attempt_at', nullable: true }) nextAttemptAt!: Date | null;
  @Column('text', { default: 'event' }) origin!: 'event' | 'redelivery' | 'test';
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'completed_at', nullable: true }) completedAt!: Date | null;
}

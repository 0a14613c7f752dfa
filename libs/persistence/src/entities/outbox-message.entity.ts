import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A row of the transactional outbox (see the writes migration). */
@Entity('outbox')
export class OutboxMessageEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text') topic!: 'processing' | 'event';
  @Column('text') type!: string;
  @Column('jsonb') payload!: Record<string, unknown>;
  @Column('text', { name: 'request_id', nullable: true }) requestId!: string | null;
  /** Events only: `{ owner_id, visibility }` of the conversation when the event happened. */
  @Column('jsonb', { nullable: true }) audience!: { owner_id: string; visibility: string } | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'relayed_at', nullable: true }) relayedAt!: Date | null;
}

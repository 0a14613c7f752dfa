import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('idempotency_keys')
export class IdempotencyKeyEntity {
  @PrimaryColumn('text', { name: 'workspace_id' }) workspaceId!: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId!: string;
  @PrimaryColumn('text') key!: string;
  @Column('text', { name: 'request_digest' }) requestDigest!: string;
  @Column('integer', { name: 'response_status', nullable: true }) responseStatus!: number | null;
  @Column('jsonb', { name: 'response_body', nullable: true }) responseBody!: unknown;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

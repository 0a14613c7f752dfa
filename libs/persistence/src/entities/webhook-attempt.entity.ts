import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('webhook_attempts')
export class WebhookAttemptEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'delivery_id' }) deliveryId!: string;
  @Column('integer') attempt!: number;
  @Column({ type: 'timestamptz', precision: 3, name: 'started_at' }) startedAt!: Date;
  @Column('integer', { name: 'duration_ms' }) durationMs!: number;
  @Column('text', { name: 'request_url' }) requestUrl!: string;
  @Column('jsonb', { name: 'request_headers' }) requestHeaders!: Record<string, string>;
  @Column('text', { name: 'request_body' }) requestBody!: string;
  @Column('integer', { name: 'response_status', nullable: true }) responseStatus!: number | null;
  @Column('jsonb', { name: 'response_headers', nullable: true }) responseHeaders!: Record<string, string> | null;
  @Column('text', { name: 'response_body', nullable: true }) responseBody!: string | null;
  @Column('text', { name: 'error_kind', nullable: true }) errorKind!: string | null;
  @Column('text', { name: 'error_message', nullable: true }) errorMessage!: string | null;
}

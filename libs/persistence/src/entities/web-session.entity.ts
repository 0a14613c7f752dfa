import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('web_sessions')
export class WebSessionEntity {
  @PrimaryColumn('text', { name: 'id_digest' }) idDigest!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'expires_at' }) expiresAt!: Date;
}

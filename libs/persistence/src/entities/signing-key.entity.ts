import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('signing_keys')
export class SigningKeyEntity {
  @PrimaryColumn('text') kid!: string;
  @Column('text', { default: 'RS256' }) alg!: 'RS256';
  @Column('jsonb', { name: 'public_jwk' }) publicJwk!: Record<string, unknown>;
  @Column('text', { name: 'private_jwk_encrypted' }) privateJwkEncrypted!: string;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'retired_at', nullable: true }) retiredAt!: Date | null;
}

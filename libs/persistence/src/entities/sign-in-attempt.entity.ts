import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('sign_in_attempts')
export class SignInAttemptEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column('text') email!: string;
  @Column('text') ip!: string;
  @Column('boolean') succeeded!: boolean;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

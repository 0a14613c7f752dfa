import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text') email!: string;
  @Column('text', { nullable: true }) name!: string | null;
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

import type { Role } from '@cs/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('memberships')
export class MembershipEntity {
  @PrimaryColumn('text', { name: 'workspace_id' }) workspaceId!: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId!: string;
  @Column('text') role!: Role;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

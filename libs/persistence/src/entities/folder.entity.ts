import type { Visibility } from '@cs/domain';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('folders')
export class FolderEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text', { name: 'parent_id', nullable: true }) parentId!: string | null;
  @Column('text', { name: 'owner_id' }) ownerId!: string;
  @Column('text') name!: string;
  @Column('text', { default: 'workspace' }) visibility!: Visibility;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

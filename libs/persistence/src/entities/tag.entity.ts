import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('tags')
export class TagEntity {
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'workspace_id' }) workspaceId!: string;
  @Column('text') name!: string;
  @Column('text', { nullable: true }) color!: string | null;
  @Column('text', { nullable: true }) description!: string | null;
  @Column({ type: 'timestamptz', precision: 3, name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column({ type: 'timestamptz', precision: 3, name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

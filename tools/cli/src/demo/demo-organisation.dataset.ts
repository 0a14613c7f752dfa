import type { Role, Visibility } from '@cs/domain';

/** The workspace whose presence marks the demo as seeded (and the first workspace of demo.json). */
export const DEMO_MARKER_WORKSPACE = 'Acme Product';

export const DEMO_WORKSPACES = [
  { key: 'acme', name: DEMO_MARKER_WORKSPACE, tenant: 'Acme Corporation' },
  { key: 'globex', name: 'Globex Research', tenant: 'Globex Corporation' },
] as const;
export type WorkspaceKey = (typeof DEMO_WORKSPACES)[number]['key'];

interface DemoUser {
  key: string;
  email: string;
  name: string;
  workspace: WorkspaceKey;
  role: Role;
}

/** docs/operations.md "Operator CLI": the first workspace has an admin and a member whose private conversations the other cannot see. */
export const DEMO_USERS = [
  { key: 'ada', email: 'ada@acme.test', name: 'Ada Lovelace', workspace: 'acme', role: 'admin' },
  { key: 'grace', email: 'grace@acme.test', name: 'Grace Hopper', workspace: 'acme', role: 'member' },
  { key: 'linus', email: 'linus@globex.test', name: 'Linus Torvalds', workspace: 'globex', role: 'admin' },
] as const satisfies readonly DemoUser[];
export type UserKey = (typeof DEMO_USERS)[number]['key'];

interface DemoFolder {
  key: string;
  workspace: WorkspaceKey;
  name: string;
  /** Listed after its parent, so folders can be inserted in this order. */
  parent: string | null;
  owner: UserKey;
  visibility: Visibility;
}

export const DEMO_FOLDERS = [
  { key: 'customers', workspace: 'acme', name: 'Customers', parent: null, owner: 'ada', visibility: 'workspace' },
  { key: 'enterprise', workspace: 'acme', name: 'Enterprise', parent: 'customers', owner: 'ada', visibility: 'workspace' },
  { key: 'initech', workspace: 'acme', name: 'Initech', parent: 'enterprise', owner: 'grace', visibility: 'workspace' },
  { key: 'qbr-2026', workspace: 'acme', name: 'QBR 2026', parent: 'initech', owner: 'grace', visibility: 'workspace' },
  { key: 'umbrella', workspace: 'acme', name: 'Umbrella Corp', parent: 'enterprise', owner: 'ada', visibility: 'workspace' },
  { key: 'startups', workspace: 'acme', name: 'Startups', parent: 'customers', owner: 'grace', visibility: 'workspace' },
  { key: 'product', workspace: 'acme', name: 'Product', parent: null, owner: 'ada', visibility: 'workspace' },
  { key: 'roadmap', workspace: 'acme', name: 'Roadmap', parent: 'product', owner: 'ada', visibility: 'workspace' },
  { key: 'design-reviews', workspace: 'acme', name: 'Design reviews', parent: 'product', owner: 'grace', visibility: 'workspace' },
  { key: 'hiring', workspace: 'acme', name: 'Hiring', parent: null, owner: 'ada', visibility: 'workspace' },
  { key: 'backend-engineer', workspace: 'acme', name: 'Backend engineer (confidential)', parent: 'hiring', owner: 'ada', visibility: 'private' },
  { key: 'graces-1on1s', workspace: 'acme', name: "Grace's 1:1s", parent: null, owner: 'grace', visibility: 'private' },
  { key: 'talk-drafts', workspace: 'acme', name: 'Talk drafts', parent: 'graces-1on1s', owner: 'grace', visibility: 'private' },
  { key: 'research', workspace: 'globex', name: 'Research', parent: null, owner: 'linus', visibility: 'workspace' },
  { key: 'experiments', workspace: 'globex', name: 'Experiments', parent: 'research', owner: 'linus', visibility: 'workspace' },
  { key: 'lab-notes', workspace: 'globex', name: 'Lab notes', parent: 'research', owner: 'linus', visibility: 'workspace' },
  { key: 'partnerships', workspace: 'globex', name: 'Partnerships', parent: null, owner: 'linus', visibility: 'workspace' },
] as const satisfies readonly DemoFolder[];
export type FolderKey = (typeof DEMO_FOLDERS)[number]['key'];

interface DemoTag {
  key: string;
  workspace: WorkspaceKey;
  name: string;
  /** Lower-case #rrggbb: the schema's CHECK on tags.color. */
  color: string | null;
  description: string | null;
}

export const DEMO_TAGS = [
  { key: 'customer', workspace: 'acme', name: 'Customer', color: '#2563eb', description: 'Calls and meetings with customers and prospects.' },
  { key: 'enterprise', workspace: 'acme', name: 'Enterprise', color: '#0891b2', description: null },
  { key: 'roadmap', workspace: 'acme', name: 'Roadmap', color: '#7c3aed', description: 'Anything that moves the product roadmap.' },
  { key: 'decision', workspace: 'acme', name: 'Decision', color: '#dc2626', description: 'A decision was made and recorded.' },
  { key: 'action-items', workspace: 'acme', name: 'Action items', color: null, description: null },
  { key: 'design', workspace: 'acme', name: 'Design', color: null, description: 'Design critiques and UX research.' },
  { key: 'hiring', workspace: 'acme', name: 'Hiring', color: '#16a34a', description: 'Interviews, debriefs and pipeline reviews.' },
  { key: 'incident', workspace: 'acme', name: 'Incident', color: '#ea580c', description: 'Post-incident reviews.' },
  { key: 'one-on-one', workspace: 'acme', name: '1:1', color: null, description: null },
  { key: 'follow-up', workspace: 'acme', name: 'Follow-up', color: '#64748b', description: 'Needs a follow-up from someone in the room.' },
  // Only ever suggested by processing and never accepted, so its applied_count stays 0.
  { key: 'pricing', workspace: 'acme', name: 'Pricing', color: '#ca8a04', description: 'Pricing and packaging discussions.' },
  { key: 'experiment', workspace: 'globex', name: 'Experiment', color: '#0d9488', description: 'Lab experiment reviews.' },
  { key: 'paper', workspace: 'globex', name: 'Paper', color: null, description: 'Reading group and paper notes.' },
  { key: 'partner', workspace: 'globex', name: 'Partner', color: '#9333ea', description: null },
] as const satisfies readonly DemoTag[];
export type TagKey = (typeof DEMO_TAGS)[number]['key'];

import { CursorCodec } from '@cs/paging';
import { createTestDatabase, Fixtures, type Member, type TestDatabase } from '@cs/testing';
import { Catalog } from '../catalog';

/** What the catalog's integration specs start from. Test code only (excluded from the build). */
export interface CatalogTestbed {
  db: TestDatabase;
  f: Fixtures;
  catalog: Catalog;
  /** A member of a fresh workspace, and an admin of the same one. */
  owner: Member;
  colleague: Member;
}

export async function catalogTestbed(): Promise<CatalogTestbed> {
  const db = await createTestDatabase();
  const f = new Fixtures(db.dataSource);
  const catalog = new Catalog(db.dataSource, new CursorCodec('s'.repeat(40)));
  const ws = await f.workspace();
  const owner = await f.member(ws, { role: 'member' });
  const colleague = await f.member(ws, { role: 'admin' });
  return { db, f, catalog, owner, colleague };
}

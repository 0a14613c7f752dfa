/** Injection token of the RowQueryable the pages' libs read and write through (the DataSource's own pg pool). */
export const SQL = Symbol('SQL');

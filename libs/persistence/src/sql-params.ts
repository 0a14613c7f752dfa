/** Collects positional parameters while a statement is assembled: `p.add(value)` returns `$n`. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /**
   * A copy holding the parameters added so far: conditions assembled once keep their placeholders in each of several
   * statements, which add their own after them.
   */
  copy(): SqlParams {
    const copy = new SqlParams();
    copy.values.push(...this.values);
    return copy;
  }
}

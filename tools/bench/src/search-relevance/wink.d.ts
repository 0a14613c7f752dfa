// The wink packages ship no types: what the BM25 baseline uses of them.
declare module 'wink-bm25-text-search' {
  /** A step of the text preparation: the first takes the text, the last gives the tokens. */
  type PrepTask = ((input: string) => string | string[]) | ((input: string[]) => string[]);
  interface Bm25Engine {
    defineConfig(config: { fldWeights: Record<string, number>; bm25Params?: { k1?: number; b?: number; k?: number } }): boolean;
    definePrepTasks(tasks: PrepTask[], field?: string): number;
    addDoc(doc: Record<string, string>, id: string | number): number;
    consolidate(fp?: number): boolean;
    /** `[id, score]` pairs, best first; ids come back as strings. */
    search(text: string, limit?: number): Array<[string, number]>;
    getTotalDocs(): number;
  }
  function bm25(): Bm25Engine;
  export = bm25;
}

declare module 'wink-nlp-utils' {
  const nlp: {
    string: { lowerCase(s: string): string; tokenize0(s: string): string[] };
    tokens: { removeWords(tokens: string[]): string[]; stem(tokens: string[]): string[] };
  };
  export = nlp;
}

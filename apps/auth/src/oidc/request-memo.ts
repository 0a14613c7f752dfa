/**
 * Rows one step of a request already read, kept for a later step of the same request so it needs no round trip
 * of its own. A value is handed out once (`take`) and dies with its request: nothing outlives the request that
 * read it, so a later request always reads the database afresh.
 */
export class RequestMemo<T> {
  private readonly byRequest = new WeakMap<object, Map<string, T>>();

  /** `currentRequest` names the request being served (oidc-provider's `Provider.ctx`, an AsyncLocalStorage store). */
  constructor(private readonly currentRequest: () => object | undefined) {}

  remember(key: string, value: T): void {
    const request = this.currentRequest();
    if (!request) return;
    let values = this.byRequest.get(request);
    if (!values) this.byRequest.set(request, (values = new Map()));
    values.set(key, value);
  }

  take(key: string): T | undefined {
    const request = this.currentRequest();
    const values = request ? this.byRequest.get(request) : undefined;
    const value = values?.get(key);
    values?.delete(key);
    return value;
  }
}

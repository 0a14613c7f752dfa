import { RequestMemo } from './request-memo';

describe('RequestMemo', () => {
  it('hands a remembered value to the same request once', () => {
    const request = {};
    const memo = new RequestMemo<string>(() => request);
    memo.remember('grant_1', 'payload');
    expect(memo.take('grant_1')).toBe('payload');
    expect(memo.take('grant_1')).toBeUndefined();
  });

  it('never hands one request’s value to another request', () => {
    let current: object | undefined = {};
    const memo = new RequestMemo<string>(() => current);
    memo.remember('grant_1', 'payload');
    current = {};
    expect(memo.take('grant_1')).toBeUndefined();
  });

  it('remembers nothing outside a request', () => {
    const serving: { request?: object } = {};
    const memo = new RequestMemo<string>(() => serving.request);
    memo.remember('grant_1', 'payload');
    serving.request = {};
    expect(memo.take('grant_1')).toBeUndefined();
  });
});

import { html, pathTo, raw, safeUrl } from './html';

describe('html', () => {
  it('escapes every interpolated string, in text and in attributes', () => {
    const name = `<script>alert(1)</script>"'\`&`;
    expect(html`<p title="${name}">${name}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&#96;&amp;">&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&#96;&amp;</p>',
    );
  });

  it('keeps nested html fragments and raw() as they are, and escapes array items one by one', () => {
    const items = ['<a>', '<b>'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${raw('<hr>')}${['<i>']}`.toString()).toBe('<ul><li>&lt;a&gt;</li><li>&lt;b&gt;</li></ul><hr>&lt;i&gt;');
  });

  it('renders nothing for null, undefined and booleans, and numbers as text', () => {
    expect(html`${null}${undefined}${false}${true}${0}${42}`.toString()).toBe('042');
  });

  it('does not treat a look-alike object as trusted markup', () => {
    const fake = { toString: () => '<script>' } as unknown as string;
    expect(html`${fake}`.toString()).not.toContain('<script>');
  });
});

describe('safeUrl', () => {
  it('keeps http(s) URLs and same-origin paths', () => {
    expect(safeUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(safeUrl('http://localhost:3000/a.png')).toBe('http://localhost:3000/a.png');
    expect(safeUrl('/account')).toBe('/account');
  });

  it('refuses script, data and protocol-relative URLs', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/x', '/\\evil.example', 'not a url', '', null]) {
      expect(safeUrl(url)).toBeNull();
    }
  });

  it('percent-encodes quotes so a URL cannot leave its attribute', () => {
    expect(safeUrl('https://x.example/" onerror="alert(1)')).toBe('https://x.example/%22%20onerror=%22alert(1)');
  });
});

describe('pathTo', () => {
  it('percent-encodes each id as a single path segment or query value', () => {
    expect(pathTo`/account/connections/${'a/../b?c'}/revoke`).toBe('/account/connections/a%2F..%2Fb%3Fc/revoke');
    expect(pathTo`/developer?workspace=${'ws_1&x=2'}`).toBe('/developer?workspace=ws_1%26x%3D2');
  });
});

import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { useApiEnvironment } from './support/api-environment';

const env = useApiEnvironment();

const TAGS = '/api/v1/tags';

/** A POST whose body is sent exactly as given, with the Content-Encoding named. */
async function post(key: string, body: Buffer | string, encoding: string) {
  const response = await fetch(`${env.baseUrl}${TAGS}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': encoding },
    body,
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as { code?: string; request_id?: string } };
}

/** Issue 19, finding 3: a body that claims a compression it does not have answered 500 (zlib's 400 was ignored). */
describe('Content-Encoding of a request body', () => {
  it.each(['deflate', 'br', 'gzip'])('%s on a body that is not compressed is 400 invalid_body, a problem document', async (encoding) => {
    const { member } = await env.world();
    const answer = await post(member.key, JSON.stringify({ name: `Plain ${encoding}` }), encoding);
    expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_body', request_id: expect.any(String) } });
    expect(answer.type).toMatch(/^application\/problem\+json/);
  });

  it('takes a body that is compressed as it says', async () => {
    const { member } = await env.world();
    const json = (name: string) => Buffer.from(JSON.stringify({ name }));
    expect((await post(member.key, deflateSync(json('Deflated')), 'deflate')).status).toBe(201);
    expect((await post(member.key, brotliCompressSync(json('Brotli')), 'br')).status).toBe(201);
    expect((await post(member.key, gzipSync(json('Gzipped')), 'gzip')).status).toBe(201);
  });

  it('refuses an encoding it does not know with 415 unsupported_media_type', async () => {
    const { member } = await env.world();
    expect(await post(member.key, JSON.stringify({ name: 'Packed' }), 'compress')).toMatchObject({ status: 415, body: { code: 'unsupported_media_type' } });
  });
});

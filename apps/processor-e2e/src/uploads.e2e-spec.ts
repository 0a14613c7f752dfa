import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKSPACE_ROOT } from '@cs/testing';
import { useProcessingStack } from './support/processing-stack';

const stack = useProcessingStack();
const fixture = (name: string) => new Uint8Array(readFileSync(join(WORKSPACE_ROOT, 'libs', 'processing', 'fixtures', name)));

describe('uploaded files (multipart) through the api and the processor', () => {
  beforeAll(async () => {
    await stack.startProcessor();
  });

  it('extracts the plain text of PDF, DOCX and PPTX uploads; a file that cannot be read keeps content null and the conversation still becomes ready', async () => {
    const { client } = await stack.writer();
    const created = await client.createConversation({ title: 'Review pack', sources: [{ type: 'text', content: 'Pack for the quarterly review.' }] });
    for (const name of ['platform-review.pdf', 'product-roadmap.docx', 'quarterly-review.pptx', 'corrupt.pdf']) {
      const answer = await client.uploadSource(created.id, { name, bytes: fixture(name) });
      expect(answer.status).toBe('pending');
    }
    const done = await stack.settled(client, created.id);
    expect(done.status).toBe('ready');
    const files = done.sources.filter((s) => s.type === 'file');
    expect(files.map((s) => s.title)).toEqual(['platform-review.pdf', 'product-roadmap.docx', 'quarterly-review.pptx', 'corrupt.pdf']);
    expect(files[0]!.content).toContain('The platform team reviewed the ingestion pipeline.');
    expect(files[1]!.content).toContain('This document lists the milestones agreed for the next two quarters.');
    expect(files[2]!.content).toContain('Quarterly business review');
    expect(files[3]!.content).toBeNull();
    for (const file of files) expect(file).toMatchObject({ duration_seconds: null, language: null, participants: [], attendees: [], meeting_url: null });
  });

  it('refuses a 0-byte file, a .pdf that is not a PDF and an unsupported type, storing nothing', async () => {
    const { client } = await stack.writer();
    const created = await client.createConversation({ sources: [{ type: 'text', content: 'Only this.' }] });
    const attempts = [
      { name: 'empty.pdf', status: 400, code: 'invalid_parameter' },
      { name: 'image-named.pdf', status: 400, code: 'invalid_parameter' },
      { name: 'text-named.pdf', status: 400, code: 'invalid_parameter' },
    ];
    for (const { name, status, code } of attempts) {
      const form = new FormData();
      form.append('file', new Blob([fixture(name)]), name);
      const answer = await client.request<{ code: string; invalid_params: Array<{ name: string }> }>('POST', '/api/v1/conversations/{id}/sources', {
        pathParams: { id: created.id },
        form,
      });
      expect({ name, status: answer.status, code: answer.body.code, param: answer.body.invalid_params?.[0]?.name }).toEqual({ name, status, code, param: 'file' });
    }
    const exe = new FormData();
    exe.append('file', new Blob([new TextEncoder().encode('MZ not really')]), 'tool.exe');
    const refused = await client.request<{ code: string }>('POST', '/api/v1/conversations/{id}/sources', { pathParams: { id: created.id }, form: exe });
    expect([refused.status, refused.body.code]).toEqual([415, 'unsupported_media_type']);
    const missing = new FormData();
    missing.append('title', 'no file here');
    const noFile = await client.request<{ code: string }>('POST', '/api/v1/conversations/{id}/sources', { pathParams: { id: created.id }, form: missing });
    expect([noFile.status, noFile.body.code]).toEqual([400, 'invalid_parameter']);

    const [{ count }] = await stack.db.dataSource.query(`SELECT count(*)::int AS count FROM sources WHERE conversation_id = $1`, [created.id]);
    expect(count).toBe(1);
  });
});

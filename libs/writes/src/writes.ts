import type { Bot, Principal } from '@cs/domain';
import { CreateBotRequestSchema, RecorderEventSchema } from './bots/bot-input.schema';
import { applyRecorderEvent, cancelBot, createBot, getBot, type RecorderEventOutcome } from './bots/bot.commands';
import type { DataSource } from 'typeorm';
import { CreateConversationRequestSchema, SourceInputSchema, UpdateConversationRequestSchema } from './conversations/conversation-input.schema';
import {
  addSources,
  applyTag,
  createConversation,
  deleteConversation,
  removeTag,
  updateConversation,
} from './conversations/conversation.commands';
import type { UploadInput } from './conversations/insert-sources';
import type { WriteContext } from './write-context';
import { createFolder, deleteFolder, updateFolder } from './folders/folder.commands';
import { CreateFolderRequestSchema, UpdateFolderRequestSchema } from './folders/folder-input.schema';
import { idempotent, validIdempotencyKey, type WriteResponse } from './idempotency/idempotency';
import { createTag, deleteTag, updateTag } from './tags/tag.commands';
import { CreateTagRequestSchema, UpdateTagRequestSchema } from './tags/tag-input.schema';
import { inTransaction, type Tx } from './tx';
import { parseBody } from './validation/parse-body';

/** Who writes, and the request's own facts that are not its body. */
export interface WriteRequest {
  principal: Principal;
  requestId: string | null;
  /** Idempotency-Key header (POST only). */
  idempotencyKey?: string;
  /** Method and path, so one key cannot replay the answer of another endpoint. */
  method: string;
  path: string;
}

export type WriteResult = WriteResponse & { replayed: boolean };

/**
 * The write side of the REST API. Each method validates its body, then runs the change, its outbox rows and
 * (for POST) its idempotency record in one transaction, and answers with the resource as it is afterwards.
 */
export class Writes {
  constructor(
    private readonly dataSource: DataSource,
    private readonly options: { recorderProvider: string } = { recorderProvider: 'development' },
    private readonly clock: () => Date = () => new Date(),
  ) {}

  createBot(request: WriteRequest, body: unknown): Promise<WriteResult> {
    const input = parseBody(CreateBotRequestSchema, body);
    return this.post(request, body, (tx, ctx) => createBot(tx, ctx, input, this.options.recorderProvider));
  }

  getBot(principal: Principal, id: string): Promise<Bot> {
    return getBot(this.dataSource, { principal }, id);
  }

  /** DELETE /bots/{id}: cancels a bot that has not joined yet (bot.commands cancelBot). */
  cancelBot(request: WriteRequest, id: string): Promise<WriteResult> {
    return this.write(request, 200, (tx, ctx) => cancelBot(tx, ctx, id));
  }

  /** A recorder's signed report (the signature is checked by the caller). */
  applyRecorderEvent(body: unknown, requestId: string | null): Promise<RecorderEventOutcome> {
    const event = parseBody(RecorderEventSchema, body);
    const now = this.clock();
    return inTransaction(this.dataSource, (tx) => applyRecorderEvent(tx, event, requestId, now));
  }

  createConversation(request: WriteRequest, body: unknown): Promise<WriteResult> {
    const input = parseBody(CreateConversationRequestSchema, body);
    return this.post(request, body, (tx, ctx) => createConversation(tx, ctx, input));
  }

  addSource(request: WriteRequest, conversationId: string, body: unknown): Promise<WriteResult> {
    const input = parseBody(SourceInputSchema, body);
    return this.post(request, body, (tx, ctx) => addSources(tx, ctx, conversationId, [input]));
  }

  uploadSource(request: WriteRequest, conversationId: string, upload: UploadInput, fingerprint: unknown): Promise<WriteResult> {
    return this.post(request, fingerprint, (tx, ctx) => addSources(tx, ctx, conversationId, [upload]));
  }

  updateConversation(request: WriteRequest, id: string, body: unknown): Promise<WriteResult> {
    const input = parseBody(UpdateConversationRequestSchema, body);
    return this.write(request, 200, (tx, ctx) => updateConversation(tx, ctx, id, input));
  }

  deleteConversation(request: WriteRequest, id: string): Promise<WriteResult> {
    return this.write(request, 204, (tx, ctx) => deleteConversation(tx, ctx, id));
  }

  applyTag(request: WriteRequest, id: string, tagId: string): Promise<WriteResult> {
    return this.write(request, 200, (tx, ctx) => applyTag(tx, ctx, id, tagId));
  }

  removeTag(request: WriteRequest, id: string, tagId: string): Promise<WriteResult> {
    return this.write(request, 200, (tx, ctx) => removeTag(tx, ctx, id, tagId));
  }

  createFolder(request: WriteRequest, body: unknown): Promise<WriteResult> {
    const input = parseBody(CreateFolderRequestSchema, body);
    return this.post(request, body, (tx, ctx) => createFolder(tx, ctx, input));
  }

  updateFolder(request: WriteRequest, id: string, body: unknown): Promise<WriteResult> {
    const input = parseBody(UpdateFolderRequestSchema, body);
    return this.write(request, 200, (tx, ctx) => updateFolder(tx, ctx, id, input));
  }

  deleteFolder(request: WriteRequest, id: string): Promise<WriteResult> {
    return this.write(request, 204, (tx, ctx) => deleteFolder(tx, ctx, id));
  }

  createTag(request: WriteRequest, body: unknown): Promise<WriteResult> {
    const input = parseBody(CreateTagRequestSchema, body);
    return this.post(request, body, (tx, ctx) => createTag(tx, ctx, input));
  }

  updateTag(request: WriteRequest, id: string, body: unknown): Promise<WriteResult> {
    const input = parseBody(UpdateTagRequestSchema, body);
    return this.write(request, 200, (tx, ctx) => updateTag(tx, ctx, id, input));
  }

  deleteTag(request: WriteRequest, id: string): Promise<WriteResult> {
    return this.write(request, 204, (tx, ctx) => deleteTag(tx, ctx, id));
  }

  /** A creating POST: 201, at most once per Idempotency-Key. */
  private post(request: WriteRequest, fingerprint: unknown, command: (tx: Tx, ctx: WriteContext) => Promise<unknown>): Promise<WriteResult> {
    const key = validIdempotencyKey(request.idempotencyKey);
    const ctx = this.context(request);
    return inTransaction(this.dataSource, (tx) =>
      idempotent(tx, request.principal, { key, method: request.method, path: request.path, fingerprint }, ctx.now, async () => ({
        status: 201,
        body: await command(tx, ctx),
      })),
    );
  }

  private async write(request: WriteRequest, status: number, command: (tx: Tx, ctx: WriteContext) => Promise<unknown>): Promise<WriteResult> {
    const ctx = this.context(request);
    const body = await inTransaction(this.dataSource, (tx) => command(tx, ctx));
    return { status, body: status === 204 ? undefined : body, replayed: false };
  }

  private context(request: WriteRequest): WriteContext {
    return { principal: request.principal, requestId: request.requestId, now: this.clock() };
  }
}

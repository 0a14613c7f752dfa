import type { Conversation } from '@cs/domain';
import { z } from 'zod/v4';
import { ConversationSchema } from '../resources/read-resources.schema';
import { ANSWER_MAX_CHARACTERS } from './answer-budget';
import { boundedAnswer, type OmittedContent, OmittedContentSchema, READ_CONTENT_TOOL } from './omitted-content';

/**
 * get-conversation's answer and a conversation:// resource: GET /conversations/{id} plus what was left out to stay
 * within ANSWER_MAX_CHARACTERS (empty when nothing was).
 */
export const BoundedConversationSchema = ConversationSchema.extend({
  omitted: z.array(OmittedContentSchema).meta({
    description:
      `Source content left out so the answer stays within ${ANSWER_MAX_CHARACTERS} characters of JSON, one entry per cut source; ` +
      `empty when every source is complete. The content given for a cut source ends where its entry's offset starts; ` +
      `${READ_CONTENT_TOOL} with the entry's read_with arguments returns the rest.`,
  }),
}).meta({ description: 'A conversation with its summary and its sources, their content complete or cut where `omitted` says.' });

export type BoundedConversation = Conversation & { omitted: OmittedContent[] };

export const boundConversation = (conversation: Conversation): BoundedConversation =>
  boundedAnswer(conversation, (shown, omitted) => ({ ...shown, omitted }));

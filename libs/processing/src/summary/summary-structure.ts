import { z } from 'zod/v4';

/**
 * The shape of a summary, written once: the built-in summarizer fills it, the LLM summarizer is asked for it as a
 * JSON-schema response format (summaryStructureJsonSchema) and checked against it, and renderSummaryMarkdown turns
 * it into the stored Markdown (spec "Summary": a short overview, topical sections, key principles, as bullets).
 */
export const SUMMARY_LIMITS = {
  overviewChars: 600,
  sections: 8,
  headingChars: 60,
  bulletsPerSection: 6,
  bulletChars: 400,
  principles: 5,
  decisions: 8,
  actionItems: 12,
  digestChars: 80,
} as const;

const bullet = z.string().trim().min(1).max(SUMMARY_LIMITS.bulletChars);

export const actionItemSchema = z.object({
  text: bullet.describe('what is to be done, as said'),
  owner: z.string().trim().min(1).max(200).nullable().describe("the participant's name who is to do it, or null when nobody was named"),
  due: z.string().trim().min(1).max(100).nullable().describe('the due phrase as said ("by Friday"), or null'),
});

export const summaryStructureSchema = z.object({
  digest: z.string().trim().min(1).max(SUMMARY_LIMITS.digestChars).describe('a complete headline of at most 80 characters, in the language of the conversation'),
  overview: z.string().trim().min(1).max(SUMMARY_LIMITS.overviewChars).describe('two or three sentences on what the conversation was about'),
  sections: z
    .array(
      z.object({
        heading: z.string().trim().min(1).max(SUMMARY_LIMITS.headingChars).describe('a short phrase a person would write, not a keyword list'),
        bullets: z.array(bullet.describe('a key point; start with "Name: " when who said it matters')).min(1).max(SUMMARY_LIMITS.bulletsPerSection),
      }),
    )
    .max(SUMMARY_LIMITS.sections)
    .describe("one section per topic, in the conversation's order"),
  key_principles: z.array(bullet).max(SUMMARY_LIMITS.principles).describe('rules or principles the participants stated'),
  decisions: z.array(bullet).max(SUMMARY_LIMITS.decisions).describe('what was decided'),
  action_items: z.array(actionItemSchema).max(SUMMARY_LIMITS.actionItems).describe('what someone is to do'),
});

export type SummaryStructure = z.infer<typeof summaryStructureSchema>;
export type ActionItemText = z.infer<typeof actionItemSchema>;

/**
 * The JSON Schema of the structure (draft 2020-12), for a model's structured-output response format. Every property is
 * required and no other is allowed, as OpenAI's strict mode demands. Length and count limits are left out because strict
 * mode supports only a subset of JSON Schema that varies by server; the answer is checked against the full zod schema.
 */
export function summaryStructureJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(summaryStructureSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
  return withoutLimits(schema) as Record<string, unknown>;
}

const LIMIT_KEYWORDS = new Set(['minLength', 'maxLength', 'minItems', 'maxItems']);

function withoutLimits(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutLimits);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !LIMIT_KEYWORDS.has(key)).map(([key, inner]) => [key, withoutLimits(inner)]));
}

/** The headings of the fixed sections, in English as the rest of the product's interface. */
export const FIXED_HEADINGS = { decisions: 'Decisions', actionItems: 'Action items', principles: 'Key principles' } as const;

/** An action item as a bullet: "Tom: write the migration plan (by Friday)". */
export function actionItemLine(item: ActionItemText): string {
  const owner = item.owner ? `${item.owner}: ` : '';
  const due = item.due && !item.text.toLowerCase().includes(item.due.toLowerCase()) ? ` (${item.due})` : '';
  return `${owner}${item.text}${due}`;
}

/**
 * The stored Markdown: the overview paragraph, then a `## ` section per topic, then Decisions, Action items and
 * Key principles when there are any, each of `- ` bullets.
 */
export function renderSummaryMarkdown(structure: Omit<SummaryStructure, 'digest'>): string {
  const block = (heading: string, bullets: readonly string[]) => `## ${heading}\n${bullets.map((b) => `- ${oneLine(b)}`).join('\n')}`;
  const parts = [oneLine(structure.overview)];
  for (const section of structure.sections) parts.push(block(oneLine(section.heading), section.bullets));
  if (structure.decisions.length > 0) parts.push(block(FIXED_HEADINGS.decisions, structure.decisions));
  if (structure.action_items.length > 0) parts.push(block(FIXED_HEADINGS.actionItems, structure.action_items.map(actionItemLine)));
  if (structure.key_principles.length > 0) parts.push(block(FIXED_HEADINGS.principles, structure.key_principles));
  return parts.join('\n\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

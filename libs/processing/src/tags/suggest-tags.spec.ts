import { sampleMeetingContent } from '../test-support/sample-meeting';
import { suggestTags, type TagCandidate } from './suggest-tags';

const tag = (id: string, name: string, description: string | null = null): TagCandidate => ({ id, name, description });

describe('suggestTags', () => {
  const meeting = sampleMeetingContent();
  const workspaceTags = [
    tag('tag_pricing', 'Pricing', 'Prices, plans, discounts and billing'),
    tag('tag_hiring', 'Hiring', 'Recruiting, interviews and candidates'),
    tag('tag_mobile', 'Mobile app'),
    tag('tag_legal', 'Legal', 'Contracts, compliance and lawyers'),
    tag('tag_infra', 'Infrastructure', 'Servers, databases and cloud costs'),
  ];

  it('suggests the tags whose names the conversation talks about, best first', () => {
    expect(suggestTags(meeting, workspaceTags)).toEqual(['tag_pricing', 'tag_hiring', 'tag_mobile']);
  });

  it('suggests nothing unrelated', () => {
    const result = suggestTags(meeting, workspaceTags, { max: 10 });
    expect(result).not.toContain('tag_legal');
    expect(result).not.toContain('tag_infra');
  });

  it('honours max, and is deterministic', () => {
    expect(suggestTags(meeting, workspaceTags, { max: 1 })).toEqual(['tag_pricing']);
    expect(suggestTags(meeting, [...workspaceTags].reverse())).toEqual(suggestTags(meeting, workspaceTags));
    expect(suggestTags(meeting, workspaceTags, { max: 0 })).toEqual([]);
  });

  it('matches a multi-word name as a whole phrase, ignoring case, accents and plurals', () => {
    const text = 'The Customer Successes team met. Customer success owns renewals. Our customers had success with the café menu.';
    expect(suggestTags(text, [tag('a', 'customer success'), tag('b', 'Cafe'), tag('c', 'success story')], { max: 5 })).toEqual(['a', 'b']);
  });

  it('fits a tag by its description when the name is never said', () => {
    const text = 'We reviewed the contract with the lawyers and the compliance checklist for the audit.';
    expect(suggestTags(text, [tag('tag_legal', 'Legal', 'Contracts, compliance and lawyers'), tag('tag_x', 'Marketing', 'Campaigns and brand')])).toEqual(['tag_legal']);
  });

  it('needs more than one description term, and more mentions in long texts', () => {
    expect(suggestTags('The contract was signed.', [tag('tag_legal', 'Legal', 'Contracts, compliance and lawyers')])).toEqual([]);
    const long = `${'We talked about many unrelated things at length today. '.repeat(900)} Pricing came up once.`;
    expect(suggestTags(long, [tag('tag_pricing', 'Pricing')])).toEqual([]);
    expect(suggestTags('Pricing came up once.', [tag('tag_pricing', 'Pricing')])).toEqual(['tag_pricing']);
  });

  it('breaks equal scores by name, then id', () => {
    expect(suggestTags('alpha beta', [tag('2', 'beta'), tag('1', 'alpha'), tag('0', 'alpha')], { max: 3 })).toEqual(['0', '1', '2']);
  });

  it('returns nothing for empty text or no candidates', () => {
    expect(suggestTags('', workspaceTags)).toEqual([]);
    expect(suggestTags(meeting, [])).toEqual([]);
  });
});

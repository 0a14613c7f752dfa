import { RANKED_CONVERSATIONS, type RankedAnswer } from './relevance-metrics';

interface SearchPage {
  data: Array<{ conversation: { id: string }; matches: Array<{ start_seconds: number | null }> }>;
}

/** The service as a client sees it: GET /api/v1/search on the running api, first page of RANKED_CONVERSATIONS hits. */
export class ServiceRetrieval {
  constructor(
    private readonly apiUrl: string,
    private readonly apiKey: string,
  ) {}

  async search(text: string): Promise<RankedAnswer> {
    const url = new URL('/api/v1/search', this.apiUrl);
    url.searchParams.set('q', text);
    url.searchParams.set('limit', String(RANKED_CONVERSATIONS));
    const response = await fetch(url, { headers: { authorization: `Bearer ${this.apiKey}` } });
    const body = await response.text();
    // A query the api rejects (a documented limit, answered with a problem document) is one it does not answer.
    if (response.status === 400) return { conversations: [], refused: (JSON.parse(body) as { detail?: string }).detail ?? body.slice(0, 200) };
    if (response.status !== 200) throw new Error(`GET ${url.pathname}${url.search} answered ${response.status}: ${body.slice(0, 500)}`);
    const page = JSON.parse(body) as SearchPage;
    return { conversations: page.data.map((hit) => ({ id: hit.conversation.id, matchStarts: hit.matches.map((m) => m.start_seconds) })) };
  }
}

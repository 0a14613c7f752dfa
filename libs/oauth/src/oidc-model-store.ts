import type { Pool } from 'pg';

/** What the store reads of a model's payload: the grant it belongs to and its interaction uid. */
export interface StoredModel {
  grantId?: string | undefined;
  uid?: string | undefined;
}

/** A stored model with its consumption time (epoch seconds), as oidc-provider expects it. */
export type FoundModel<P> = P & { consumed?: number };

/** A refresh token read together with its grant; see `findRefreshToken`. */
export interface RefreshTokenLookup<P> {
  token: FoundModel<P> | undefined;
  grant: P | undefined;
  /** False when the client the request authenticated was deleted, or the secret it used rotated out meanwhile. */
  clientCurrent: boolean;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

/**
 * Reads a refresh token and, in the same statement, the grant it belongs to and whether the client this request
 * authenticated still exists with the secret it authenticated with. The refresh grant looks the grant up right
 * after the token, and one snapshot of both is no less consistent than two reads. Always one row.
 */
const FIND_REFRESH_TOKEN = `
  SELECT m.payload, m.consumed_at, g.payload AS grant_payload,
         ($3::text IS NULL OR EXISTS (SELECT 1 FROM oauth_clients c WHERE c.id = $3
           AND (c.secret_digest = $4 OR (c.previous_secret_digest = $4 AND c.previous_secret_expires_at > now())))) AS client_current
  FROM (VALUES (1)) AS one (x)
  LEFT JOIN oidc_models m ON m.model = $1 AND m.id = $2 AND (m.expires_at IS NULL OR m.expires_at > now())
  LEFT JOIN oidc_models g ON g.model = 'Grant' AND g.id = m.grant_id AND (g.expires_at IS NULL OR g.expires_at > now())`;

const withConsumed = <P>(payload: P, consumedAt: Date | null): FoundModel<P> =>
  consumedAt ? { ...payload, consumed: Math.floor(consumedAt.getTime() / 1000) } : (payload as FoundModel<P>);

/**
 * The long-lived oidc-provider models (grants, refresh tokens, sessions) in Postgres's oidc_models, one row per
 * model name and id. The token endpoint's statements are named, so Postgres plans each once per connection.
 */
export class OidcModelStore<P extends StoredModel> {
  constructor(private readonly pool: Pool) {}

  /** Stores a model; expiresIn 0 (or less) means it never expires. */
  async upsert(model: string, id: string, payload: P, expiresIn: number): Promise<void> {
    await this.pool.query({
      name: 'oidc-upsert',
      text: `INSERT INTO oidc_models (model, id, payload, grant_id, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int > 0 THEN now() + make_interval(secs => $6::int) END)
       ON CONFLICT (model, id) DO UPDATE
         SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
      values: [model, id, JSON.stringify(payload), payload.grantId ?? null, payload.uid ?? null, expiresIn ?? 0],
    });
  }

  async find(model: string, id: string): Promise<FoundModel<P> | undefined> {
    const { rows } = await this.pool.query<{ payload: P; consumed_at: Date | null }>({
      name: 'oidc-find',
      text: `SELECT payload, consumed_at FROM oidc_models WHERE model = $1 AND id = $2 AND ${LIVE}`,
      values: [model, id],
    });
    return rows[0] ? withConsumed(rows[0].payload, rows[0].consumed_at) : undefined;
  }

  /** A refresh token, its grant, and whether `client` (the one the request authenticated, if any) is still current. */
  async findRefreshToken(model: string, id: string, client: { clientId: string; secretDigest: string } | undefined): Promise<RefreshTokenLookup<P>> {
    const { rows } = await this.pool.query<{ payload: P | null; consumed_at: Date | null; grant_payload: P | null; client_current: boolean }>({
      name: 'oidc-find-refresh-token',
      text: FIND_REFRESH_TOKEN,
      values: [model, id, client?.clientId ?? null, client?.secretDigest ?? null],
    });
    const row = rows[0];
    return {
      token: row?.payload ? withConsumed(row.payload, row.consumed_at) : undefined,
      grant: row?.grant_payload ?? undefined,
      clientCurrent: row?.client_current ?? false,
    };
  }

  /** The id of the live model with this interaction uid. */
  async idByUid(model: string, uid: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ id: string }>(`SELECT id FROM oidc_models WHERE model = $1 AND uid = $2 AND ${LIVE}`, [model, uid]);
    return rows[0]?.id;
  }

  /**
   * Marks a code or refresh token used; false when it already was. Atomic, so of two parallel exchanges of the
   * same token exactly one wins: oidc-provider alone does not guarantee that.
   */
  async consume(model: string, id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query({
      name: 'oidc-consume',
      text: 'UPDATE oidc_models SET consumed_at = now() WHERE model = $1 AND id = $2 AND consumed_at IS NULL',
      values: [model, id],
    });
    return (rowCount ?? 0) > 0;
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.pool.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [model, id]);
  }

  async revokeByGrantId(model: string, grantId: string): Promise<void> {
    await this.pool.query('DELETE FROM oidc_models WHERE model = $1 AND grant_id = $2', [model, grantId]);
  }
}

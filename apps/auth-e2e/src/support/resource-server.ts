/** One answer of the REST API, as a client sees it. */
export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  wwwAuthenticate: string | null;
}

/** GET on the REST API with a bearer token: the way a third-party app uses its access token. */
export async function getWithToken(apiUrl: string, path: string, token: string): Promise<ApiAnswer> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: response.status, body, wwwAuthenticate: response.headers.get('www-authenticate') };
}

import { Client } from 'pg';
import { databaseUrl } from './rest-read/dataset';

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops (connections forced out) and creates a benchmark's own database on the server of `serverUrl`; returns
 * its URL. A fresh database each run: rows a previous run left would only make the figures differ.
 */
export async function recreateDatabase(serverUrl: string, database: string): Promise<string> {
  const maintenance = new Client({ connectionString: databaseUrl(serverUrl, 'postgres'), application_name: 'bench' });
  await maintenance.connect();
  try {
    await maintenance.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await maintenance.query(`CREATE DATABASE ${quoteIdent(database)}`);
  } finally {
    await maintenance.end();
  }
  return databaseUrl(serverUrl, database);
}

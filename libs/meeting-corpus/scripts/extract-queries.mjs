#!/usr/bin/env node
// Makes data/qmsum-queries-<split>.jsonl.gz from a folder of QMSum meeting files (one JSON file a meeting, as the
// QMSum release lays out a split): each meeting's specific_query_list, the question and its answering turn spans
// only (the human answers are not needed by anything here). Run once per split:
//   node libs/meeting-corpus/scripts/extract-queries.mjs <folder of the split's QMSum JSON files> <train|val>
// Lines follow the meetings' file-name order, as qmsum-<split>.jsonl.gz does; spans become integer pairs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [folder, split] = process.argv.slice(2);
if (!folder || (split !== 'train' && split !== 'val')) {
  process.stderr.write('usage: extract-queries.mjs <folder of QMSum meeting JSON files> <train|val>\n');
  process.exit(1);
}

const span = (pair) => {
  const [first, last] = pair.map((n) => Number.parseInt(n, 10));
  if (!Number.isInteger(first) || !Number.isInteger(last) || first > last) throw new Error(`bad span ${JSON.stringify(pair)}`);
  return [first, last];
};

const lines = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => {
    const meeting = JSON.parse(readFileSync(join(folder, name), 'utf8'));
    const queries = meeting.specific_query_list.map((q) => ({ query: q.query.trim(), spans: q.relevant_text_span.map(span) }));
    return JSON.stringify({ id: basename(name, '.json'), queries });
  });
const out = join(import.meta.dirname, '..', 'data', `qmsum-queries-${split}.jsonl.gz`);
// mtime 0 in the gzip header: the same input makes the same bytes.
writeFileSync(out, gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
process.stderr.write(`${out}: ${lines.length} meetings\n`);

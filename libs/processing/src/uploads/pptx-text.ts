import { XMLParser } from 'fast-xml-parser';
import { unzipSync } from 'fflate';
import { posix } from 'node:path';
import { UNZIPPED_MAX_BYTES } from './upload-limits';

/** A node of fast-xml-parser's `preserveOrder` output: one element name to its children, attributes under ':@'. */
type OrderedNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Text runs keep their spaces ("Hello " + "world"); numbers stay strings.
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
});

/**
 * The text of a PPTX deck, slide by slide in presentation order (the order of `p:sldIdLst` in
 * `ppt/presentation.xml`, resolved through its relationships, not the part names: slide3.xml may come
 * first). Each paragraph (`a:p`) is a line, slides are separated by a blank line; tables, grouped shapes and
 * placeholders are included since their text lives in the same `a:t` runs. Speaker notes are not included:
 * they are the presenter's, not the deck's. Throws on a damaged archive (the caller turns that into null).
 */
export function pptxText(bytes: Uint8Array): string {
  let inflated = 0;
  const files = unzipSync(bytes, {
    filter: (file) => {
      const wanted = file.name === 'ppt/presentation.xml' || file.name === 'ppt/_rels/presentation.xml.rels' || /^ppt\/slides\/slide\d+\.xml$/.test(file.name);
      if (!wanted) return false;
      inflated += file.originalSize;
      if (inflated > UNZIPPED_MAX_BYTES) throw new Error('the archive inflates beyond the limit');
      return true;
    },
  });
  const read = (name: string): OrderedNode[] => {
    const part = files[name];
    if (!part) throw new Error(`missing part ${name}`);
    return parser.parse(Buffer.from(part).toString('utf8')) as OrderedNode[];
  };

  const targets = new Map<string, string>();
  for (const rel of elements(read('ppt/_rels/presentation.xml.rels'), 'Relationship')) {
    const { Id: id, Target: target } = attributes(rel);
    if (id && target) targets.set(id, posix.normalize(posix.join('ppt', target)));
  }
  const slideParts = elements(read('ppt/presentation.xml'), 'p:sldId')
    .map((slideId) => targets.get(attributes(slideId)['r:id'] ?? ''))
    .filter((part): part is string => part !== undefined && files[part] !== undefined);

  return slideParts
    .map((part) => slideText(read(part)))
    .filter((text) => text !== '')
    .join('\n\n');
}

function slideText(nodes: OrderedNode[]): string {
  const paragraphs: string[] = [];
  for (const paragraph of elements(nodes, 'a:p')) {
    const text = elements(children(paragraph, 'a:p'), 'a:t')
      .map((run) => textOf(children(run, 'a:t')))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (text !== '') paragraphs.push(text);
  }
  return paragraphs.join('\n');
}

/** Every element named `name` below `nodes`, in document order, not descending into matches. */
function elements(nodes: OrderedNode[], name: string): OrderedNode[] {
  const found: OrderedNode[] = [];
  const visit = (list: OrderedNode[]) => {
    for (const node of list) {
      const key = elementName(node);
      if (key === undefined) continue;
      if (key === name) found.push(node);
      else visit(children(node, key));
    }
  };
  visit(nodes);
  return found;
}

function elementName(node: OrderedNode): string | undefined {
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text');
}

function children(node: OrderedNode, name: string): OrderedNode[] {
  const value = node[name];
  return Array.isArray(value) ? (value as OrderedNode[]) : [];
}

function attributes(node: OrderedNode): Record<string, string | undefined> {
  const value = node[':@'];
  return typeof value === 'object' && value !== null ? (value as Record<string, string | undefined>) : {};
}

function textOf(nodes: OrderedNode[]): string {
  return nodes.map((node) => (typeof node['#text'] === 'string' ? node['#text'] : '')).join('');
}

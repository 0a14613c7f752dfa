/**
 * Plain text of a markdown document (spec "Source": content is a plain-text rendering): markup goes, words and
 * line structure stay. Headings and list items keep their text on their own lines; links keep their text;
 * images keep their alt text; code keeps its content; HTML tags are dropped.
 */
export function markdownToText(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  let inFence = false;
  for (const raw of lines) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      out.push(raw);
      continue;
    }
    // Setext underlines and thematic breaks carry no words.
    if (/^\s*(=+|-{3,}|\*{3,}|_{3,})\s*$/.test(raw)) continue;
    // Table separator rows (| --- | :---: |) likewise.
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(raw)) continue;
    let line = raw
      .replace(/^\s{0,3}#{1,6}\s+/, '')
      .replace(/\s+#+\s*$/, '')
      .replace(/^\s*>\s?/, '')
      .replace(/^(\s*)([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '$1');
    line = line
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<\/?[A-Za-z][^>]*>/g, '')
      .replace(/`([^`]+)`/g, '$1')
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(\*|_)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
      .replace(/^\s*\|(.*)\|\s*$/, (_, cells: string) => cells.split('|').map((c) => c.trim()).join('\t'))
      .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1');
    out.push(line.trimEnd());
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}
